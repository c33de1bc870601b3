import { api, usePermission, type ApiSchemas } from '@console/sdk';
import { ListPage, useConfirm, type ListHandle } from '@console/sdk/ui';
import { App, Button, Drawer, Space, Switch, Table, Tag, Tooltip } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';
import { DeviceKeys } from './DeviceKeys';

type PluginStatus = ApiSchemas['PluginStatus'];
type TenantUse = ApiSchemas['TenantUse'];

/** Which enterprises use a plugin; switch one, or many at once. */
function Enterprises({ plugin, onClose }: { plugin: PluginStatus; onClose: () => void }) {
  const { t } = useTranslation();
  const may = usePermission();
  const [rows, setRows] = useState<TenantUse[] | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const load = () => void api.post<TenantUse[]>('/plugin-admin/plugins/tenants', { pluginId: plugin.id }).then(setRows);
  if (rows === null) load();
  const set = (tenantIds: number[], enabled: boolean, allTenants = false) =>
    api.post('/plugin-admin/plugins/enable', { pluginId: plugin.id, tenantIds, enabled, allTenants }).then(() => {
      setSelected([]);
      load();
    });
  const canEnable = may('plugin:enable');
  return (
    <Drawer open size={560} title={t('plugins.enableFor', { name: plugin.name })} onClose={onClose}>
      {canEnable && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Button disabled={!selected.length} onClick={() => void set(selected, true)}>
            {t('common.enable')} ({selected.length})
          </Button>
          <Button disabled={!selected.length} onClick={() => void set(selected, false)}>
            {t('common.disable')} ({selected.length})
          </Button>
          <Button type="primary" onClick={() => void set([], true, true)}>
            {t('common.enable')} · {t('layout.allTenants')}
          </Button>
        </Space>
      )}
      <Table<TenantUse>
        rowKey="tenantId"
        size="small"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={false}
        rowSelection={canEnable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined}
        columns={[
          { title: t('layout.tenant'), dataIndex: 'tenantName' },
          {
            title: t('common.status'),
            render: (_, row) => (
              <Space>
                <Switch size="small" checked={row.enabled} disabled={!canEnable} onChange={(on) => void set([row.tenantId], on)} />
                {!row.explicit && <Tag>{t('plugins.enabledByDefault')}</Tag>}
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}

export default function Plugins() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = usePermission();
  const confirm = useConfirm();
  const list = useRef<ListHandle>(null);
  const [managing, setManaging] = useState<PluginStatus | null>(null);
  const [keysOf, setKeysOf] = useState<PluginStatus | null>(null);
  return (
    <PageCard title={t('plugins.title')}>
      <ListPage<PluginStatus>
        handle={list}
        rowKey="id"
        pagination={false}
        load={async () => {
          const rows = await api.post<PluginStatus[]>('/plugin-admin/plugins/list');
          return { list: rows, total: rows.length, page: 1, pageSize: rows.length };
        }}
        columns={[
          {
            title: t('common.name'),
            render: (_, row) => (
              <span>
                {row.name} <Tag>{row.id}</Tag>
              </span>
            ),
          },
          { title: t('plugins.version'), dataIndex: 'version' },
          { title: t('plugins.contract'), dataIndex: 'contract' },
          { title: t('plugins.mount'), dataIndex: 'mount', render: (v: string) => (v ? <code>/api/{v}</code> : null) },
          {
            title: t('common.status'),
            render: (_, row) =>
              row.status === 'loaded' ? (
                <Tag color="green">{t('plugins.loaded')}</Tag>
              ) : (
                <Tooltip title={row.error}>
                  <Tag color="red">{t('plugins.failed')}</Tag>
                </Tooltip>
              ),
          },
          { title: t('plugins.calls'), dataIndex: 'calls' },
          { title: t('plugins.traps'), render: (_, row) => `${row.traps} / ${row.timeouts}` },
          { title: t('plugins.memory'), dataIndex: 'memoryPeakBytes', render: (v: number) => `${(v / 1048576).toFixed(1)} MiB` },
          {
            title: t('common.actions'),
            render: (_, row) => (
              <Space>
                {row.status === 'loaded' && <a onClick={() => setManaging(row)}>{t('plugins.enterprises')}</a>}
                {row.status === 'loaded' && may('plugin:device-key') && <a onClick={() => setKeysOf(row)}>{t('plugins.deviceKeys')}</a>}
                {may('plugin:reload') && (
                  <a
                    onClick={() =>
                      confirm(`${t('common.reload')} ${row.name}?`, null, () =>
                        api.post('/plugin-admin/plugins/reload', { pluginId: row.id }).then(() => {
                          void message.success(t('plugins.reloaded'));
                          list.current?.reload();
                        }),
                      )
                    }
                  >
                    {t('common.reload')}
                  </a>
                )}
              </Space>
            ),
          },
        ]}
      />
      {managing && <Enterprises plugin={managing} onClose={() => setManaging(null)} />}
      {keysOf && <DeviceKeys plugin={keysOf} onClose={() => setKeysOf(null)} />}
    </PageCard>
  );
}
