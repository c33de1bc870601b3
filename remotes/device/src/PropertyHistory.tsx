import { api, useNamespace } from '@console/sdk';
import dayjs from 'dayjs';
import { Chart } from '@console/sdk/charts';
import { Button, Empty, Segmented, Select, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';

import { resources } from './i18n';
import type { ThingModel } from './types';

/** A bucket of a property's history: its points' count, minimum, maximum and average. */
export interface Bucket {
  at: number;
  count: number;
  min: number;
  max: number;
  avg: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The ranges a user picks, from an hour to 90 days. */
export const RANGES: { key: string; ms: number }[] = [
  { key: 'range_hour', ms: HOUR },
  { key: 'range_day', ms: DAY },
  { key: 'range_week', ms: 7 * DAY },
  { key: 'range_month', ms: 30 * DAY },
  { key: 'range_quarter', ms: 90 * DAY },
];
/** Buckets a chart asks for: about one per two pixels of its width. */
const BUCKETS = 300;

/** The numeric properties of a thing model: those a chart can draw. */
export const numericProperties = (model: ThingModel) => model.properties.filter((p) => ['int', 'float', 'double', 'bool', 'enum'].includes(p.dataType.type));

/** The buckets as CSV: what the chart shows, for a spreadsheet. */
export function bucketsCsv(identifier: string, buckets: Bucket[]): string {
  const rows = buckets.map((b) => [new Date(b.at).toISOString(), b.count, b.min, b.max, b.avg].join(','));
  return [`time,count,min,max,avg (${identifier})`, ...rows].join('\n') + '\n';
}

/** One property of a device over a chosen range: its minimum, average and maximum per bucket, read from the time series. */
export default function PropertyHistory({ sn, model }: { sn: string; model: ThingModel }) {
  const { t } = useNamespace('device', resources);
  const numeric = useMemo(() => numericProperties(model), [model]);
  const [identifier, setIdentifier] = useState(numeric[0]?.identifier);
  const [range, setRange] = useState(RANGES[1].ms);
  const [buckets, setBuckets] = useState<Bucket[]>();

  useEffect(() => {
    if (!identifier) return;
    let live = true;
    const to = Date.now();
    const from = to - range;
    setBuckets(undefined);
    const query = new URLSearchParams({ identifier, from: String(from), to: String(to), buckets: String(BUCKETS) });
    api.get<{ buckets: Bucket[] }>(`/device-service/devices/${encodeURIComponent(sn)}/history?${query}`).then(
      (answer) => live && setBuckets(answer.buckets),
      () => live && setBuckets([]),
    );
    return () => {
      live = false;
    };
  }, [sn, identifier, range]);

  if (!numeric.length) return <Empty description={t('historyNoNumbers')} />;
  const download = () => {
    if (!buckets || !identifier) return;
    const url = URL.createObjectURL(new Blob([bucketsCsv(identifier, buckets)], { type: 'text/csv' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${sn}-${identifier}.csv`;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          data-testid="history-property"
          style={{ minWidth: 200 }}
          value={identifier}
          onChange={setIdentifier}
          options={numeric.map((p) => ({ value: p.identifier, label: `${p.name} (${p.identifier})` }))}
        />
        <Segmented data-testid="history-range" value={range} onChange={(v) => setRange(Number(v))} options={RANGES.map((r) => ({ value: r.ms, label: t(r.key) }))} />
        <Button data-testid="history-export" disabled={!buckets?.length} onClick={download}>
          {t('historyExport')}
        </Button>
      </Space>
      {buckets === undefined ? (
        <Spin />
      ) : buckets.length ? (
        <Chart
          testId="history-chart"
          fileName={`${sn}-${identifier}`}
          height={260}
          labels={buckets.map((b) => dayjs(b.at).format(range > 2 * DAY ? 'MM-DD HH:00' : 'HH:mm'))}
          series={[
            { name: t('minimum'), type: 'line', data: buckets.map((b) => b.min) },
            { name: t('average'), type: 'line', data: buckets.map((b) => b.avg) },
            { name: t('maximum'), type: 'line', data: buckets.map((b) => b.max) },
          ]}
        />
      ) : (
        <Empty description={t('historyEmpty')} />
      )}
    </Space>
  );
}
