import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Switch, Tag } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';
import { ModesDrawer } from './Modes';

export type Platform = 'alexa' | 'google' | 'third-party' | 'baidu';

/** The platform's segment of the button actions (`voice:third:add` for third-party). */
export const actionOf = (platform: Platform) => `voice:${platform === 'third-party' ? 'third' : platform}`;

export interface Assistant {
  id: string;
  name: string;
  productId: string;
  externalId: string;
  lang: string;
  defaultController: boolean;
  provider: string;
  hasCredentials: boolean;
  credentialsHint: string | null;
  remark: string;
  version: number;
}

const EXTERNAL_ID_RULES: Record<Platform, { pattern: RegExp }> = {
  alexa: { pattern: /^amzn1\.ask\.skill\.[0-9a-fA-F-]+$/ },
  google: { pattern: /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/ },
  'third-party': { pattern: /^[A-Za-z0-9._-]+$/ },
  baidu: { pattern: /^[A-Za-z0-9._-]+$/ },
};

const isJson = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** One platform's assistants: list, add, edit, delete by name, and their control modes. */
export function Assistants({ platform }: { platform: Platform }) {
  const { t } = useNamespace('voice', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const action = actionOf(platform);
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<Assistant> | null>(null);
  const [modesOf, setModesOf] = useState<Assistant | null>(null);
  const base = `/voice-service/${platform}/assistants`;
  const saved = (answer: { replacedDefault?: string | null }) => {
    void message.success(t('saved'));
    if (answer.replacedDefault) void message.info(t('defaultMoved', { name: answer.replacedDefault }));
    list.current?.reload();
  };
  const hasCredentials = platform !== 'alexa';
  return (
    <Card title={t(`platform_${platform}`)} variant="borderless">
      <ListPage<Assistant>
        params={base}
        handle={list}
        rowKey="id"
        testId={`voice-${platform}`}
        load={(q, page, pageSize) => api.get<Page<Assistant>>(base, { name: q.name as string, mode: q.mode as string, productId: q.productId as string, page, pageSize })}
        search={
          <>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="productId" label={t('productId')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action={`${action}:add`}>
            <Button type="primary" onClick={() => setEditing({ lang: platform === 'baidu' ? 'zh-CN' : 'en-US', defaultController: false })} data-testid="add-assistant">
              {t('add')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('name'), dataIndex: 'name' },
          { title: t('productId'), dataIndex: 'productId' },
          { title: t(`externalId_${platform}`), dataIndex: 'externalId', render: (v: string) => <code>{v}</code> },
          { title: t('lang'), dataIndex: 'lang', width: 90 },
          ...(platform === 'alexa' ? [{ title: t('defaultController'), dataIndex: 'defaultController', render: (v: boolean) => (v ? <Tag color="blue">{t('defaultController')}</Tag> : null) }] : []),
          ...(platform === 'third-party' ? [{ title: t('provider'), dataIndex: 'provider' }] : []),
          ...(hasCredentials
            ? [
                {
                  title: t(`credentials_${platform}`),
                  dataIndex: 'credentialsHint',
                  render: (hint: string | null, row: Assistant) => (row.hasCredentials ? <Tag color="green">{hint ?? t('stored')}</Tag> : <Tag>{t('none')}</Tag>),
                },
              ]
            : []),
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={<a onClick={() => setModesOf(row)}>{t('modes')}</a>}
                onEdit={may(`${action}:edit`) ? () => setEditing(row) : undefined}
                remove={may(`${action}:delete`) ? { name: row.name, confirm: (typed) => api.delete(`${base}/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<Assistant & { credentials: string }>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('add')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        width={640}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.put<{ replacedDefault?: string }>(`${base}/${editing.id}`, { ...values, version: editing.version }, { quiet: true }).then(saved)
            : api.post<{ replacedDefault?: string }>(base, values, { quiet: true }).then(saved)
        }
      >
        <Form.Item name="name" label={t('name')} rules={[{ required: true, min: 2, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="productId" label={t('productId')} rules={[{ required: true, max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="externalId" label={t(`externalId_${platform}`)} rules={[{ required: true, max: 128 }, EXTERNAL_ID_RULES[platform]]}>
          <Input placeholder={platform === 'alexa' ? 'amzn1.ask.skill.…' : undefined} />
        </Form.Item>
        <Form.Item name="lang" label={t('lang')} rules={[{ required: true, pattern: /^[a-z]{2,3}(-[A-Z]{2})?$/ }]}>
          <Input style={{ width: 120 }} />
        </Form.Item>
        {platform === 'alexa' && (
          <Form.Item name="defaultController" label={t('defaultController')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {platform === 'third-party' && (
          <Form.Item name="provider" label={t('provider')} rules={[{ required: true, max: 80 }]}>
            <Input />
          </Form.Item>
        )}
        {hasCredentials && (
          <Form.Item
            name="credentials"
            label={t(`credentials_${platform}`)}
            extra={editing?.hasCredentials ? t('keepCredentials') : undefined}
            rules={[
              { required: platform === 'google' && !editing?.hasCredentials },
              { validator: (_, text?: string) => (platform !== 'google' || !text || isJson(text) ? Promise.resolve() : Promise.reject(new Error(t('badJson')))) },
            ]}
          >
            {platform === 'google' ? <Input.TextArea rows={5} autoComplete="off" spellCheck={false} /> : <Input.Password autoComplete="off" />}
          </Form.Item>
        )}
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
      {modesOf && <ModesDrawer platform={platform} assistant={modesOf} onClose={() => setModesOf(null)} />}
    </Card>
  );
}
