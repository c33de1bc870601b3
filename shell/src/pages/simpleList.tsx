import { api, Auth, usePermission } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions } from '@console/sdk/ui';
import { App, Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';

/** A small reference list (languages, service areas): everything on one page, add/edit/delete. */
export function SimpleList<T extends { id: number }>(props: {
  title: string;
  listPath: string;
  writePath: string;
  action: string;
  addLabel: string;
  nameOf: (row: T) => string;
  columns: ColumnsType<T>;
  form: ReactNode;
  defaults: Partial<T>;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<T> | null>(null);
  const done = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  return (
    <PageCard title={props.title}>
      <ListPage<T>
        params={props.listPath}
        handle={list}
        rowKey="id"
        pagination={false}
        load={async () => {
          const rows = await api.get<T[]>(props.listPath);
          return { list: rows, total: rows.length, page: 1, pageSize: rows.length };
        }}
        toolbar={
          <Auth action={`${props.action}:add`}>
            <Button type="primary" onClick={() => setEditing(props.defaults)}>
              {props.addLabel}
            </Button>
          </Auth>
        }
        columns={[
          ...props.columns,
          {
            title: t('common.actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may(`${props.action}:edit`) ? () => setEditing(row) : undefined}
                remove={
                  may(`${props.action}:delete`) ? { name: props.nameOf(row), confirm: (typed) => api.post(`${props.writePath}/delete`, { id: row.id, confirmName: typed }).then(done) } : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<T>
        open={editing !== null}
        title={editing?.id ? t('common.edit') : props.addLabel}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) => api.post(`${props.writePath}/${editing?.id ? 'update' : 'add'}`, { ...values, id: editing?.id }, { quiet: true }).then(done)}
      >
        {props.form}
      </ModalForm>
    </PageCard>
  );
}
