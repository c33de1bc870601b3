import { api, Auth, usePermission, type ApiSchemas, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, useConfirm } from '@console/sdk/ui';
import { App, Alert, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Switch, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard, time, yesNo } from './common';

type Client = ApiSchemas['OAuthClient'];
type Scope = ApiSchemas['OAuthScope'];
type Token = ApiSchemas['TokenRow'];
type Issued = ApiSchemas['IssuedClient'];

const CLIENT_TYPES = ['alexa', 'google', 'baidu', 'third-party', 'internal'];
const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'];
const CLAIMS = ['preferred_username', 'email', 'phone_number'];

const tags = (values: string[]) => values.map((v) => <Tag key={v}>{v}</Tag>);

/** A client's id and its secret, shown this once. */
function IssuedSecret({ issued, onClose }: { issued: Issued | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={issued !== null} title={t('oauth.issuedTitle')} onOk={onClose} onCancel={onClose} cancelButtonProps={{ style: { display: 'none' } }}>
      <Typography.Paragraph>
        {t('oauth.clientId')}:{' '}
        <Typography.Text code copyable data-testid="issued-client-id">
          {issued?.clientId}
        </Typography.Text>
      </Typography.Paragraph>
      {issued?.clientSecret ? (
        <>
          <Alert type="warning" showIcon message={t('oauth.secretOnce')} style={{ marginBottom: 12 }} />
          <Typography.Text code copyable data-testid="issued-client-secret">
            {issued.clientSecret}
          </Typography.Text>
        </>
      ) : (
        <Alert type="info" showIcon message={t('oauth.publicClient')} />
      )}
    </Modal>
  );
}

/** client-list: the enterprise's OAuth clients. */
export function Clients() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const confirm = useConfirm();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Client> | null>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [scopes, setScopes] = useState<string[]>([]);
  useEffect(() => {
    // Through the client page's own route: its users may not manage scopes.
    api.post<string[]>('/oauth-service/client/scope-options').then(setScopes, () => setScopes([]));
  }, [editing]);
  const saved = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  const resetSecret = (row: Client) =>
    confirm(t('oauth.resetSecret'), t('oauth.resetSecretHint', { name: row.name }), () =>
      api.post<Issued>('/oauth-service/client/reset-secret', { id: row.id, confirmName: row.name }).then(setIssued),
    );
  return (
    <PageCard title={t('menu.1001')}>
      <ListPage<Client>
        handle={list}
        rowKey="id"
        pagination={false}
        load={async () => {
          const rows = await api.post<Client[]>('/oauth-service/client/list');
          return { list: rows, total: rows.length, page: 1, pageSize: rows.length };
        }}
        toolbar={
          <Auth action="oauth:client:add">
            <Button
              type="primary"
              onClick={() => setEditing({ passwordNeeded: true, grantTypes: ['authorization_code', 'refresh_token'], accessTokenSeconds: 3600, refreshTokenSeconds: 2592000 })}
              data-testid="add-client"
            >
              {t('oauth.addClient')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('common.name'), dataIndex: 'name' },
          {
            title: t('oauth.clientId'),
            dataIndex: 'clientId',
            render: (v: string) => (
              <Typography.Text code copyable>
                {v}
              </Typography.Text>
            ),
          },
          { title: t('oauth.clientType'), dataIndex: 'clientType', render: (v: string) => t(`oauth.type.${v}`) },
          { title: t('oauth.secret'), dataIndex: 'secretHint', render: (v: string, row) => (row.passwordNeeded ? <code>…{v}</code> : <Tag>{t('oauth.none')}</Tag>) },
          { title: t('oauth.grantTypes'), dataIndex: 'grantTypes', render: tags },
          { title: t('oauth.scopes'), dataIndex: 'scopes', render: tags },
          { title: t('oauth.directAuthorization'), dataIndex: 'directAuthorization', render: (v: boolean) => yesNo(v, t('common.yes'), t('common.no')) },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('oauth:client:edit') ? () => setEditing(row) : undefined}
                extra={may('oauth:client:edit') && row.passwordNeeded ? <a onClick={() => resetSecret(row)}>{t('oauth.resetSecret')}</a> : undefined}
                remove={may('oauth:client:delete') ? { name: row.name, confirm: (typed) => api.post('/oauth-service/client/delete', { id: row.id, confirmName: typed }).then(saved) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<Client>
        open={editing !== null}
        width={720}
        title={editing?.id ? t('common.edit') : t('oauth.addClient')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.post('/oauth-service/client/update', { ...values, id: editing.id }, { quiet: true }).then(saved)
            : api.post<Issued>('/oauth-service/client/add', values, { quiet: true }).then((answer) => {
                setIssued(answer);
                saved();
              })
        }
      >
        <Form.Item name="name" label={t('common.name')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="clientType" label={t('oauth.clientType')} rules={[{ required: true }]}>
          <Select options={CLIENT_TYPES.map((value) => ({ value, label: t(`oauth.type.${value}`) }))} />
        </Form.Item>
        <Form.Item name="passwordNeeded" label={t('oauth.passwordNeeded')} valuePropName="checked" extra={t('oauth.passwordNeededHint')}>
          <Switch />
        </Form.Item>
        {/* A validator, not `required`: antd would put aria-required on the group, which no checkbox group may carry. */}
        <Form.Item
          name="grantTypes"
          label={t('oauth.grantTypes')}
          rules={[{ validator: (_, v?: string[]) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('oauth.grantTypesRequired')))) }]}
        >
          <Checkbox.Group options={GRANT_TYPES.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="redirectUris" label={t('oauth.redirectUris')} extra={t('oauth.redirectUrisHint')}>
          <Select mode="tags" tokenSeparators={[' ', ',']} open={false} />
        </Form.Item>
        <Form.Item name="scopes" label={t('oauth.scopes')} rules={[{ required: true }]} extra={t('oauth.scopesHint')}>
          <Select mode="multiple" options={scopes.map((value) => ({ value, label: value }))} />
        </Form.Item>
        <Form.Item name="directAuthorization" label={t('oauth.directAuthorization')} valuePropName="checked" extra={t('oauth.directAuthorizationHint')}>
          <Switch />
        </Form.Item>
        <Form.Item name="productCategory" label={t('oauth.productCategory')}>
          <Input />
        </Form.Item>
        <Form.Item name="roles" label={t('oauth.roles')} extra={t('oauth.rolesHint')}>
          <Select mode="tags" tokenSeparators={[' ', ',']} open={false} />
        </Form.Item>
        <Form.Item name="resources" label={t('oauth.resources')} extra={t('oauth.resourcesHint')}>
          <Select mode="tags" tokenSeparators={[' ', ',']} open={false} />
        </Form.Item>
        <Form.Item name="accessTokenSeconds" label={t('oauth.accessTokenSeconds')} rules={[{ required: true }]}>
          <InputNumber min={60} max={86400} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="refreshTokenSeconds" label={t('oauth.refreshTokenSeconds')} rules={[{ required: true }]}>
          <InputNumber min={3600} max={31536000} style={{ width: 200 }} />
        </Form.Item>
      </ModalForm>
      <IssuedSecret issued={issued} onClose={() => setIssued(null)} />
    </PageCard>
  );
}

/** configuration-list: the scopes clients may ask for, what each reads, what userinfo answers with it. */
export function Scopes() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Scope> | null>(null);
  const saved = () => {
    void message.success(t('common.saved'));
    list.current?.reload();
  };
  return (
    <PageCard title={t('menu.1002')}>
      <ListPage<Scope>
        handle={list}
        rowKey="scope"
        pagination={false}
        load={async () => {
          const rows = await api.post<Scope[]>('/oauth-service/scope/list');
          return { list: rows, total: rows.length, page: 1, pageSize: rows.length };
        }}
        toolbar={
          <Auth action="oauth:scope:edit">
            <Button type="primary" onClick={() => setEditing({})} data-testid="add-scope">
              {t('oauth.addScope')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('oauth.scope'), dataIndex: 'scope', render: (v: string) => <code>{v}</code> },
          { title: t('common.description'), dataIndex: 'description' },
          { title: t('oauth.resources'), dataIndex: 'resources', render: tags },
          { title: t('oauth.claims'), dataIndex: 'claims', render: (v: string[]) => v.map((c) => <Tag key={c}>{t(`oauth.claim.${c}`)}</Tag>) },
          { title: t('common.updatedAt'), dataIndex: 'updatedAt', render: time },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('oauth:scope:edit') ? () => setEditing(row) : undefined}
                remove={may('oauth:scope:edit') ? { name: row.scope, confirm: (typed) => api.post('/oauth-service/scope/delete', { scope: row.scope, confirmName: typed }).then(saved) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<Scope>
        open={editing !== null}
        title={editing?.scope ? t('common.edit') : t('oauth.addScope')}
        failure={editing?.scope ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) => api.post('/oauth-service/scope/save', { ...values, scope: editing?.scope ?? values.scope }, { quiet: true }).then(saved)}
      >
        <Form.Item name="scope" label={t('oauth.scope')} rules={[{ required: true, pattern: /^[A-Za-z0-9:._-]{1,64}$/ }]}>
          <Input disabled={Boolean(editing?.scope)} placeholder="device:control" />
        </Form.Item>
        <Form.Item name="description" label={t('common.description')} rules={[{ required: true, max: 200 }]} extra={t('oauth.descriptionHint')}>
          <Input />
        </Form.Item>
        <Form.Item name="resources" label={t('oauth.resources')} extra={t('oauth.scopeResourcesHint')}>
          <Select mode="tags" tokenSeparators={[' ', ',']} open={false} />
        </Form.Item>
        <Form.Item name="claims" label={t('oauth.claims')} extra={t('oauth.claimsHint')}>
          <Checkbox.Group options={CLAIMS.map((value) => ({ value, label: t(`oauth.claim.${value}`) }))} />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}

/** userinfo-list: the tokens issued, by app user and client; a grant is revoked whole. */
export function Tokens() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const confirm = useConfirm();
  const list = useRef<ListHandle>(null);
  const revoke = (row: Token) =>
    confirm(t('oauth.revoke'), t('oauth.revokeHint'), () =>
      api.post('/oauth-service/token/revoke', { id: row.id }).then(() => {
        void message.success(t('oauth.revoked'));
        list.current?.reload();
      }),
    );
  const status = (row: Token) => {
    if (row.revokedAt) return <Tag color="red">{t('oauth.status.revoked')}</Tag>;
    if (row.expiresAt < Date.now()) return <Tag>{t('oauth.status.expired')}</Tag>;
    return <Tag color="green">{t('oauth.status.active')}</Tag>;
  };
  return (
    <PageCard title={t('menu.1003')}>
      <Typography.Paragraph type="secondary">{t('oauth.userinfoHint')}</Typography.Paragraph>
      <ListPage<Token>
        handle={list}
        rowKey="id"
        load={(q, page, pageSize) => api.post<Page<Token>>('/oauth-service/token/list', { subject: q.subject ?? '', clientId: q.clientId ?? '', page, pageSize })}
        search={
          <>
            <Form.Item name="subject" label={t('oauth.subject')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="clientId" label={t('oauth.clientId')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('oauth.subject'), dataIndex: 'subject', render: (v: string) => v || <Tag>{t('oauth.clientItself')}</Tag> },
          { title: t('oauth.clientId'), dataIndex: 'clientId', render: (v: string) => <code>{v}</code> },
          { title: t('oauth.kind'), dataIndex: 'kind', render: (v: string) => t(`oauth.kindName.${v}`) },
          { title: t('oauth.scopes'), dataIndex: 'scope', render: (v: string) => tags(v.split(' ').filter(Boolean)) },
          { title: t('oauth.issuedAt'), dataIndex: 'issuedAt', render: time, width: 170 },
          { title: t('oauth.expiresAt'), dataIndex: 'expiresAt', render: time, width: 170 },
          { title: t('common.status'), render: (_, row) => status(row) },
          {
            title: t('common.actions'),
            render: (_, row) =>
              may('oauth:token:revoke') && !row.revokedAt && row.expiresAt > Date.now() ? (
                <a className="danger" onClick={() => revoke(row)}>
                  {t('oauth.revoke')}
                </a>
              ) : null,
          },
        ]}
      />
    </PageCard>
  );
}
