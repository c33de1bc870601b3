import { api, Auth, useNamespace } from '@console/sdk';
import { ResourcePage, showFieldError, useFailure } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

import { resources } from './i18n';

const MOUNT = '/data-sync-service';

interface SyncRecord {
  id: string;
  transactionId: string;
  domain: string;
  key: string;
  op: string;
  type: string;
  nodeKey: string;
  currentNode: string;
  syncDomain: string;
  intranetDomain: string;
  status: 'pending' | 'success' | 'failure';
  retryCount: number;
  failureKind: string;
  failureReason: string;
  nextAttemptAt: number;
  lastAttemptAt: number;
}

interface FailureLine {
  id: string;
  recordId: string;
  transactionId: string;
  nodeKey: string;
  domain: string;
  key: string;
  attempt: number;
  failureKind: string;
  failureReason: string;
  at: number;
}

interface Node {
  id: string;
  nodeKey: string;
  name: string;
  areaCode: string;
  syncDomain: string;
  intranetDomain: string;
  keyHint: string;
  enabled: boolean;
}

interface ServiceArea {
  areaCode: string;
  areaName: string;
}

const STATUS_COLOR = { pending: 'processing', success: 'success', failure: 'error' } as const;
const time = (ms: number) => (ms > 0 ? dayjs(ms).format('YYYY-MM-DD HH:mm:ss') : '—');

function useT() {
  return useNamespace('sync', resources).t;
}

/** Why an attempt failed: the kind in the reader's language, what was said as it was said. */
function Reason({ kind, reason }: { kind: string; reason: string }) {
  const t = useT();
  if (!kind) return null;
  return (
    <Tooltip title={reason}>
      <Tag color="red">{t(`kinds.${kind}`)}</Tag>
      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }}>
        {reason}
      </Typography.Text>
    </Tooltip>
  );
}

function Records() {
  const t = useT();
  const { message } = App.useApp();
  const retry = (row: SyncRecord, reload: () => void) =>
    api.post<SyncRecord>(`${MOUNT}/records/${row.id}/retry`, null).then((done) => {
      if (done.status === 'success') void message.success(t('retried'));
      else void message.error(t('stillFailing', { reason: done.failureReason }));
      reload();
    }, reload);
  return (
    <ResourcePage<SyncRecord>
      bare
      path={`${MOUNT}/records`}
      testId="sync-records"
      addLabel=""
      actions={{}}
      form={null}
      search={
        <>
          <Form.Item name="status" label={t('status')}>
            <Select allowClear style={{ width: 140 }} options={(['pending', 'success', 'failure'] as const).map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
          </Form.Item>
          <Form.Item name="nodeKey" label={t('nodeKey')}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="transactionId" label={t('transactionId')}>
            <Input allowClear />
          </Form.Item>
        </>
      }
      rowExtra={(row, reload) =>
        row.status !== 'success' ? (
          <Auth action="sync:retry">
            <Button size="small" onClick={() => void retry(row, reload)} data-testid={`sync-retry-${row.key}`}>
              {t('retry')}
            </Button>
          </Auth>
        ) : null
      }
      columns={[
        { title: t('recordId'), dataIndex: 'id', render: (v: string) => <code>{v}</code> },
        { title: t('transactionId'), dataIndex: 'transactionId', render: (v: string) => <code>{v}</code> },
        {
          title: t('content'),
          render: (_: unknown, row) => (
            <span>
              {t(`domains.${row.domain}`)} · <code>{row.key}</code> · {t(`ops.${row.op}`)}
            </span>
          ),
        },
        { title: t('type'), dataIndex: 'type', render: (v: string) => t(`types.${v}`) },
        { title: t('nodeKey'), dataIndex: 'nodeKey' },
        { title: t('currentNode'), dataIndex: 'currentNode' },
        { title: t('syncDomain'), dataIndex: 'syncDomain' },
        { title: t('intranetDomain'), dataIndex: 'intranetDomain' },
        { title: t('status'), dataIndex: 'status', render: (v: SyncRecord['status']) => <Tag color={STATUS_COLOR[v]}>{t(`statuses.${v}`)}</Tag> },
        { title: t('retryCount'), dataIndex: 'retryCount' },
        { title: t('failureReason'), render: (_: unknown, row) => <Reason kind={row.failureKind} reason={row.failureReason} /> },
        { title: t('nextAttempt'), dataIndex: 'nextAttemptAt', render: time },
      ]}
    />
  );
}

function Failures() {
  const t = useT();
  return (
    <ResourcePage<FailureLine>
      bare
      path={`${MOUNT}/failures`}
      testId="sync-failures"
      addLabel=""
      actions={{}}
      form={null}
      search={
        <>
          <Form.Item name="nodeKey" label={t('nodeKey')}>
            <Input allowClear style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="transactionId" label={t('transactionId')}>
            <Input allowClear />
          </Form.Item>
        </>
      }
      columns={[
        { title: t('at'), dataIndex: 'at', render: time },
        { title: t('transactionId'), dataIndex: 'transactionId', render: (v: string) => <code>{v}</code> },
        {
          title: t('content'),
          render: (_: unknown, row) => (
            <span>
              {t(`domains.${row.domain}`)} · <code>{row.key}</code>
            </span>
          ),
        },
        { title: t('nodeKey'), dataIndex: 'nodeKey' },
        { title: t('attempt'), dataIndex: 'attempt' },
        { title: t('failureReason'), render: (_: unknown, row) => <Reason kind={row.failureKind} reason={row.failureReason} /> },
      ]}
    />
  );
}

interface Settings {
  currentNode: string;
  intranetDomain: string;
}

/** This region's node key (what every record it sends names as the current node), and where the other regions fetch its files. */
function CurrentNode() {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<Settings>();
  // Disabled until the saved settings are in, so what the operator types is never overwritten by them.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    api
      .get<Settings>(`${MOUNT}/settings`)
      .then(
        (s) => form.setFieldsValue(s),
        () => undefined,
      )
      .finally(() => setLoaded(true));
  }, [form]);
  const sayFailure = useFailure();
  // A refusal shows on its field (an http:// address elsewhere than this machine).
  const save = (values: Settings) =>
    api.put(`${MOUNT}/settings`, values, { quiet: true }).then(
      () => {
        form.setFields([{ name: 'intranetDomain', errors: [] }]);
        void message.success(t('saved'));
      },
      (error: unknown) => {
        if (!showFieldError(form, error)) sayFailure('modify', error);
      },
    );
  return (
    <Form form={form} disabled={!loaded} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 18 }} onFinish={(v) => void save(v)} style={{ marginBottom: 16, maxWidth: 900 }}>
      <Form.Item name="currentNode" label={t('currentNode')} rules={[{ required: true, pattern: /^[a-z0-9-]{1,32}$/, message: t('nodeKeyRule') }]} extra={t('currentNodeHint')}>
        <Input style={{ width: 200 }} data-testid="sync-current-node" />
      </Form.Item>
      <Form.Item name="intranetDomain" label={t('ownIntranet')} extra={t('ownIntranetHint')}>
        <Input placeholder="https://console.cn.internal" data-testid="sync-own-intranet" />
      </Form.Item>
      <Auth action="sync:node:edit">
        <Form.Item wrapperCol={{ offset: 6 }}>
          <Button htmlType="submit" data-testid="sync-current-save">
            {t('save')}
          </Button>
        </Form.Item>
      </Auth>
    </Form>
  );
}

function Regions() {
  const t = useT();
  const [areas, setAreas] = useState<ServiceArea[]>([]);
  useEffect(() => {
    api.get<ServiceArea[]>('/sync-service/serviceAreaConfig/simpleList').then(setAreas, () => setAreas([]));
  }, []);
  return (
    <>
      <CurrentNode />
      <ResourcePage<Node>
        bare
        path={`${MOUNT}/nodes`}
        testId="sync-nodes"
        addTestId="sync-node-add"
        addLabel={t('addRegion')}
        name={(row) => row.nodeKey}
        actions={{ add: 'sync:node:edit', edit: 'sync:node:edit', delete: 'sync:node:edit' }}
        defaults={{ enabled: true }}
        formWidth={640}
        columns={[
          { title: t('nodeKey'), dataIndex: 'nodeKey', render: (v: string) => <code>{v}</code> },
          { title: t('name'), dataIndex: 'name' },
          { title: t('area'), dataIndex: 'areaCode' },
          { title: t('syncDomain'), dataIndex: 'syncDomain' },
          { title: t('intranetDomain'), dataIndex: 'intranetDomain' },
          { title: t('key'), dataIndex: 'keyHint' },
          { title: t('enabled'), dataIndex: 'enabled', render: (v: boolean) => (v ? <Tag color="green">{t('on')}</Tag> : <Tag>{t('off')}</Tag>) },
        ]}
        form={(editing) => (
          <>
            <Form.Item name="nodeKey" label={t('nodeKey')} rules={[{ required: true, pattern: /^[a-z0-9-]{1,32}$/, message: t('nodeKeyRule') }]}>
              <Input placeholder="eu" />
            </Form.Item>
            <Form.Item name="name" label={t('name')} rules={[{ required: true, max: 64 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="areaCode" label={t('area')}>
              <Select allowClear options={areas.map((a) => ({ value: a.areaCode, label: `${a.areaName} (${a.areaCode})` }))} />
            </Form.Item>
            <Form.Item name="syncDomain" label={t('syncDomain')} rules={[{ max: 255 }]}>
              <Input placeholder="console.eu.example.com" />
            </Form.Item>
            <Form.Item name="intranetDomain" label={t('intranetDomain')} rules={[{ required: true, max: 255 }]} extra={t('intranetHint')}>
              <Input placeholder="https://console.eu.internal" />
            </Form.Item>
            <Form.Item name="key" label={t('key')} rules={[{ required: !editing.id }]} extra={editing.id ? t('keyKept') : t('keyHint')}>
              <Input.Password autoComplete="new-password" placeholder="dk_…" />
            </Form.Item>
            <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        )}
      />
    </>
  );
}

export default function SyncService() {
  const t = useT();
  return (
    <Card title={t('title')} className="console-page" variant="borderless">
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'records', label: t('records'), children: <Records /> },
          { key: 'failures', label: t('failures'), children: <Failures /> },
          { key: 'regions', label: t('regions'), children: <Regions /> },
        ]}
      />
    </Card>
  );
}
