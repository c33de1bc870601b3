import { useNamespace } from '@console/sdk';
import { TimeRangeSelect, type TimeRange, useExportTask } from '@console/sdk/ui';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import { useState } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

import { resources } from './i18n';

export const MOUNT = '/dashboard-service';
export const GRANULARITIES = ['hour', 'day', 'week', 'month', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** The granularity a range is shown in unless the user picks one (as the server does). */
export function granularityOf(range: TimeRange): Granularity {
  if (['1h', '3h', '1d', '3d'].includes(range)) return 'hour';
  return ['60d', '90d'].includes(range) ? 'week' : 'day';
}

export const when = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** Axis labels: an hour's label without its year. */
export const axisLabels = (labels: string[] | undefined, granularity: string | undefined) => labels?.map((l) => (granularity === 'hour' ? l.slice(5) : l)) ?? [];

/** The console's time ranges and granularities; a range past 7 days has no hours. */
export function RangeControls({ range, granularity, onChange }: { range: TimeRange; granularity: Granularity; onChange: (range: TimeRange, granularity: Granularity) => void }) {
  const { t } = useNamespace('dashboard', resources);
  return (
    <>
      <Select<Granularity>
        aria-label={t('granularity')}
        style={{ width: 130 }}
        value={granularity}
        onChange={(next) => onChange(range, next)}
        options={GRANULARITIES.map((g) => ({ value: g, label: t(`granularities.${g}`), disabled: g === 'hour' && ['30d', '60d', '90d'].includes(range) }))}
        data-testid="dashboard-granularity"
      />
      <TimeRangeSelect value={range} onChange={(next) => onChange(next, granularityOf(next))} />
    </>
  );
}

/** Downloads the page's figures as a workbook, a sheet per chart, for the query on screen. */
export function ExportButton({ path, params, testId }: { path: string; params: Record<string, string | undefined>; testId: string }) {
  const { t: sdk } = useTranslation('sdk');
  const exportTask = useExportTask();
  const download = () => void exportTask(`${MOUNT}${path}`, params);
  return (
    <Button icon={<DownloadOutlined />} onClick={() => void download()} data-testid={testId}>
      {sdk('exportExcel')}
    </Button>
  );
}

/** A page's range and granularity, and the controls that change them (a new range takes its own granularity). */
export function useRange(initial: TimeRange) {
  const [range, setRange] = useState<TimeRange>(initial);
  const [granularity, setGranularity] = useState<Granularity>(granularityOf(initial));
  const controls = (
    <RangeControls
      range={range}
      granularity={granularity}
      onChange={(nextRange, nextGranularity) => {
        setRange(nextRange);
        setGranularity(nextGranularity);
      }}
    />
  );
  return { range, granularity, controls };
}
