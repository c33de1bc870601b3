import { api, Auth, usePermission, type Page, type ApiSchemas } from '@console/sdk';
import { ListPage, ModalForm, useDeleteByName, type ListHandle } from '@console/sdk/ui';
import { Alert, App, Button, Drawer, Form, Input, Radio, Space, Table, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';

type Role = ApiSchemas['RoleRow'];
type MenuRow = ApiSchemas['MenuRow'];
type ButtonRow = ApiSchemas['ButtonRow'];

/** The menu/button grant tree: menus as branches, their buttons as leaves (`b:<id>`). */
function grantTree(menus: MenuRow[], buttons: ButtonRow[], parent: number, label: (m: MenuRow) => string, forPlatform: boolean): DataNode[] {
  return menus
    .filter((m) => m.parentMenuId === parent && (forPlatform || m.scope === 'tenant'))
    .map((m) => ({
      key: `m:${m.menuId}`,
      title: label(m),
      children: [
        ...grantTree(menus, buttons, m.menuId, label, forPlatform),
        ...buttons.filter((b) => b.menuId === m.menuId).map((b) => ({ key: `b:${b.id}`, title: `${b.name} · ${b.action}`, isLeaf: true })),
      ],
    }));
}

function GrantDrawer({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [tree, setTree] = useState<DataNode[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  if (tree === null) {
    void Promise.all([
      // What this user may grant (never a platform-only list: its 403 would end the session).
      api.post<{ menus: MenuRow[]; buttons: ButtonRow[] }>('/authority-service/role/grantable'),
      api.post<{ menuIds: number[]; buttonIds: number[] }>('/authority-service/role/detail', { id: role.id }),
    ]).then(([grantable, detail]) => {
      setTree(grantTree(grantable.menus, grantable.buttons, 0, (m) => t(`menu.${m.menuId}`, { defaultValue: m.name }), role.tenantId === 0));
      setChecked([...detail.menuIds.map((id) => `m:${id}`), ...detail.buttonIds.map((id) => `b:${id}`)]);
    });
  }
  const save = async () => {
    const menuIds = checked.filter((k) => k.startsWith('m:')).map((k) => Number(k.slice(2)));
    const buttonIds = checked.filter((k) => k.startsWith('b:')).map((k) => Number(k.slice(2)));
    await api.post('/authority-service/role/grant', { id: role.id, menuIds, buttonIds });
    void message.success(t('common.saved'));
    onClose();
  };
  return (
    <Drawer
      open
      title={t('roles.grantTitle', { name: role.name })}
      size={520}
      onClose={onClose}
      extra={
        <Button type="primary" onClick={() => void save()}>
          {t('common.grant')}
        </Button>
      }
    >
      {role.roleType === 'administrator' && <Alert type="info" showIcon message={t('roles.adminAll')} style={{ marginBottom: 12 }} />}
      {tree && <Tree checkable defaultExpandAll treeData={tree} checkedKeys={checked} onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))} />}
    </Drawer>
  );
}

type BoundUser = ApiSchemas['BoundUser'];

/** The accounts that hold a role. */
function BoundUsers({ role, onClose }: { role: Role; onClose: () => void }) {
  const { t } = useTranslation();
  const [users, setUsers] = useState<BoundUser[] | null>(null);
  useEffect(() => {
    void api.post<BoundUser[]>('/authority-service/role/users', { id: role.id }).then(setUsers, () => setUsers([]));
  }, [role.id]);
  return (
    <Drawer open title={t('roles.boundUsersOf', { name: role.name })} size={480} onClose={onClose}>
      <Table<BoundUser>
        rowKey="id"
        size="small"
        loading={users === null}
        dataSource={users ?? []}
        pagination={false}
        locale={{ emptyText: t('roles.noBoundUsers') }}
        columns={[
          { title: t('accounts.userName'), dataIndex: 'username' },
          { title: t('common.name'), dataIndex: 'name' },
          { title: t('common.status'), dataIndex: 'disabled', render: (v: boolean) => (v ? <Tag>{t('common.disabled')}</Tag> : <Tag color="green">{t('common.enabled')}</Tag>) },
        ]}
      />
    </Drawer>
  );
}

export default function Roles() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Role> | null>(null);
  const [granting, setGranting] = useState<Role | null>(null);
  const [bound, setBound] = useState<Role | null>(null);
  const deleteByName = useDeleteByName();
  const done = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  return (
    <PageCard title={t('roles.title')}>
      <ListPage<Role>
        handle={list}
        rowKey="id"
        load={(q, page, pageSize) => api.post<Page<Role>>('/authority-service/role/list', { ...q, page, pageSize })}
        search={
          <Form.Item name="name" label={t('common.name')}>
            <Input allowClear />
          </Form.Item>
        }
        toolbar={
          <Auth action="role:add">
            <Button type="primary" onClick={() => setEditing({ roleType: 'ordinary' })}>
              {t('roles.add')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('roles.roleId'), dataIndex: 'id', width: 90 },
          { title: t('common.name'), dataIndex: 'name' },
          { title: t('roles.roleType'), dataIndex: 'roleType', render: (v: string) => <Tag color={v === 'administrator' ? 'gold' : 'default'}>{t(`roles.${v}`)}</Tag> },
          {
            title: t('roles.boundUsers'),
            dataIndex: 'boundUsers',
            render: (count: number, row) => (
              <a onClick={() => setBound(row)} data-testid={`bound-users-${row.name}`}>
                {count}
              </a>
            ),
          },
          { title: t('common.remark'), dataIndex: 'remark' },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <Space>
                {may('role:edit') && <a onClick={() => setEditing(row)}>{t('common.edit')}</a>}
                {may('role:grant') && <a onClick={() => setGranting(row)}>{t('common.grant')}</a>}
                {may('role:delete') && (
                  <a className="danger" onClick={() => deleteByName(row.name, (typed) => api.post('/authority-service/role/delete', { id: row.id, confirmName: typed }).then(done))}>
                    {t('common.delete')}
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<Role>
        open={editing !== null}
        title={editing?.id ? t('common.edit') : t('roles.add')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) => api.post(editing?.id ? '/authority-service/role/update' : '/authority-service/role/add', { ...values, id: editing?.id }, { quiet: true }).then(done)}
      >
        <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="roleType" label={t('roles.roleType')} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 'ordinary', label: t('roles.ordinary') },
              { value: 'administrator', label: t('roles.administrator') },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('common.remark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
      {granting && <GrantDrawer role={granting} onClose={() => setGranting(null)} />}
      {bound && <BoundUsers role={bound} onClose={() => setBound(null)} />}
    </PageCard>
  );
}
