import { api, Auth, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm } from '@console/sdk/ui';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useRef, useState } from 'react';

/** A list with an "add" form: the shape of the SMS, push and alarm/task tabs. */
export function ListWithForm<T extends object>({ path, columns, addLabel, addAction, form, testId, transform, rowKey = 'id' as keyof T & string, search, query }: {
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
}) {
  const list = useRef<ListHandle>(null);
  const [open, setOpen] = useState(false);
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
        columns={columns}
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
