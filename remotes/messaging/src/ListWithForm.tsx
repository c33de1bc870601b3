import { api, Auth, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions } from '@console/sdk/ui';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useRef, useState } from 'react';

/** A list with an "add" form: the shape of the SMS, push and alarm/task tabs. */
/** `edit` adds an edit form (`PUT path/{id}`, secrets left empty keep theirs) and `remove` delete
 * by retyped name (`DELETE path/{id}`), each for holders of its action. */
export function ListWithForm<T extends { id: string; version?: number }>({ path, columns, addLabel, addAction, form, testId, transform, rowKey = 'id' as keyof T & string, search, query, remove, edit }: {
  path: string;
  columns: ColumnsType<T>;
  addLabel: string;
  addAction: string;
  form: ReactNode;
  testId: string;
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  rowKey?: keyof T & string;
  search?: ReactNode;
  query?: (values: Record<string, unknown>) => Record<string, string | undefined>;
  remove?: { action: string; name: (row: T) => string };
  edit?: { action: string };
}) {
  const list = useRef<ListHandle>(null);
  const may = usePermission();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const canEdit = edit !== undefined && may(edit.action);
  const canRemove = remove !== undefined && may(remove.action);
  const all: ColumnsType<T> = canEdit || canRemove
    ? [
        ...columns,
        {
          key: 'actions',
          width: 120,
          render: (_, row) => (
            <RowActions
              onEdit={canEdit ? () => setEditing(row) : undefined}
              remove={canRemove && remove ? { name: remove.name(row), confirm: (typed) => api.delete(`${path}/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) } : undefined}
            />
          ),
        },
      ]
    : columns;
  return (
    <>
      <ListPage<T>
        handle={list}
        rowKey={rowKey}
        testId={testId}
        search={search}
        load={(q, page, pageSize) => api.get<Page<T>>(path, { ...(query ? query(q) : {}), page, pageSize })}
        toolbar={
          <Auth action={addAction}>
            <Button type="primary" onClick={() => setOpen(true)} data-testid={`${testId}-add`}>
              {addLabel}
            </Button>
          </Auth>
        }
        columns={all}
      />
      <ModalForm<Record<string, unknown>>
        open={open || editing !== null}
        title={addLabel}
        initialValues={editing ?? undefined}
        width={640}
        onClose={() => {
          setOpen(false);
          setEditing(null);
        }}
        onSubmit={(values) => {
          const body = transform ? transform(values) : values;
          const sent = editing ? api.put(`${path}/${editing.id}`, { ...body, version: editing.version }, { quiet: true }) : api.post(path, body, { quiet: true });
          return sent.then(() => list.current?.reload());
        }}
      >
        {form}
      </ModalForm>
    </>
  );
}
