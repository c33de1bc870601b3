import { api, type ApiSchemas, usePermission } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm } from '@console/sdk/ui';
import { Alert, App, Form, Input, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';

type ServiceArea = ApiSchemas['ServiceAreaRow'];
type Servers = ApiSchemas['ServiceAreaServers'];

// What the host's `validate::API_SERVER` and `MQTT_SERVER` take, checked here before sending: a
// scheme, a host name or an IP address, a port (required for MQTT), nothing after.
const HOST = String.raw`([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])`;
export const API_SERVER = new RegExp(String.raw`^https?://${HOST}(:\d{1,5})?$`);
export const MQTT_SERVER = new RegExp(String.raw`^(mqtts?|wss?)://${HOST}:\d{1,5}$`);

/** Each service area's servers: where the apps and the devices of that area connect. */
export default function ServiceAreaConfig() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<ServiceArea | null>(null);
  const address = (value: string) => (value ? <Typography.Text code>{value}</Typography.Text> : <Typography.Text type="secondary">{t('areas.notConfigured')}</Typography.Text>);
  return (
    <PageCard title={t('areas.configTitle')}>
      <Alert type="info" showIcon message={t('areas.configHint')} style={{ marginBottom: 16 }} />
      <ListPage<ServiceArea>
        params="/sync-service/serviceAreaConfig/simpleList"
        handle={list}
        rowKey="id"
        pagination={false}
        load={async () => {
          const rows = await api.get<ServiceArea[]>('/sync-service/serviceAreaConfig/simpleList');
          return { list: rows, total: rows.length, page: 1, pageSize: rows.length };
        }}
        columns={[
          { title: t('areas.areaName'), dataIndex: 'areaName' },
          { title: t('areas.areaCode'), dataIndex: 'areaCode', render: (v: string) => <code>{v}</code> },
          { title: t('areas.apiServer'), dataIndex: 'apiServer', render: address },
          { title: t('areas.mqttServer'), dataIndex: 'mqttServer', render: address },
          {
            title: t('common.actions'),
            render: (_, row) =>
              may('service-area-config:edit') ? (
                <a data-testid={`configure-${row.areaCode}`} onClick={() => setEditing(row)}>
                  {t('areas.configure')}
                </a>
              ) : null,
          },
        ]}
      />
      <ModalForm<Servers>
        open={editing !== null}
        title={`${t('areas.configure')}: ${editing?.areaName ?? ''}`}
        failure="modify"
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          api.post('/sync-service/serviceAreaConfig/servers', { ...values, id: editing?.id }, { quiet: true }).then(() => {
            void message.success(t('common.saved'));
            list.current?.reload();
          })
        }
      >
        <Form.Item name="apiServer" label={t('areas.apiServer')} extra={t('areas.apiServerRule')} rules={[{ pattern: API_SERVER, message: t('areas.apiServerRule') }]}>
          <Input placeholder="https://api.example.com" />
        </Form.Item>
        <Form.Item name="mqttServer" label={t('areas.mqttServer')} extra={t('areas.mqttServerRule')} rules={[{ pattern: MQTT_SERVER, message: t('areas.mqttServerRule') }]}>
          <Input placeholder="mqtts://mqtt.example.com:8883" />
        </Form.Item>
      </ModalForm>
    </PageCard>
  );
}
