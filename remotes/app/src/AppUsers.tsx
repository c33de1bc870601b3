import { usePermission } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, SearchModeField, useConfirm } from '@console/sdk/ui';
import { App, Card, Form, Input, Select, Space, Tag } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { useTexts, ViewGuard, when } from './parts';
import { isAppUserPassword } from './rules';
import { appUsers, param } from './service';
import type { AppUser } from './types';

interface PasswordValues {
  password: string;
  confirmPassword: string;
}

/** The app user password, checked as typed with the server's rule and words. */
function PasswordFields() {
  const { t } = useTexts();
  return (
    <>
      <Form.Item
        name="password"
        label={t('newPassword')}
        extra={t('passwordRule')}
        rules={[
          { required: true, message: t('required') },
          { validator: (_, value: string | undefined) => (!value || isAppUserPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('passwordRule')))) },
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string | undefined) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('passwordsDiffer')))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </>
  );
}

/** App users (/app-manage/app-user): the accounts apps report; blocked, unblocked, their password reset. */
export default function AppUsers() {
  return (
    <ViewGuard action="app:user:view">
      <AppUserList />
    </ViewGuard>
  );
}

function AppUserList() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [resetting, setResetting] = useState<AppUser | null>(null);
  const reload = () => list.current?.reload();

  const load = useCallback(
    (q: Record<string, unknown>, page: number, pageSize: number) =>
      appUsers.list({ username: param(q.username), mobile: param(q.mobile), blocked: param(q.blocked), mode: param(q.mode), page, pageSize }),
    [],
  );

  /** Block or unblock after a confirmation; a refusal ("Unblocking failed: …") is the server's, toasted. */
  const setBlocked = (row: AppUser, block: boolean) =>
    confirm(block ? t('blockTitle', { name: row.username }) : t('unblockTitle', { name: row.username }), block ? t('blockHint') : t('unblockHint'), () =>
      appUsers.block(row.id, block).then(
        () => {
          void message.success(block ? t('blocked') : t('unblocked'));
          reload();
        },
        () => reload(),
      ),
    );

  return (
    <Card title={t('appUsers')} variant="borderless">
      <ListPage<AppUser>
        handle={list}
        rowKey="id"
        testId="app-users"
        load={load}
        search={
          <>
            <Form.Item name="username" label={t('username')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="mobile" label={t('mobile')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="blocked" label={t('state')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={[
                  { value: 'true', label: t('blockedState') },
                  { value: 'false', label: t('normalState') },
                ]}
              />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'username', title: t('username'), dataIndex: 'username' },
          { key: 'mobile', title: t('mobile'), render: (_, row) => row.mobile || '—' },
          { key: 'reportedAt', title: t('reportedAt'), render: (_, row) => when(row.reportedAt) },
          { key: 'networkType', title: t('networkType'), render: (_, row) => row.networkType || '—' },
          { key: 'phoneModel', title: t('phoneModel'), render: (_, row) => row.phoneModel || '—' },
          { key: 'appVersion', title: t('appVersion'), render: (_, row) => row.appVersion || '—' },
          {
            key: 'state',
            title: t('state'),
            render: (_, row) => (
              <Tag color={row.blocked ? 'error' : 'success'} data-testid={`state-${row.username}`}>
                {row.blocked ? t('blockedState') : t('normalState')}
              </Tag>
            ),
          },
          { key: 'hasPassword', title: t('password'), render: (_, row) => (row.hasPassword ? t('passwordSet') : t('passwordNotSet')) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => (
              <Space>
                {may('app:user:block') &&
                  (row.blocked ? (
                    <a onClick={() => setBlocked(row, false)} data-testid={`unblock-${row.username}`}>
                      {t('unblock')}
                    </a>
                  ) : (
                    <a className="danger" onClick={() => setBlocked(row, true)} data-testid={`block-${row.username}`}>
                      {t('block')}
                    </a>
                  ))}
                {may('app:user:password') && (
                  <a onClick={() => setResetting(row)} data-testid={`reset-password-${row.username}`}>
                    {t('resetPassword')}
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<PasswordValues>
        open={resetting !== null}
        title={t('resetPasswordTitle', { name: resetting?.username ?? '' })}
        onClose={() => setResetting(null)}
        onSubmit={(values) =>
          appUsers.resetPassword(resetting?.id ?? '', values).then(() => {
            void message.success(t('passwordReset'));
            reload();
          })
        }
      >
        <PasswordFields />
      </ModalForm>
    </Card>
  );
}
