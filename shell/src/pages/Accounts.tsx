import { api, Auth, PLATFORM_OWN, RequestError, useCurrentUser, usePermission, useTenant, type Page, type ApiSchemas } from '@console/sdk';
import { ListPage, ModalForm, useConfirm, useDeleteByName, type ListHandle } from '@console/sdk/ui';
import { App, Avatar, Button, Form, Input, Select, Space, Tag, TreeSelect } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AvatarField, PageCard, treeOptions } from './common';

type Account = ApiSchemas['AccountRow'];
type AccountForm = Account & { password?: string; confirmPassword?: string };
type Department = ApiSchemas['DepartmentRow'] & { children?: Department[] };

/** The name of department `id` in `tree`, if it is there. */
function departmentName(tree: Department[], id: number | null | undefined): string | undefined {
  for (const node of tree) {
    if (node.id === id) return node.name;
    const below = departmentName(node.children ?? [], id);
    if (below) return below;
  }
  return undefined;
}

/** The account password: 6-18 characters combining letters, numbers and special characters. */
export const PASSWORD_RULE = /^(?=.*[A-Za-z])(?=.*\d)(?=.*[!-/:-@[-`{-~])[!-~]{6,18}$/;

export function passwordRules(t: (key: string) => string) {
  return {
    password: [
      { required: true, message: t('accounts.passwordRule') },
      { pattern: PASSWORD_RULE, message: t('accounts.passwordRule') },
    ],
    confirm: [
      { required: true, message: t('accounts.mismatch') },
      ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
        validator: (_: unknown, value: unknown) => (value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('accounts.mismatch')))),
      }),
    ],
  };
}

export default function Accounts() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const confirm = useConfirm();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Account & { userName: string }> | null>(null);
  const [resetting, setResetting] = useState<Account | null>(null);
  const [roles, setRoles] = useState<{ value: number; label: string }[]>([]);
  const [departments, setDepartments] = useState<Department[]>([]);
  const deleteByName = useDeleteByName();
  const rules = passwordRules(t);
  // A platform user adds an account to an enterprise he chooses in the form; the form then
  // offers that enterprise's roles and departments, while the list keeps the header's.
  // On the page of the platform's own accounts every account is the platform's.
  const tenant = useTenant();
  const platform = useCurrentUser()?.tenantId === 0 && tenant !== PLATFORM_OWN;
  const headerTenant = Number(tenant);
  const [enterprises, setEnterprises] = useState<{ value: number; label: string }[]>([]);
  const [formTenant, setFormTenant] = useState<number | null>(null);
  const [formRoles, setFormRoles] = useState<{ value: number; label: string }[] | null>(null);
  const [formDepartments, setFormDepartments] = useState<Department[] | null>(null);
  const [accountForm] = Form.useForm<AccountForm>();
  useEffect(() => {
    api
      // The roles through the account page's own route: its users may not manage roles.
      .post<{ id: number; name: string }[]>('/authority-service/account/role-options', {}, { quiet: true })
      .then((options) => setRoles(options.map((r) => ({ value: r.id, label: r.name }))))
      // "Failed to get the role list" (an ended session
      // has already taken the user to sign-in).
      .catch((error: unknown) => {
        if (!(error instanceof RequestError && error.shown)) void message.error(t('accounts.rolesFailed'));
      });
    // The tree through the account page's own route: its users may not manage departments.
    void api.post<Department[]>('/authority-service/account/department-options', {}, { quiet: true }).then(
      (tree) => setDepartments(Array.isArray(tree) ? tree : []),
      () => setDepartments([]),
    );
  }, [message, t]);
  useEffect(() => {
    if (formTenant === null) return;
    let live = true;
    const headers = { tenantId: String(formTenant) };
    void api.post<{ id: number; name: string }[]>('/authority-service/account/role-options', {}, { quiet: true, headers }).then(
      (options) => live && setFormRoles(options.map((r) => ({ value: r.id, label: r.name }))),
      () => live && setFormRoles([]),
    );
    void api.post<Department[]>('/authority-service/account/department-options', {}, { quiet: true, headers }).then(
      (tree) => live && setFormDepartments(Array.isArray(tree) ? tree : []),
      () => live && setFormDepartments([]),
    );
    return () => {
      live = false;
    };
  }, [formTenant]);
  useEffect(() => {
    if (!platform) return;
    void api.get<{ list: { id: number; tenantName: string }[] }>('/authority-service/tenantInfo/list', { page: 1, pageSize: 100 }, { quiet: true }).then(
      (answer) => setEnterprises([{ value: 0, label: t('menus.platform') }, ...answer.list.map((e) => ({ value: e.id, label: e.tenantName }))]),
      () => setEnterprises([]),
    );
  }, [platform, t]);
  const departmentTree = treeOptions(
    departments,
    (d) => d.name,
    (d) => d.children,
  );
  const formDepartmentTree = formDepartments
    ? treeOptions(
        formDepartments,
        (d) => d.name,
        (d) => d.children,
      )
    : departmentTree;
  // Another enterprise: what was picked of the one before is not its to give.
  const chooseEnterprise = (value: number) => {
    accountForm.setFieldsValue({ departmentId: undefined, roleIds: [] });
    setFormTenant(value);
  };
  const close = () => {
    setEditing(null);
    setFormTenant(null);
    setFormRoles(null);
    setFormDepartments(null);
  };
  const done = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  const types = ['development', 'operation', 'test'].map((value) => ({ value, label: t(`accounts.${value}`) }));
  return (
    <PageCard title={t('accounts.title')}>
      <ListPage<Account>
        handle={list}
        rowKey="id"
        testId="accounts"
        load={(q, page, pageSize) => api.post<Page<Account>>('/authority-service/account/list', { ...q, page, pageSize })}
        search={
          <>
            <Form.Item name="keyword" label={t('common.keyword')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="departmentId" label={t('accounts.department')}>
              <TreeSelect allowClear treeDefaultExpandAll treeData={departmentTree} style={{ minWidth: 180 }} data-testid="accounts-department-filter" />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="account:add">
            <Button type="primary" onClick={() => setEditing({ accountType: 'operation', roleIds: [], ...(platform ? { tenantId: headerTenant } : {}) })}>
              {t('accounts.add')}
            </Button>
          </Auth>
        }
        columns={[
          {
            title: t('accounts.avatar'),
            dataIndex: 'avatar',
            width: 72,
            render: (src: string, row) => (
              <Avatar src={src || undefined} alt={row.username}>
                {row.username.slice(0, 1).toUpperCase()}
              </Avatar>
            ),
          },
          { title: t('accounts.userName'), dataIndex: 'username' },
          { title: t('accounts.name'), dataIndex: 'name' },
          { title: t('accounts.department'), dataIndex: 'departmentId', render: (id: number | null) => departmentName(departments, id) ?? '—' },
          { title: t('accounts.accountType'), dataIndex: 'accountType', render: (v: string) => t(`accounts.${v}`) },
          { title: t('accounts.phone'), dataIndex: 'phone' },
          { title: t('accounts.email'), dataIndex: 'email' },
          { title: t('common.status'), dataIndex: 'disabled', render: (v: boolean) => (v ? <Tag color="red">{t('common.disabled')}</Tag> : <Tag color="green">{t('common.enabled')}</Tag>) },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <Space>
                {may('account:edit') && <a onClick={() => setEditing({ ...row, userName: row.username })}>{t('common.edit')}</a>}
                {may('account:disable') && (
                  <a
                    onClick={() =>
                      confirm(
                        t(row.disabled ? 'common.confirmEnable' : 'common.confirmDisable', { name: row.username }),
                        null,
                        () => api.post(row.disabled ? '/authority-service/account/enable' : '/authority-service/account/disable', { id: row.id }).then(done),
                        row.disabled ? 'operation' : 'disable',
                      )
                    }
                  >
                    {row.disabled ? t('common.enable') : t('common.disable')}
                  </a>
                )}
                {may('account:reset-password') && <a onClick={() => setResetting(row)}>{t('accounts.resetPassword')}</a>}
                {may('account:delete') && (
                  <a className="danger" onClick={() => deleteByName(row.username, (typed) => api.post('/authority-service/account/delete', { id: row.id, confirmName: typed }).then(done))}>
                    {t('common.delete')}
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<AccountForm>
        form={accountForm}
        open={editing !== null}
        title={editing?.id ? t('common.edit') : t('accounts.add')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={close}
        onSubmit={({ tenantId, ...values }) =>
          api
            .post(
              editing?.id ? '/authority-service/account/update' : '/authority-service/account/add',
              { ...values, id: editing?.id },
              { quiet: true, headers: !editing?.id && platform ? { tenantId: String(tenantId ?? headerTenant) } : undefined },
            )
            .then(() => {
              close();
              done();
            })
        }
      >
        {platform && !editing?.id && (
          <Form.Item name="tenantId" label={t('layout.tenant')} rules={[{ required: true }]} extra={t('accounts.enterpriseHint')}>
            <Select data-testid="account-enterprise" showSearch optionFilterProp="label" options={enterprises} onChange={chooseEnterprise} />
          </Form.Item>
        )}
        <Form.Item name="userName" label={t('accounts.userName')} rules={[{ required: true, min: 2, max: 64 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('accounts.name')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="accountType" label={t('accounts.accountType')} rules={[{ required: true }]}>
          <Select options={types} />
        </Form.Item>
        <Form.Item name="departmentId" label={t('accounts.department')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={formDepartmentTree} />
        </Form.Item>
        <Form.Item name="roleIds" label={t('accounts.roles')}>
          <Select mode="multiple" options={formRoles ?? roles} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="phone" label={t('accounts.phone')} rules={[{ required: true }, { pattern: /^\+?\d[\d-]{4,19}$/ }]}>
          <Input />
        </Form.Item>
        <Form.Item name="email" label={t('accounts.email')} rules={[{ required: true }, { type: 'email' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="correspondingId" label={t('accounts.correspondingId')} extra={t('accounts.correspondingIdHint')} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="avatar" label={t('accounts.avatar')} extra={t('accounts.avatarRule')}>
          <AvatarField />
        </Form.Item>
        {!editing?.id && (
          <>
            <Form.Item name="password" label={t('accounts.password')} rules={rules.password} extra={t('accounts.passwordRule')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="confirmPassword" label={t('accounts.confirmPassword')} dependencies={['password']} rules={rules.confirm}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        )}
      </ModalForm>
      <ModalForm<{ password: string; confirmPassword: string }>
        open={resetting !== null}
        title={`${t('accounts.resetPassword')} · ${resetting?.username ?? ''}`}
        onClose={() => setResetting(null)}
        onSubmit={(values) => api.post('/authority-service/account/resetPassword', { ...values, id: resetting?.id }, { quiet: true }).then(done)}
      >
        <Form.Item name="password" label={t('accounts.password')} rules={rules.password}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirmPassword" label={t('accounts.confirmPassword')} dependencies={['password']} rules={rules.confirm}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}
