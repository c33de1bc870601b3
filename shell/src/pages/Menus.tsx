import { api, Auth, usePermission, type ApiSchemas } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions } from '@console/sdk/ui';
import { App, Button, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';

type MenuRow = ApiSchemas['MenuRow'] & { children?: MenuRow[] };

function nest(rows: MenuRow[], parent = 0): MenuRow[] {
  return rows
    .filter((m) => m.parentMenuId === parent && m.menuId !== parent)
    .map((m) => {
      const children = nest(rows, m.menuId);
      return children.length ? { ...m, children } : m;
    });
}

export default function Menus() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<MenuRow> | null>(null);
  const done = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  const builtIn = (row: MenuRow) => row.source !== 'custom';
  return (
    <PageCard title={t('menus.title')}>
      <ListPage<MenuRow>
        handle={list}
        rowKey="menuId"
        pagination={false}
        load={async () => {
          const rows = await api.post<MenuRow[]>('/authority-service/menu/list');
          return { list: nest(rows), total: rows.length, page: 1, pageSize: rows.length };
        }}
        toolbar={
          <Auth action="menu:add">
            <Button type="primary" onClick={() => setEditing({ menuType: 'page', scope: 'tenant', parentMenuId: 0, sortWeight: 0 })}>
              {t('menus.add')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('common.name'), render: (_, row) => t(`menu.${row.menuId}`, { defaultValue: row.name }) },
          { title: t('menus.menuId'), dataIndex: 'menuId' },
          { title: t('menus.menuType'), dataIndex: 'menuType', render: (v: string) => t(`menus.${v}`) },
          { title: t('menus.routePath'), dataIndex: 'routePath' },
          { title: t('menus.scope'), dataIndex: 'scope', render: (v: string) => <Tag color={v === 'platform' ? 'purple' : 'blue'}>{t(`menus.${v}`)}</Tag> },
          { title: t('menus.sortWeight'), dataIndex: 'sortWeight' },
          { title: t('menus.source'), dataIndex: 'source', render: (v: string) => <Tag>{v}</Tag> },
          {
            title: t('common.actions'),
            render: (_, row) =>
              builtIn(row) ? null : (
                <RowActions
                  onEdit={may('menu:edit') ? () => setEditing(row) : undefined}
                  remove={may('menu:delete') ? { name: row.name, confirm: (typed) => api.post('/authority-service/menu/delete', { id: row.id, confirmName: typed }).then(done) } : undefined}
                />
              ),
          },
        ]}
      />
      <ModalForm<MenuRow>
        open={editing !== null}
        title={editing?.id ? t('common.edit') : t('menus.add')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) => api.post(editing?.id ? '/authority-service/menu/update' : '/authority-service/menu/add', { ...values, id: editing?.id }, { quiet: true }).then(done)}
      >
        <Form.Item name="menuId" label={t('menus.menuId')} rules={[{ required: true }]}>
          <InputNumber min={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="menuType" label={t('menus.menuType')} rules={[{ required: true }]}>
          <Select options={['group', 'page', 'link'].map((v) => ({ value: v, label: t(`menus.${v}`) }))} />
        </Form.Item>
        <Form.Item name="routePath" label={t('menus.routePath')} rules={[{ required: true }]}>
          <Input />
        </Form.Item>
        <Form.Item name="icon" label={t('menus.icon')} rules={[{ required: true }]}>
          <Input placeholder="AppstoreOutlined" />
        </Form.Item>
        <Form.Item name="parentMenuId" label={t('menus.parentMenuId')} rules={[{ required: true }]}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="sortWeight" label={t('menus.sortWeight')} rules={[{ required: true }]}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="scope" label={t('menus.scope')} rules={[{ required: true }]}>
          <Select options={['tenant', 'platform'].map((v) => ({ value: v, label: t(`menus.${v}`) }))} />
        </Form.Item>
        <Form.Item name="hidden" label="hidden" valuePropName="checked">
          <Switch />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}
