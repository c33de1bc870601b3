import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select, Switch, Tag } from 'antd';
import { useRef, useState } from 'react';

import { resources } from './i18n';

export interface RtcClient {
  id: string;
  clientName: string;
  vendor: string;
  appId: string;
  region: string;
  remark: string;
  enabled: boolean;
  version: number;
}

export const VENDORS = ['agora', 'trtc', 'volcengine', 'self-hosted'];
export const REGIONS = ['asia', 'europe', 'america'];

export default function Clients() {
  const { t } = useNamespace('rtc', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<RtcClient> | null>(null);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  const vendorOptions = VENDORS.map((v) => ({ value: v, label: t(`vendor_${v}`) }));
  return (
    <Card title={t('clients')} variant="borderless">
      <ListPage<RtcClient>
        handle={list}
        rowKey="id"
        testId="rtc-clients"
        load={(q, page, pageSize) => api.get<Page<RtcClient>>('/rtc-service/clients', { clientName: q.clientName as string, mode: q.mode as string, vendor: q.vendor as string, page, pageSize })}
        search={
          <>
            <Form.Item name="clientName" label={t('clientName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="vendor" label={t('vendor')}>
              <Select allowClear style={{ width: 160 }} options={vendorOptions} />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="rtc:client:add">
            <Button type="primary" onClick={() => setEditing({ enabled: true, vendor: 'agora', region: 'asia' })} data-testid="add-client">
              {t('addClient')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('clientName'), dataIndex: 'clientName' },
          { title: t('vendor'), dataIndex: 'vendor', render: (v: string) => t(`vendor_${v}`) },
          { title: t('appId'), dataIndex: 'appId', render: (v: string) => <code>{v}</code> },
          { title: t('region'), dataIndex: 'region', render: (v: string) => t(`region_${v}`) },
          { title: t('enabled'), dataIndex: 'enabled', render: (v: boolean) => (v ? <Tag color="green">{t('enabled')}</Tag> : <Tag>{t('disabled')}</Tag>) },
          { title: t('remark'), dataIndex: 'remark', ellipsis: true },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('rtc:client:edit') ? () => setEditing(row) : undefined}
                remove={may('rtc:client:delete') ? { name: row.clientName, confirm: (typed) => api.delete(`/rtc-service/clients/${row.id}`, { confirmName: typed }).then(done) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<RtcClient>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addClient')}
        failure={editing?.id ? 'modify' : 'add'}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.put(`/rtc-service/clients/${editing.id}`, { ...values, version: editing.version }, { quiet: true }).then(done)
            : api.post('/rtc-service/clients', values, { quiet: true }).then(done)
        }
      >
        <Form.Item name="clientName" label={t('clientName')} rules={[{ required: true, min: 2, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="vendor" label={t('vendor')} rules={[{ required: true }]}>
          <Select options={vendorOptions} />
        </Form.Item>
        <Form.Item name="appId" label={t('appId')} rules={[{ required: true, max: 64, pattern: /^[A-Za-z0-9_-]+$/ }]}>
          <Input />
        </Form.Item>
        <Form.Item name="region" label={t('region')} rules={[{ required: true }]}>
          <Select options={REGIONS.map((r) => ({ value: r, label: t(`region_${r}`) }))} />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={3} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
