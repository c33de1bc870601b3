import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
import { useRef, useState } from 'react';

import { pairs, resources } from './i18n';
import MailAlarms from './MailAlarms';

interface MailServer {
  id: string;
  serverName: string;
  mailType: string;
  domain: string;
  port: number;
  ssl: boolean;
  tls12: boolean;
  senderAddress: string;
  senderName: string;
  passwordHint: string;
  version: number;
}

const MAIL_TYPES = ['aliyun', 'amazon', '163', 'other'];
const NEW_SERVER = { mailType: 'aliyun', port: 465, ssl: true, tls12: true };

export default function Servers() {
  const { t } = useNamespace('messaging', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<MailServer> | null>(null);
  const [testing, setTesting] = useState<MailServer | null>(null);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  return (
    <Card title={t('servers')} variant="borderless">
      <ListPage<MailServer>
        handle={list}
        rowKey="id"
        testId="mail-servers"
        load={(q, page, pageSize) => api.get<Page<MailServer>>('/message-service/mail/servers', { serverName: q.serverName as string, mode: q.mode as string, page, pageSize })}
        search={
          <>
            <Form.Item name="serverName" label={t('serverName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          <Auth action="msg:mail:add">
            <Button type="primary" onClick={() => setEditing(NEW_SERVER)} data-testid="add-server">
              {t('addServer')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('serverName'), dataIndex: 'serverName' },
          { title: t('mailType'), dataIndex: 'mailType', render: (v: string) => t(`mailType_${v}`) },
          { title: t('domain'), render: (_, row) => `${row.domain}:${row.port}` },
          {
            title: t('ssl'),
            render: (_, row) => (
              <Space>
                {row.ssl && <Tag color="green">SSL</Tag>}
                {row.tls12 && <Tag color="blue">TLSv1.2</Tag>}
              </Space>
            ),
          },
          { title: t('senderAddress'), render: (_, row) => `${row.senderName} <${row.senderAddress}>` },
          { title: t('password'), dataIndex: 'passwordHint', render: (v: string) => <code>{v}</code> },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={may('msg:mail:test') ? <a onClick={() => setTesting(row)}>{t('sendTest')}</a> : undefined}
                onEdit={may('msg:mail:edit') ? () => setEditing(row) : undefined}
                remove={may('msg:mail:delete') ? { name: row.serverName, confirm: (typed) => api.delete(`/message-service/mail/servers/${row.id}`, { confirmName: typed }).then(done) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<Record<string, unknown>>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addServer')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        width={640}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.put(`/message-service/mail/servers/${editing.id}`, { ...values, version: editing.version }, { quiet: true }).then(done)
            : api.post('/message-service/mail/servers', values, { quiet: true }).then(done)
        }
      >
        <Space wrap>
          <Form.Item name="serverName" label={t('serverName')} rules={[{ required: true, max: 80 }]}>
            <Input style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="mailType" label={t('mailType')} rules={[{ required: true }]}>
            <Select style={{ width: 160 }} options={MAIL_TYPES.map((m) => ({ value: m, label: t(`mailType_${m}`) }))} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="domain" label={t('domain')} rules={[{ required: true, max: 253 }]}>
            <Input style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="port" label={t('port')} rules={[{ required: true }]}>
            <InputNumber min={1} max={65535} />
          </Form.Item>
          <Form.Item name="ssl" label={t('ssl')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="tls12" label={t('tls12')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="senderAddress" label={t('senderAddress')} rules={[{ required: true, type: 'email' }]}>
            <Input style={{ width: 280 }} />
          </Form.Item>
          <Form.Item name="senderName" label={t('senderName')} rules={[{ max: 80 }]}>
            <Input style={{ width: 240 }} />
          </Form.Item>
        </Space>
        <Form.Item name="password" label={t('password')} extra={editing?.id ? t('keepPassword') : undefined} rules={[{ required: !editing?.id, max: 256 }]}>
          <Input.Password autoComplete="off" />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ to: string; templateName?: string; lang?: string; values?: string }>
        open={testing !== null}
        title={`${t('sendTest')} · ${testing?.serverName ?? ''}`}
        onClose={() => setTesting(null)}
        onSubmit={(values) =>
          api.post<{ status: string; error: string }>(`/message-service/mail/servers/${testing?.id}/test`, { ...values, values: pairs(values.values) }, { quiet: true }).then((record) => {
            if (record.status === 'sent') void message.success(t('sent'));
            else void message.error(t('failed', { error: record.error }));
          })
        }
      >
        <Form.Item name="to" label={t('to')} extra={t('toHint')} rules={[{ required: true }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="templateName" label={t('template')}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="lang" label={t('lang')}>
            <Select allowClear style={{ width: 120 }} options={['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'].map((l) => ({ value: l, label: l }))} />
          </Form.Item>
        </Space>
        <Form.Item name="values" label={t('values')} extra={t('valuesHint')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </ModalForm>
      <MailAlarms />
    </Card>
  );
}
