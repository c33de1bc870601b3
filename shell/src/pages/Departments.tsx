import { api, Auth, usePermission, type ApiSchemas } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions } from '@console/sdk/ui';
import { App, Button, Form, Input, Select, TreeSelect } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard, treeOptions } from './common';

type Department = ApiSchemas['DepartmentRow'] & { children?: Department[] };

const toTree = (rows: Department[]) =>
  treeOptions(
    rows,
    (d) => d.name,
    (d) => d.children,
  );

export default function Departments() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [tree, setTree] = useState<Department[]>([]);
  const [editing, setEditing] = useState<Partial<Department> | null>(null);
  const done = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  return (
    <PageCard title={t('departments.title')}>
      <ListPage<Department>
        handle={list}
        rowKey="id"
        pagination={false}
        load={async () => {
          const rows = await api.post<Department[]>('/authority-service/department/tree');
          const prune = (items: Department[]): Department[] => items.map((d) => ({ ...d, children: d.children?.length ? prune(d.children) : undefined }));
          setTree(rows);
          return { list: prune(rows), total: rows.length, page: 1, pageSize: rows.length };
        }}
        toolbar={
          <Auth action="department:add">
            <Button type="primary" onClick={() => setEditing({ parentId: 0 })}>
              {t('departments.add')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('common.name'), dataIndex: 'name' },
          { title: t('common.code'), dataIndex: 'code' },
          { title: t('departments.level'), dataIndex: 'level' },
          { title: t('departments.departmentRole'), dataIndex: 'departmentRole', render: (v: string) => (v ? t(`accounts.${v}`) : '') },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('department:edit') ? () => setEditing(row) : undefined}
                remove={may('department:delete') ? { name: row.name, confirm: (typed) => api.post('/authority-service/department/delete', { id: row.id, confirmName: typed }).then(done) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<Department>
        open={editing !== null}
        title={editing?.id ? t('common.edit') : t('departments.add')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          api
            .post(
              editing?.id ? '/authority-service/department/update' : '/authority-service/department/add',
              { ...values, id: editing?.id, parentId: values.parentId ?? 0, departmentRole: values.departmentRole ?? '' },
              { quiet: true },
            )
            .then(done)
        }
      >
        <Form.Item name="code" label={t('common.code')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/ }]}>
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="parentId" label={t('departments.parent')}>
          <TreeSelect allowClear treeDefaultExpandAll placeholder={t('departments.top')} treeData={[{ value: 0, title: t('departments.top'), children: toTree(tree) }]} />
        </Form.Item>
        <Form.Item name="departmentRole" label={t('departments.departmentRole')}>
          <Select allowClear options={['development', 'test', 'operation'].map((role) => ({ value: role, label: t(`accounts.${role}`) }))} />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}
