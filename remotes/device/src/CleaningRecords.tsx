import { api, useNamespace } from '@console/sdk';
import type { Page } from '@console/sdk';
import { ListPage } from '@console/sdk/ui';
import { Form, Image, Select } from 'antd';
import { useState } from 'react';

import { resources } from './i18n';
import { CLEANING_MODES, type CleaningRecord, when } from './types';

/** A record's map, through a signed link asked for when it is shown. */
function MapLink({ id }: { id: string }) {
  const { t } = useNamespace('device', resources);
  const [url, setUrl] = useState<string>();
  if (url) return <Image src={url} width={96} data-testid="cleaning-map" />;
  return <a onClick={() => void api.get<{ url: string }>(`/device-service/cleaning-records/${id}/map`).then((a) => setUrl(a.url))}>{t('showMap')}</a>;
}

/** A robot's cleaning records: mode, area, duration, how it started, the result and its map. */
export default function CleaningRecords({ sn }: { sn: string }) {
  const { t } = useNamespace('device', resources);
  return (
    <ListPage<CleaningRecord>
      params={sn}
      rowKey="id"
      testId="cleaning-records"
      load={(values, page, pageSize) => api.get<Page<CleaningRecord>>('/device-service/cleaning-records', { sn, mode: values.mode as string | undefined, page, pageSize })}
      search={
        <Form.Item name="mode" label={t('cleaningMode')}>
          <Select allowClear style={{ width: 180 }} options={CLEANING_MODES.map((m) => ({ value: m, label: t(`mode_${m}`) }))} />
        </Form.Item>
      }
      columns={[
        { title: t('startTime'), dataIndex: 'startTime', render: when },
        { title: t('cleaningMode'), dataIndex: 'mode', render: (m: string) => t(`mode_${m}`) },
        { title: t('area'), dataIndex: 'area', render: (a: number) => `${a} m²` },
        { title: t('duration'), dataIndex: 'duration', render: (s: number) => `${Math.round(s / 60)} min` },
        { title: t('method'), dataIndex: 'method', render: (m: string) => t(`method_${m}`) },
        { title: t('preference'), dataIndex: 'preference' },
        { title: t('result'), dataIndex: 'result', render: (r: string) => t(`cleaning_${r}`) },
        { title: t('map'), render: (_, r: CleaningRecord) => (r.map ? <MapLink id={r.id} /> : '—') },
      ]}
    />
  );
}
