import { api, useNamespace, usePermission } from '@console/sdk';
import { ResourcePage } from '@console/sdk/ui';
import { Card, Form, Input, Select, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

import { pairs, resources } from './i18n';

const STATUS = { sent: 'green', failed: 'red', pending: 'default' } as const;

/** SMS platforms, templates and send records (sending is the records tab's "add"). */
export default function Sms() {
  const { t } = useNamespace('messaging', resources);
  const may = usePermission();
  const [platforms, setPlatforms] = useState<{ value: string; label: string }[]>([]);
  const [templates, setTemplates] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    api.get<{ list: { id: string; platformName: string }[] }>('/message-service/sms/platforms', { pageSize: 1000 }).then(
      (p) => setPlatforms(p.list.map((x) => ({ value: x.id, label: x.platformName }))),
      () => undefined,
    );
    api.get<{ list: { id: string; templateName: string }[] }>('/message-service/sms/templates', { pageSize: 1000 }).then(
      (p) => setTemplates(p.list.map((x) => ({ value: x.id, label: x.templateName }))),
      () => undefined,
    );
  }, []);
  return (
    <Card title={t('sms')} variant="borderless">
      <Tabs
        items={[
          {
            key: 'records',
            label: t('sendRecords'),
            children: (
              <ResourcePage<{ id: string; phone: string; content: string; status: keyof typeof STATUS; error: string; attempts: number; lastTriedAt: number }>
                bare
                path="/message-service/sms/records"
                testId="sms-records"
                addTestId="sms-records-add"
                addLabel={t('send')}
                transform={(v) => ({ ...v, params: pairs(v.params as string) })}
                actions={{ add: 'msg:sms:send' }}
                formWidth={640}
                columns={[
                  { title: t('time'), dataIndex: 'lastTriedAt', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
                  { title: t('phone'), dataIndex: 'phone' },
                  { title: t('content'), dataIndex: 'content' },
                  { title: t('status'), dataIndex: 'status', render: (s: keyof typeof STATUS) => <Tag color={STATUS[s]}>{t(`status_${s}`)}</Tag> },
                  { title: t('error'), dataIndex: 'error', ellipsis: true },
                  {
                    title: t('actions'),
                    render: (_, row) => (row.status === 'failed' && may('msg:sms:send') ? <a onClick={() => void api.post(`/message-service/sms/records/${row.id}/retry`, {})}>{t('retry')}</a> : null),
                  },
                ]}
                form={
                  <>
                    <Form.Item name="templateId" label={t('smsTemplates')} rules={[{ required: true }]}>
                      <Select options={templates} />
                    </Form.Item>
                    <Form.Item name="phones" label={t('phones')} rules={[{ required: true }]}>
                      <Input.TextArea rows={3} />
                    </Form.Item>
                    <Form.Item name="params" label={t('params')} extra={t('valuesHint')}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                  </>
                }
              />
            ),
          },
          {
            key: 'templates',
            label: t('smsTemplates'),
            children: (
              <ResourcePage<{ id: string; templateName: string; sendType: string; content: string; platformTemplateId: string; signature: string }>
                bare
                path="/message-service/sms/templates"
                name={(row) => row.templateName}
                testId="sms-templates"
                addTestId="sms-templates-add"
                addLabel={t('add')}
                actions={{ add: 'msg:sms:config', edit: 'msg:sms:config', delete: 'msg:sms:config' }}
                formWidth={640}
                columns={[
                  { title: t('templateName'), dataIndex: 'templateName' },
                  { title: t('sendType'), dataIndex: 'sendType' },
                  { title: t('content'), dataIndex: 'content' },
                  { title: t('platformTemplateId'), dataIndex: 'platformTemplateId' },
                  { title: t('signature'), dataIndex: 'signature' },
                ]}
                form={
                  <>
                    <Form.Item name="templateName" label={t('templateName')} rules={[{ required: true }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="sendType" label={t('sendType')} rules={[{ required: true }]}>
                      <Select options={['verification', 'notification', 'marketing'].map((v) => ({ value: v, label: v }))} />
                    </Form.Item>
                    <Form.Item name="content" label={t('content')} rules={[{ required: true, max: 500 }]}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                    <Form.Item name="platformTemplateId" label={t('platformTemplateId')} rules={[{ required: true }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="platformId" label={t('platformName')} rules={[{ required: true }]}>
                      <Select options={platforms} />
                    </Form.Item>
                    <Form.Item name="signature" label={t('signature')} rules={[{ required: true, min: 2, max: 20 }]}>
                      <Input />
                    </Form.Item>
                  </>
                }
              />
            ),
          },
          {
            key: 'signatures',
            label: t('signatures'),
            children: (
              <ResourcePage<{ id: string; signature: string; remark: string }>
                bare
                path="/message-service/sms/signatures"
                testId="sms-signatures"
                addTestId="sms-signatures-add"
                addLabel={t('add')}
                name={(row) => row.signature}
                actions={{ add: 'msg:sms:config', delete: 'msg:sms:config' }}
                formWidth={640}
                columns={[
                  { title: t('signature'), dataIndex: 'signature' },
                  { title: t('remark'), dataIndex: 'remark' },
                ]}
                form={
                  <>
                    <Form.Item name="signature" label={t('signature')} rules={[{ required: true, min: 2, max: 20 }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="remark" label={t('remark')}>
                      <Input />
                    </Form.Item>
                  </>
                }
              />
            ),
          },
          {
            key: 'platforms',
            label: t('platforms'),
            children: (
              <ResourcePage<{ id: string; platformName: string; endpoint: string; apiKeyHint: string }>
                bare
                path="/message-service/sms/platforms"
                name={(row) => row.platformName}
                testId="sms-platforms"
                addTestId="sms-platforms-add"
                addLabel={t('add')}
                actions={{ add: 'msg:sms:config', edit: 'msg:sms:config', delete: 'msg:sms:config' }}
                formWidth={640}
                columns={[
                  { title: t('platformName'), dataIndex: 'platformName' },
                  { title: t('endpoint'), dataIndex: 'endpoint' },
                  { title: t('apiKey'), dataIndex: 'apiKeyHint', render: (v: string) => <code>{v}</code> },
                ]}
                form={
                  <>
                    <Form.Item name="platformName" label={t('platformName')} rules={[{ required: true }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="endpoint" label={t('endpoint')} rules={[{ required: true, type: 'url' }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="apiKey" label={t('apiKey')} extra={t('keepPassword')}>
                      <Input.Password autoComplete="off" />
                    </Form.Item>
                  </>
                }
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
