import { api, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm } from '@console/sdk/ui';
import { Alert, App, Button, Card, Descriptions, Form, Input, InputNumber, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';

import { resources } from './i18n';

interface KeyRow {
  clientId: string;
  clientName: string;
  vendor: string;
  appId: string;
  enabled: boolean;
  hasCertificate: boolean;
  hint: string | null;
  previousHint: string | null;
  previousValidUntil: number | null;
  version: number | null;
}

interface Claims {
  appId: string;
  channel: string;
  userId: string;
  expiresAt: number;
}

interface Verification {
  valid: boolean;
  signedWith?: 'current' | 'previous';
  reason?: string;
  message?: string;
  claims?: Claims | null;
}

type Dialog = { kind: 'set' | 'rotate' | 'token'; row: KeyRow } | { kind: 'verify' } | null;

// Constants: ModalForm resets its fields whenever `initialValues` changes identity.
const ROTATE_DEFAULTS = { graceHours: 24 };
const TOKEN_DEFAULTS = { ttlSeconds: 3600 };

const certificateRules = [{ required: true }, { min: 16, max: 128, pattern: /^[A-Za-z0-9_-]+$/ }];

export default function Keys() {
  const { t } = useNamespace('rtc', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [issued, setIssued] = useState<string | null>(null);
  const [verification, setVerification] = useState<Verification | null>(null);
  const close = () => setDialog(null);
  const saved = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  const verify = (token: string) => api.post<Verification>('/rtc-service/tokens/verify', { token }, { quiet: true }).then(setVerification);

  return (
    <Card
      title={t('keys')}
      variant="borderless"
      extra={
        <Button
          onClick={() => {
            setVerification(null);
            setDialog({ kind: 'verify' });
          }}
          data-testid="verify-token"
        >
          {t('verifyToken')}
        </Button>
      }
    >
      <ListPage<KeyRow>
        handle={list}
        rowKey="clientId"
        testId="rtc-keys"
        load={(q, page, pageSize) => api.get<Page<KeyRow>>('/rtc-service/keys', { clientName: q.clientName as string, page, pageSize })}
        search={
          <Form.Item name="clientName" label={t('clientName')}>
            <Input allowClear />
          </Form.Item>
        }
        columns={[
          {
            title: t('clientName'),
            dataIndex: 'clientName',
            render: (v: string, row) =>
              row.enabled ? (
                v
              ) : (
                <Space>
                  {v}
                  <Tag>{t('disabled')}</Tag>
                </Space>
              ),
          },
          { title: t('appId'), dataIndex: 'appId', render: (v: string) => <code>{v}</code> },
          { title: t('certificate'), dataIndex: 'hint', render: (hint: string | null) => (hint ? <code>{hint}</code> : <Tag color="orange">{t('notSet')}</Tag>) },
          {
            title: t('previous'),
            dataIndex: 'previousHint',
            render: (hint: string | null, row) =>
              hint && row.previousValidUntil ? (
                <Space>
                  <code>{hint}</code>
                  <Typography.Text type="secondary">{t('validUntil', { time: dayjs(row.previousValidUntil).format('YYYY-MM-DD HH:mm') })}</Typography.Text>
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: t('actions'),
            render: (_, row) => (
              <Space>
                {may('rtc:key:set') && <a onClick={() => setDialog({ kind: 'set', row })}>{t('setCertificate')}</a>}
                {may('rtc:key:rotate') && row.hasCertificate && <a onClick={() => setDialog({ kind: 'rotate', row })}>{t('rotate')}</a>}
                {may('rtc:key:token') && row.hasCertificate && row.enabled && (
                  <a
                    onClick={() => {
                      setIssued(null);
                      setVerification(null);
                      setDialog({ kind: 'token', row });
                    }}
                  >
                    {t('testToken')}
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<{ certificate: string }>
        open={dialog?.kind === 'set'}
        title={`${t('setCertificate')} · ${dialog && 'row' in dialog ? dialog.row.clientName : ''}`}
        onClose={close}
        onSubmit={(values) =>
          dialog && 'row' in dialog ? api.put(`/rtc-service/keys/${dialog.row.clientId}`, { ...values, version: dialog.row.version }, { quiet: true }).then(saved) : Promise.resolve()
        }
      >
        <Form.Item name="certificate" label={t('certificate')} rules={certificateRules}>
          <Input.Password autoComplete="off" />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ certificate: string; graceHours: number }>
        open={dialog?.kind === 'rotate'}
        title={`${t('rotate')} · ${dialog && 'row' in dialog ? dialog.row.clientName : ''}`}
        initialValues={ROTATE_DEFAULTS}
        onClose={close}
        onSubmit={(values) =>
          dialog && 'row' in dialog ? api.post(`/rtc-service/keys/${dialog.row.clientId}/rotate`, { ...values, version: dialog.row.version }, { quiet: true }).then(saved) : Promise.resolve()
        }
      >
        <Alert type="info" showIcon message={t('rotateHint')} style={{ marginBottom: 16 }} />
        <Form.Item name="certificate" label={t('certificate')} rules={certificateRules}>
          <Input.Password autoComplete="off" />
        </Form.Item>
        <Form.Item name="graceHours" label={t('graceHours')} rules={[{ required: true }]}>
          <InputNumber min={1} max={168} />
        </Form.Item>
      </ModalForm>
      <ModalForm<{ channel: string; userId: string; ttlSeconds: number }>
        open={dialog?.kind === 'token'}
        title={`${t('testToken')} · ${dialog && 'row' in dialog ? dialog.row.clientName : ''}`}
        initialValues={TOKEN_DEFAULTS}
        onClose={close}
        width={640}
        onSubmit={(values) =>
          dialog && 'row' in dialog
            ? api.post<{ token: string }>(`/rtc-service/keys/${dialog.row.clientId}/token`, values, { quiet: true }).then((answer) => {
                setIssued(answer.token);
                // The dialog stays open to show the token; a rejection is how ModalForm stays open.
                return Promise.reject(new Error('keep open'));
              })
            : Promise.resolve()
        }
      >
        <Form.Item name="channel" label={t('channel')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/, max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="userId" label={t('userId')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/, max: 64 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="ttlSeconds" label={t('ttlSeconds')} rules={[{ required: true }]}>
          <InputNumber min={60} max={86400} />
        </Form.Item>
        {issued && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Paragraph copyable={{ text: issued, tooltips: [t('copy'), t('copied')] }} code data-testid="issued-token" style={{ wordBreak: 'break-all' }}>
              {issued}
            </Typography.Paragraph>
            <Button onClick={() => void verify(issued)} data-testid="verify-issued">
              {t('verify')}
            </Button>
            {verification && <VerificationResult result={verification} />}
          </Space>
        )}
      </ModalForm>
      <ModalForm<{ token: string }>
        open={dialog?.kind === 'verify'}
        title={t('verifyToken')}
        onClose={close}
        onSubmit={(values) => verify(values.token).then(() => Promise.reject(new Error('keep open')))}
      >
        <Form.Item name="token" label={t('token')} rules={[{ required: true }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        {verification && <VerificationResult result={verification} />}
      </ModalForm>
    </Card>
  );
}

function VerificationResult({ result }: { result: Verification }) {
  const { t } = useNamespace('rtc', resources);
  return (
    <div data-testid="verification">
      <Alert
        type={result.valid ? 'success' : 'error'}
        showIcon
        message={result.valid ? `${t('valid')} · ${t(result.signedWith === 'previous' ? 'signedWithPrevious' : 'signedWithCurrent')}` : `${t('invalid')} · ${result.message ?? ''}`}
      />
      {result.claims && (
        <Descriptions
          size="small"
          column={2}
          style={{ marginTop: 8 }}
          items={[
            { key: 'appId', label: t('appId'), children: result.claims.appId },
            { key: 'channel', label: t('channel'), children: result.claims.channel },
            { key: 'userId', label: t('userId'), children: result.claims.userId },
            { key: 'expiresAt', label: t('expiresAt'), children: dayjs(result.claims.expiresAt * 1000).format('YYYY-MM-DD HH:mm:ss') },
          ]}
        />
      )}
    </div>
  );
}
