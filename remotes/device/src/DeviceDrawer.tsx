import { api, formatReading, useNamespace, usePagePermission, usePermission } from '@console/sdk';
import { App, Button, Descriptions, Drawer, Empty, Space, Spin, Table, Tabs, Tag, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';

import CleaningRecords from './CleaningRecords';
import ControlForm from './ControlForm';
import { resources } from './i18n';
import { useReasonPrompt } from './reason';
import { type Binding, type Command, commandColor, type DeviceDetail, shownValue, when } from './types';

// The charts library comes with the history tab, when it is first opened, not with the list.
const PropertyHistory = lazy(() => import('./PropertyHistory'));

/** How often an open device is read again: its properties change as it reports. */
export const REFRESH_MS = 2000;

/** One device: what it is, its live properties, recent events and commands, and its control form. */
export default function DeviceDrawer({ sn, onClose }: { sn: string; onClose: () => void }) {
  const { t } = useNamespace('device', resources);
  const may = usePermission();
  // Reset and unbind are buttons of their own pages; the drawer offers them where those pages would.
  const mayReset = usePagePermission('/device-manage/deviceReset')('device:reset:send');
  const mayUnbind = usePagePermission('/device-manage/userDevice')('device:binding:edit');
  const [detail, setDetail] = useState<DeviceDetail>();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    api.get<DeviceDetail>(`/device-service/devices/${encodeURIComponent(sn)}`, undefined, { quiet: tick > 0 }).then(
      (answer) => live && setDetail(answer),
      () => undefined,
    );
    const timer = setTimeout(() => setTick((n) => n + 1), REFRESH_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [sn, tick]);

  const { message } = App.useApp();
  const askReason = useReasonPrompt();
  /** Factory initialisation is reviewed by another user (auditList or the process centre). */
  const applyInitialisation = () =>
    askReason({
      title: t('initialiseTitle', { sn }),
      hint: t('initialiseHint'),
      placeholder: t('reason'),
      testId: 'initialise-reason',
      onOk: (reason) => api.post(`/device-service/devices/${encodeURIComponent(sn)}/initialisation`, { reason }).then(() => void message.success(t('applied'))),
    });

  const reset = () =>
    askReason({
      title: t('resetTitle', { sn }),
      hint: t('resetHint'),
      placeholder: t('reason'),
      testId: 'reset-reason',
      onOk: (reason) => api.post(`/device-service/devices/${encodeURIComponent(sn)}/reset`, { reason }).then(() => void message.success(t('resetSent'))),
    });
  const unbind = (binding: Binding) =>
    askReason({
      title: t('unbindTitle', { sn, family: binding.familyName }),
      placeholder: t('reason'),
      testId: 'unbind-reason',
      onOk: (reason) => api.post(`/device-service/bindings/${encodeURIComponent(sn)}/unbind`, { reason }).then(() => void message.success(t('unbound'))),
    });

  const device = detail?.device;
  const properties = detail?.thingModel.properties ?? [];
  return (
    <Drawer
      open
      title={sn}
      onClose={onClose}
      size={760}
      data-testid="device-drawer"
      extra={
        <Space>
          {detail?.binding && mayUnbind && (
            <Button data-testid="unbind-device" onClick={() => detail.binding && unbind(detail.binding)}>
              {t('unbind')}
            </Button>
          )}
          {mayReset && (
            <Button data-testid="reset-device" disabled={!device?.online} onClick={reset}>
              {t('reset')}
            </Button>
          )}
          {may('device:info:initialise') && (
            <Button danger data-testid="apply-initialisation" onClick={applyInitialisation}>
              {t('initialise')}
            </Button>
          )}
        </Space>
      }
    >
      {device && detail && (
        <Tabs
          items={[
            {
              key: 'info',
              label: t('info'),
              children: (
                <Descriptions column={2} size="small" bordered>
                  <Descriptions.Item label={t('nickname')}>{device.nickname || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('presence')}>{device.online ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('offline')}</Tag>}</Descriptions.Item>
                  <Descriptions.Item label={t('workState')}>{t(`state_${device.workState}`)}</Descriptions.Item>
                  <Descriptions.Item label={t('product')}>{device.productName}</Descriptions.Item>
                  <Descriptions.Item label={t('location')}>{device.region}</Descriptions.Item>
                  <Descriptions.Item label={t('firmwareVersion')}>{device.firmwareVersion}</Descriptions.Item>
                  <Descriptions.Item label={t('softwareVersion')}>{device.softwareVersion}</Descriptions.Item>
                  <Descriptions.Item label={t('packageVersion')}>{device.packageVersion || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('lanIp')}>{device.lanIp || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('lastLoginIp')}>{device.lastLoginIp || '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('signal')}>{device.signal ?? '—'} dBm</Descriptions.Item>
                  <Descriptions.Item label={t('delay')}>{device.delay ?? '—'} ms</Descriptions.Item>
                  <Descriptions.Item label={t('packetLoss')}>{device.packetLoss ?? '—'} %</Descriptions.Item>
                  <Descriptions.Item label={t('baseStation')}>{device.baseStationId ? `${device.baseStationName} (${device.baseStationId})` : '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('registeredAt')}>{when(device.registeredAt)}</Descriptions.Item>
                  <Descriptions.Item label={t('lastSeenAt')}>{when(device.lastSeenAt)}</Descriptions.Item>
                  <Descriptions.Item label={t('lastOnlineAt')}>{when(device.lastOnlineAt)}</Descriptions.Item>
                  <Descriptions.Item label={t('lastOfflineAt')}>{when(device.lastOfflineAt)}</Descriptions.Item>
                  <Descriptions.Item label={t('family')}>{detail.binding ? `${detail.binding.familyName} (${detail.binding.familyId})` : '—'}</Descriptions.Item>
                  <Descriptions.Item label={t('appUser')}>{detail.binding?.account ?? '—'}</Descriptions.Item>
                </Descriptions>
              ),
            },
            {
              key: 'properties',
              label: t('properties'),
              children: (
                <Table
                  size="small"
                  rowKey="identifier"
                  pagination={false}
                  data-testid="device-properties"
                  dataSource={properties}
                  columns={[
                    { title: t('property'), render: (_, p) => `${p.name} (${p.identifier})` },
                    {
                      title: t('value'),
                      render: (_, p) => {
                        const desired = detail.desired?.[p.identifier];
                        return (
                          <Space size={4}>
                            <span data-testid={`value-${p.identifier}`}>{p.identifier in detail.shadow ? formatReading(detail.shadow[p.identifier].value, p.dataType) : '—'}</span>
                            {desired && (
                              <Tooltip title={t('desiredTip', { time: when(desired.since) })}>
                                <Tag color="processing" data-testid={`desired-${p.identifier}`}>
                                  {t('desired')}: {formatReading(desired.value, p.dataType)}
                                </Tag>
                              </Tooltip>
                            )}
                          </Space>
                        );
                      },
                    },
                    { title: t('reportedAt'), render: (_, p) => when(detail.shadow[p.identifier]?.time) },
                  ]}
                />
              ),
            },
            {
              key: 'events',
              label: t('events'),
              children: detail.events.length ? (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={detail.events}
                  columns={[
                    { title: t('event'), dataIndex: 'identifier' },
                    {
                      title: t('eventType'),
                      dataIndex: 'eventType',
                      render: (type: string) => <Tag color={type === 'fault' ? 'red' : type === 'alert' ? 'orange' : 'blue'}>{t(`event_${type}`)}</Tag>,
                    },
                    { title: t('params'), dataIndex: 'params', render: shownValue },
                    { title: t('reportedAt'), dataIndex: 'at', render: when },
                  ]}
                />
              ) : (
                <Empty />
              ),
            },
            {
              key: 'control',
              label: t('control'),
              children: (
                <>
                  {may('device:info:control') && <ControlForm sn={sn} model={detail.thingModel} online={device.online} />}
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    style={{ marginTop: 16 }}
                    data-testid="device-commands"
                    dataSource={detail.commands}
                    columns={[
                      { title: t('command'), render: (_, c: Command) => (c.kind === 'set' ? t('setProperties') : c.kind === 'reset' ? t('reset') : c.identifier) },
                      { title: t('params'), dataIndex: 'params', render: shownValue },
                      {
                        title: t('state'),
                        render: (_, c: Command) => (
                          <>
                            <Tag color={commandColor[c.state]}>{t(`command_${c.state}`)}</Tag>
                            {c.state === 'pending' && c.expiresAt - c.sentAt > 30_000 && <span data-testid="command-kept">{`${t('expiresAt')} ${when(c.expiresAt)}`}</span>}
                          </>
                        ),
                      },
                      { title: t('answer'), render: (_, c: Command) => (c.state === 'failed' ? c.message : Object.keys(c.output).length ? shownValue(c.output) : '') },
                      { title: t('sentAt'), dataIndex: 'sentAt', render: when },
                      { title: t('by'), dataIndex: 'by' },
                    ]}
                  />
                </>
              ),
            },
            {
              key: 'history',
              label: t('history'),
              children: (
                <Suspense fallback={<Spin />}>
                  <PropertyHistory sn={sn} model={detail.thingModel} />
                </Suspense>
              ),
            },
            { key: 'cleaning', label: t('cleaningRecords'), children: <CleaningRecords sn={sn} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
