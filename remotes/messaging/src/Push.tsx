import { api, useNamespace, usePermission } from '@console/sdk';
import { ResourcePage } from '@console/sdk/ui';
import { Card, Form, Input, Select, Switch, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';

import { pairs, resources } from './i18n';

const TYPES = ['fcm', 'apns', 'jpush', 'other'].map((v) => ({ value: v, label: v }));
const LANGS = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'].map((l) => ({ value: l, label: l }));
const STATUS = { sent: 'green', failed: 'red', pending: 'default' } as const;

/** Push configurations, notification templates, clients and records. */
export default function Push() {
  const { t } = useNamespace('messaging', resources);
  const may = usePermission();
  return (
    <Card title={t('push')} variant="borderless">
      <Tabs
        items={[
          {
            key: 'records',
            label: t('sendRecords'),
            children: (
              <ResourcePage<{ id: string; registerId: string; title: string; status: keyof typeof STATUS; error: string; lastTriedAt: number }>
                bare
                path="/message-service/push/records"
                testId="push-records"
                addTestId="push-records-add"
                addLabel={t('send')}
                transform={(v) => ({ ...v, values: pairs(v.values as string) })}
                actions={{ add: 'msg:push:send' }}
                formWidth={640}
                columns={[
                  { title: t('time'), dataIndex: 'lastTriedAt', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
                  { title: t('registerId'), dataIndex: 'registerId' },
                  { title: t('title'), dataIndex: 'title' },
                  { title: t('status'), dataIndex: 'status', render: (s: keyof typeof STATUS) => <Tag color={STATUS[s]}>{t(`status_${s}`)}</Tag> },
                  { title: t('error'), dataIndex: 'error', ellipsis: true },
                  {
                    title: t('actions'),
                    render: (_, row) =>
                      row.status === 'failed' && may('msg:push:send') ? <a onClick={() => void api.post(`/message-service/push/records/${row.id}/retry`, {})}>{t('retry')}</a> : null,
                  },
                ]}
                form={
                  <>
                    <Form.Item name="pushType" label={t('pushType')} rules={[{ required: true }]}>
                      <Select options={TYPES} />
                    </Form.Item>
                    <Form.Item name="templateName" label={t('templateName')} rules={[{ required: true }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="targets" label={t('targets')} rules={[{ required: true }]}>
                      <Input.TextArea rows={3} />
                    </Form.Item>
                    <Form.Item name="values" label={t('values')} extra={t('valuesHint')}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                  </>
                }
              />
            ),
          },
          { key: 'configs', label: t('configs'), children: <Configs overseas={false} /> },
          { key: 'overseas', label: t('overseasConfigs'), children: <Configs overseas /> },
          {
            key: 'templates',
            label: t('templates'),
            children: (
              <ResourcePage<{ id: string; templateName: string; errorCode: string; lang: string; title: string; content: string }>
                bare
                path="/message-service/push/templates"
                name={(row) => row.templateName}
                testId="push-templates"
                addTestId="push-templates-add"
                addLabel={t('add')}
                actions={{ add: 'msg:push:config', edit: 'msg:push:config', delete: 'msg:push:config' }}
                formWidth={640}
                columns={[
                  { title: t('templateName'), dataIndex: 'templateName' },
                  { title: t('errorCode'), dataIndex: 'errorCode' },
                  { title: t('lang'), dataIndex: 'lang' },
                  { title: t('title'), dataIndex: 'title' },
                  { title: t('content'), dataIndex: 'content', ellipsis: true },
                ]}
                form={
                  <>
                    <Form.Item name="templateName" label={t('templateName')} rules={[{ required: true }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="errorCode" label={t('errorCode')} extra={t('errorCodeHint')} rules={[{ required: true }, { max: 64 }]}>
                      <Input placeholder="E1024" />
                    </Form.Item>
                    <Form.Item name="lang" label={t('lang')} rules={[{ required: true }]}>
                      <Select options={LANGS} />
                    </Form.Item>
                    <Form.Item name="title" label={t('title')} rules={[{ required: true, max: 80 }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="content" label={t('content')} rules={[{ required: true, max: 800 }]}>
                      <Input.TextArea rows={3} />
                    </Form.Item>
                  </>
                }
              />
            ),
          },
          {
            key: 'clients',
            label: t('clients'),
            children: (
              <ResourcePage<{ id: string; registerId: string; alias: string; label: string; lang: string }>
                bare
                path="/message-service/push/clients"
                name={(row) => row.registerId}
                testId="push-clients"
                addTestId="push-clients-add"
                addLabel={t('add')}
                actions={{ add: 'msg:push:config', edit: 'msg:push:config', delete: 'msg:push:config' }}
                formWidth={640}
                columns={[
                  { title: t('registerId'), dataIndex: 'registerId' },
                  { title: t('alias'), dataIndex: 'alias' },
                  { title: t('label'), dataIndex: 'label' },
                  { title: t('lang'), dataIndex: 'lang' },
                ]}
                form={
                  <>
                    <Form.Item name="registerId" label={t('registerId')} rules={[{ required: true }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="alias" label={t('alias')}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="label" label={t('label')}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="lang" label={t('lang')}>
                      <Select options={LANGS} />
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

/** Push configurations; `overseas` lists and adds only the overseas message configuration. */
function Configs({ overseas }: { overseas: boolean }) {
  const { t } = useNamespace('messaging', resources);
  return (
    <ResourcePage<{
      id: string;
      configName: string;
      pushType: string;
      endpoint: string;
      appKey: string;
      secretHint: string;
      active: boolean;
      overseas: boolean;
      folderPath: string;
      hasVerificationPassword: boolean;
    }>
      bare
      path="/message-service/push/configs"
      name={(row) => row.configName}
      testId={overseas ? 'push-overseas' : 'push-configs'}
      addTestId={`${overseas ? 'push-overseas' : 'push-configs'}-add`}
      addLabel={t('add')}
      query={() => (overseas ? { overseas: 'true' } : {})}
      transform={(v) => (overseas ? { ...v, overseas: true } : v)}
      actions={{ add: 'msg:push:config', edit: 'msg:push:config', delete: 'msg:push:config' }}
      formWidth={640}
      columns={[
        { title: t('configName'), dataIndex: 'configName' },
        { title: t('pushType'), dataIndex: 'pushType' },
        { title: t('endpoint'), dataIndex: 'endpoint', ellipsis: true },
        { title: t('appKey'), dataIndex: 'appKey' },
        { title: t('secret'), dataIndex: 'secretHint', render: (v: string) => <code>{v}</code> },
        { title: t('active'), dataIndex: 'active', render: (v: boolean) => (v ? <Tag color="green">{t('active')}</Tag> : null) },
        { title: t('overseas'), dataIndex: 'overseas', render: (v: boolean) => (v ? <Tag>{t('overseas')}</Tag> : null) },
      ]}
      form={
        <>
          <Form.Item name="configName" label={t('configName')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="pushType" label={t('pushType')} rules={[{ required: true }]}>
            <Select options={TYPES} />
          </Form.Item>
          <Form.Item name="endpoint" label={t('endpoint')} rules={[{ required: true, type: 'url' }]}>
            <Input />
          </Form.Item>
          <Form.Item name="appKey" label={t('appKey')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="secret" label={t('secret')} extra={t('keepPassword')}>
            <Input.Password autoComplete="off" />
          </Form.Item>
          <Form.Item name="credentials" label={t('credentialsJson')}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="folderPath" label={t('folderPath')} extra={t('folderPathHint')} rules={[{ max: 512 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="verificationPassword" label={t('verificationPassword')} extra={t('verificationPasswordHint')}>
            <Input.Password autoComplete="off" />
          </Form.Item>
          <Form.Item name="active" label={t('active')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="overseas" label={t('overseas')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
}
