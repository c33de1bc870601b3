import { api, useNamespace } from '@console/sdk';
import type { Page } from '@console/sdk';
import { ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, Drawer, Form, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';

import { resources } from './i18n';
import { text, when } from './types';

interface Station {
  id: string;
  stationId: string;
  name: string;
  productName: string;
  lastReportedAt: number;
  devices: string[];
}

interface StationRecord {
  id: string;
  sn: string;
  kind: 'water' | 'work';
  action: string;
  waterMl: number;
  duration: number;
  result: string;
  startTime: number;
}

/** A station's water production and work, newest first. */
function StationRecords({ stationId }: { stationId: string }) {
  const { t } = useNamespace('device', resources);
  return (
    <ListPage<StationRecord>
      params={stationId}
      rowKey="id"
      testId="station-records"
      load={(values, page, pageSize) =>
        api.get<Page<StationRecord>>(`/device-service/base-stations/${encodeURIComponent(stationId)}/records`, { kind: values.kind as string | undefined, page, pageSize })
      }
      search={
        <Form.Item name="kind" label={t('recordKind')}>
          <Select allowClear style={{ width: 160 }} options={['water', 'work'].map((k) => ({ value: k, label: t(`station_${k}`) }))} />
        </Form.Item>
      }
      columns={[
        { title: t('startTime'), dataIndex: 'startTime', render: when },
        { title: t('recordKind'), render: (_, r: StationRecord) => (r.kind === 'water' ? t('station_water') : t(`station_${r.action}`)) },
        { title: t('water'), dataIndex: 'waterMl', render: (ml: number) => `${ml} ml` },
        { title: t('duration'), dataIndex: 'duration', render: (s: number) => `${Math.round(s / 60)} min` },
        { title: t('result'), dataIndex: 'result', render: (r: string) => t(`cleaning_${r}`) },
        { title: 'SN', dataIndex: 'sn' },
      ]}
    />
  );
}

/** Base stations (base-station-info): the docks devices name, the devices on each, their records. */
export default function BaseStations() {
  const { t } = useNamespace('device', resources);
  const [open, setOpen] = useState<Station>();
  return (
    <Card title={t('baseStations')} variant="borderless">
      <ListPage<Station>
        rowKey="id"
        testId="base-stations"
        load={(values, page, pageSize) =>
          api.get<Page<Station>>('/device-service/base-stations', { stationId: text(values.stationId), name: text(values.name), mode: values.mode as string | undefined, page, pageSize })
        }
        search={
          <>
            <Form.Item name="stationId" label={t('stationId')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="name" label={t('stationName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          {
            title: t('stationId'),
            dataIndex: 'stationId',
            render: (id: string, s: Station) => (
              <a data-testid={`station-${id}`} onClick={() => setOpen(s)}>
                {id}
              </a>
            ),
          },
          { title: t('stationName'), dataIndex: 'name' },
          { title: t('product'), dataIndex: 'productName' },
          {
            title: t('devices'),
            dataIndex: 'devices',
            render: (sns: string[]) => (
              <Space wrap>
                {sns.map((sn) => (
                  <Tag key={sn}>{sn}</Tag>
                ))}
              </Space>
            ),
          },
          { title: t('lastReportedAt'), dataIndex: 'lastReportedAt', render: when },
        ]}
      />
      {open && (
        <Drawer open size={760} title={`${open.name} · ${open.stationId}`} onClose={() => setOpen(undefined)}>
          <StationRecords stationId={open.stationId} />
        </Drawer>
      )}
    </Card>
  );
}
