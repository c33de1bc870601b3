import { api, usePermission, type ApiSchemas } from '@console/sdk';
import { ModalForm, RowActions } from '@console/sdk/ui';
import { Alert, Button, Drawer, Form, Input, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type DeviceKey = ApiSchemas['DeviceKey'];

/** The device keys of one plugin for one enterprise (or the platform): issue, shown once, revoke by name. */
export function DeviceKeys({ plugin, onClose }: { plugin: { id: string; name: string; mount: string }; onClose: () => void }) {
  const { t } = useTranslation();
  const may = usePermission();
  const [tenants, setTenants] = useState<{ value: number; label: string }[]>([]);
  const [tenantId, setTenantId] = useState(0);
  const [keys, setKeys] = useState<DeviceKey[] | null>(null);
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);

  useEffect(() => {
    api.post<{ tenantId: number; tenantName: string }[]>('/plugin-admin/plugins/tenants', { pluginId: plugin.id }).then(
      (rows) => setTenants(rows.map((r) => ({ value: r.tenantId, label: r.tenantName }))),
      () => setTenants([]),
    );
  }, [plugin.id]);
  const load = useCallback(() => {
    setKeys(null);
    api.post<DeviceKey[]>('/plugin-admin/device-keys/list', { pluginId: plugin.id, tenantId }).then(setKeys, () => setKeys([]));
  }, [plugin.id, tenantId]);
  useEffect(load, [load]);

  return (
    <Drawer open size={640} title={t('plugins.deviceKeysFor', { name: plugin.name })} onClose={onClose} data-testid="device-keys">
      <Typography.Paragraph type="secondary">{t('plugins.deviceKeysHint', { mount: plugin.mount })}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Select style={{ width: 260 }} value={tenantId} onChange={setTenantId} options={[{ value: 0, label: t('plugins.platformDevices') }, ...tenants]} aria-label={t('layout.tenant')} />
        <Button
          type="primary"
          onClick={() => {
            setIssued(null);
            setIssuing(true);
          }}
          data-testid="issue-device-key"
        >
          {t('plugins.issue')}
        </Button>
      </Space>
      {issued && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('plugins.issued')}
          description={
            <Typography.Text code copyable data-testid="issued-device-key">
              {issued}
            </Typography.Text>
          }
        />
      )}
      <Table<DeviceKey>
        rowKey="id"
        size="small"
        loading={keys === null}
        dataSource={keys ?? []}
        pagination={false}
        columns={[
          { title: t('plugins.keyName'), dataIndex: 'name' },
          { title: t('plugins.keyHint'), dataIndex: 'keyHint', render: (v: string) => <code>…{v}</code> },
          { title: t('plugins.signed'), dataIndex: 'requireSignature', render: (v: boolean) => (v ? <Tag color="blue">{t('plugins.signed')}</Tag> : null) },
          { title: t('plugins.lastUsed'), dataIndex: 'lastUsedAt', render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : t('plugins.never')) },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <RowActions
                remove={
                  may('plugin:device-key')
                    ? { name: row.name, label: t('plugins.revoke'), confirm: (typed) => api.post('/plugin-admin/device-keys/delete', { tenantId, id: row.id, confirmName: typed }).then(load) }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<{ name: string; requireSignature?: boolean }>
        open={issuing}
        title={t('plugins.issue')}
        onClose={() => setIssuing(false)}
        onSubmit={(values) =>
          api
            .post<{ key: string }>('/plugin-admin/device-keys/add', { pluginId: plugin.id, tenantId, name: values.name, requireSignature: values.requireSignature ?? false }, { quiet: true })
            .then((answer) => {
              setIssued(answer.key);
              load();
            })
        }
      >
        <Form.Item
          name="name"
          label={t('plugins.keyName')}
          rules={[
            { required: true, max: 64, message: t('plugins.keyNameRule') },
            { pattern: /^(?!\s*sn:)/, message: t('plugins.keyNameRule') },
          ]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="requireSignature" label={t('plugins.requireSignature')} valuePropName="checked" extra={t('plugins.requireSignatureHint')}>
          <Switch />
        </Form.Item>
      </ModalForm>
    </Drawer>
  );
}
