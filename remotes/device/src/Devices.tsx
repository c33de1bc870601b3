import { api, useNamespace } from '@console/sdk';
import { ListPage, SearchModeField } from '@console/sdk/ui';
import type { Page } from '@console/sdk';
import { Card, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';

import DeviceDrawer from './DeviceDrawer';
import { resources } from './i18n';
import { type Device, WORK_STATES, when } from './types';

/** The device list (deviceInfo): what each device reported last, online by its heartbeats. */
export default function Devices() {
  const { t } = useNamespace('device', resources);
  const [open, setOpen] = useState<string>();
  return (
    <Card title={t('devices')} variant="borderless">
      <ListPage<Device>
        rowKey="id"
        testId="devices"
        load={(values, page, pageSize) =>
          api.get<Page<Device>>('/device-service/devices', {
            sn: ((values.sn as string | undefined) ?? '').trim() || undefined,
            mode: values.mode as string | undefined,
            online: values.online as string | undefined,
            workState: values.workState as string | undefined,
            firmwareVersion: ((values.firmwareVersion as string | undefined) ?? '').trim() || undefined,
            page,
            pageSize,
          })
        }
        search={
          <>
            <Form.Item name="sn" label="SN">
              <Input allowClear data-testid="device-sn" />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="online" label={t('presence')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 'true', label: t('online') },
                  { value: 'false', label: t('offline') },
                ]}
              />
            </Form.Item>
            <Form.Item name="workState" label={t('workState')}>
              <Select allowClear style={{ width: 160 }} options={WORK_STATES.map((s) => ({ value: s, label: t(`state_${s}`) }))} />
            </Form.Item>
            <Form.Item name="firmwareVersion" label={t('firmwareVersion')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
          </>
        }
        columns={[
          {
            title: 'SN',
            dataIndex: 'sn',
            render: (sn: string) => (
              <a data-testid={`device-${sn}`} onClick={() => setOpen(sn)}>
                {sn}
              </a>
            ),
          },
          { title: t('nickname'), dataIndex: 'nickname', render: (name: string) => name || '—' },
          { title: t('product'), dataIndex: 'productName' },
          { title: t('presence'), dataIndex: 'online', render: (on: boolean) => (on ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('offline')}</Tag>) },
          { title: t('workState'), dataIndex: 'workState', render: (s: string) => t(`state_${s}`) },
          { title: t('firmwareVersion'), dataIndex: 'firmwareVersion' },
          { title: t('location'), dataIndex: 'region' },
          { title: t('lastLoginIp'), dataIndex: 'lastLoginIp' },
          { title: t('signal'), dataIndex: 'signal', render: (v?: number) => (v === undefined || v === null ? '—' : `${v} dBm`) },
          { title: t('lastSeenAt'), dataIndex: 'lastSeenAt', render: when },
        ]}
      />
      {open && <DeviceDrawer sn={open} onClose={() => setOpen(undefined)} />}
    </Card>
  );
}
