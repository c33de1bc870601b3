import { api, Auth, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions } from '@console/sdk/ui';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useRef, useState } from 'react';

/** A list with an "add" form: the shape of the SMS, push and alarm/task tabs. */
/** `remove` adds delete by retyped name (`DELETE path/{id}`), for holders of `remove.action`. */
export function ListWithForm<T extends { id: string }>({ path, columns, addLabel, addAction, form, testId, transform, rowKey = 'id' as keyof T & string, search, query, remove }: {
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
}) {
  const list = useRef<ListHandle>(null);
  const may = usePermission();
  const [open, setOpen] = useState(false);
  const all: ColumnsType<T> = remove && may(remove.action)
    ? [...columns, { key: 'remove', width: 90, render: (_, row) => <RowActions remove={{ name: remove.name(row), confirm: (typed) => api.delete(`${path}/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) }} /> }]
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
        open={open}
        title={addLabel}
        width={640}
        onClose={() => setOpen(false)}
        onSubmit={(values) => api.post(path, transform ? transform(values) : values, { quiet: true }).then(() => list.current?.reload())}
      >
        {form}
      </ModalForm>
    </>
  );
}
