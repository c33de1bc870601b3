import { api, formatTime, useNamespace, usePermission } from '@console/sdk';
import { ModalForm, RowActions } from '@console/sdk/ui';
import { Alert, Button, Card, Form, Input, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';

import { resources } from './i18n';

interface FleetKey {
  id: number;
  name: string;
  hint: string;
  requireSignature: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

interface Endpoints {
  publicUrl: string | null;
  mqttUrl: string | null;
  mqttPort: number | null;
  mqttsPort: number | null;
}

/** The longest name of a fleet key (the host's rule). */
const MAX_NAME = 64;

/** Where devices reach this console: what the operator configured, else this page's own address. */
export function deviceAddresses(endpoints: Endpoints | null, location: { origin: string; hostname: string }) {
  const http = (endpoints?.publicUrl ?? location.origin).replace(/\/+$/, '');
  const host = endpoints?.publicUrl ? new URL(endpoints.publicUrl).hostname : location.hostname;
  return {
    http,
    mqtt: endpoints?.mqttUrl ?? (endpoints?.mqttPort ? `mqtt://${host}:${endpoints.mqttPort}` : null),
    mqtts: endpoints?.mqttsPort ? `mqtts://${host}:${endpoints.mqttsPort}` : null,
  };
}

/**
 * Fleet keys: the enterprise's administrators issue the keys its devices activate with (shown
 * once), revoke them by their name typed again, and read how a device connects.
 */
export default function FleetKeys() {
  const { t } = useNamespace('device', resources);
  const may = usePermission();
  const [keys, setKeys] = useState<FleetKey[] | null>(null);
  const [endpoints, setEndpoints] = useState<Endpoints | null>(null);
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);

  const load = useCallback(() => {
    api.get<FleetKey[]>('/device-service/fleet-keys').then(setKeys, () => setKeys([]));
  }, []);
  useEffect(load, [load]);
  useEffect(() => {
    api.get<Endpoints>('/plugin-admin/device-endpoints').then(setEndpoints, () => setEndpoints(null));
  }, []);
  const at = deviceAddresses(endpoints, window.location);
  const activate = `${at.http}/api/device/device-service/thing/activate`;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('fleetKeys')}
        extra={
          may('device:fleet-key:issue') && (
            <Button
              type="primary"
              onClick={() => {
                setIssued(null);
                setIssuing(true);
              }}
              data-testid="issue-fleet-key"
            >
              {t('issueFleetKey')}
            </Button>
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('fleetKeysHint')}</Typography.Paragraph>
        {issued && (
          <Alert
            type="warning"
            showIcon
            closable
            onClose={() => setIssued(null)}
            style={{ marginBottom: 12 }}
            message={t('fleetKeyIssued')}
            description={
              <Typography.Text code copyable data-testid="issued-fleet-key">
                {issued}
              </Typography.Text>
            }
          />
        )}
        <Table<FleetKey>
          rowKey="id"
          size="small"
          data-testid="fleet-keys"
          loading={keys === null}
          dataSource={keys ?? []}
          pagination={false}
          locale={{ emptyText: <Typography.Text type="secondary">{t('noFleetKeys')}</Typography.Text> }}
          columns={[
            { title: t('fleetKeyName'), dataIndex: 'name' },
            { title: t('fleetKeyHint'), dataIndex: 'hint', render: (hint: string) => <code>…{hint}</code> },
            { title: t('fleetKeySigned'), dataIndex: 'requireSignature', render: (signed: boolean) => (signed ? <Tag color="blue">{t('fleetKeySignedTag')}</Tag> : t('fleetKeyUnsigned')) },
            { title: t('fleetKeyCreated'), dataIndex: 'createdAt', render: (ms: number) => formatTime(ms) },
            { title: t('fleetKeyUsed'), dataIndex: 'lastUsedAt', render: (ms: number | null) => (ms ? formatTime(ms) : t('fleetKeyNeverUsed')) },
            {
              title: t('actions'),
              render: (_, row) => (
                <RowActions
                  remove={
                    may('device:fleet-key:revoke')
                      ? { name: row.name, label: t('revokeFleetKey'), confirm: (typed) => api.post(`/device-service/fleet-keys/${row.id}/revoke`, { confirmName: typed }).then(load) }
                      : undefined
                  }
                />
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('howDevicesConnect')} data-testid="device-connection">
        <Typography.Paragraph>
          <Typography.Text strong>1. {t('connectActivate')}</Typography.Text>
          <br />
          {t('connectActivateText')}
        </Typography.Paragraph>
        <Typography.Paragraph>
          <Typography.Text code copyable data-testid="activation-url">
            POST {activate}
          </Typography.Text>
        </Typography.Paragraph>
        <pre style={{ whiteSpace: 'pre-wrap', margin: '0 0 16px' }}>
          {`Authorization: Device <${t('fleetKey')}>\n{"sn": "…", "productKey": "…", "message": "activate:<SN>:<unix ms>",\n "signature": "hex(HMAC-SHA256(<${t('snKey')}>, message))"}`}
        </pre>
        <Typography.Paragraph>
          <Typography.Text strong>2. {t('connectHttp')}</Typography.Text>
          <br />
          {t('connectHttpText')}
          <br />
          <Typography.Text code copyable data-testid="http-url">{`${at.http}/api/device/device-service/thing/event/property/post`}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          <Typography.Text strong>3. {t('connectMqtt')}</Typography.Text>
          <br />
          {at.mqtt ? (
            <Typography.Text code copyable data-testid="mqtt-url">
              {at.mqtt}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" data-testid="mqtt-url">
              {t('connectMqttNone')}
            </Typography.Text>
          )}
          {at.mqtts && (
            <>
              {' '}
              <Typography.Text code copyable data-testid="mqtts-url">
                {at.mqtts}
              </Typography.Text>
            </>
          )}
          <br />
          {t('connectMqttText')}
        </Typography.Paragraph>
        <pre style={{ whiteSpace: 'pre-wrap', margin: '0 0 16px' }}>
          {`user name: <SN>&<productKey>\nclient id: <id>|timestamp=<unix ms>|\npassword:  hex(HMAC-SHA256(<${t('snKey')}>, clientId + SN + productKey + timestamp))`}
        </pre>
        <Typography.Paragraph>
          <Typography.Text strong>4. {t('connectSigned')}</Typography.Text>
          <br />
          {t('connectSignedText')}
        </Typography.Paragraph>
      </Card>
      <ModalForm<{ name: string; requireSignature?: boolean }>
        open={issuing}
        title={t('issueFleetKey')}
        failure="add"
        onClose={() => setIssuing(false)}
        onSubmit={(values) =>
          api.post<{ key: string }>('/device-service/fleet-keys', { name: values.name, requireSignature: values.requireSignature ?? false }, { quiet: true }).then((answer) => {
            setIssued(answer.key);
            load();
          })
        }
      >
        <Form.Item
          name="name"
          label={t('fleetKeyName')}
          extra={t('fleetKeyNameRule', { max: MAX_NAME })}
          rules={[
            { required: true, whitespace: true, message: t('required') },
            { max: MAX_NAME, message: t('fleetKeyNameRule', { max: MAX_NAME }) },
            { pattern: /^(?!\s*sn:)/, message: t('fleetKeyNameRule', { max: MAX_NAME }) },
          ]}
        >
          <Input maxLength={MAX_NAME} data-testid="fleet-key-name" />
        </Form.Item>
        <Form.Item name="requireSignature" label={t('fleetKeyRequireSignature')} valuePropName="checked" extra={t('fleetKeyRequireSignatureHint')}>
          <Switch data-testid="fleet-key-signed" />
        </Form.Item>
      </ModalForm>
    </Space>
  );
}
