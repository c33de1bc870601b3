import { api, useNamespace } from '@console/sdk';
import { Chart } from '@console/sdk/charts';
import { TimeRangeSelect, type TimeRange } from '@console/sdk/ui';
import { Alert, Card, Col, Empty, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';

import { resources } from './i18n';
import { useClientOptions } from './options';

interface Tally {
  sessions: number;
  minutes: number;
}

interface Summary {
  range: string;
  granularity: 'hour' | 'day';
  buckets: (Tally & { label: string })[];
  products: (Tally & { productId: string })[];
  qualities: Record<string, number>;
  totalSessions: number;
  totalMinutes: number;
  capped: boolean;
}

const QUALITIES: [string, string][] = [
  ['excellent', 'green'],
  ['good', 'blue'],
  ['poor', 'orange'],
  ['bad', 'red'],
];

export default function Analytics() {
  const { t } = useNamespace('rtc', resources);
  const clients = useClientOptions('analytics');
  const [range, setRange] = useState<TimeRange>('7d');
  const [clientId, setClientId] = useState<string | undefined>();
  const [summary, setSummary] = useState<Summary | null>(null);

  useEffect(() => {
    api.get<Summary>('/rtc-service/analytics', { range, clientId }).then(setSummary, () => setSummary(null));
  }, [range, clientId]);

  const overTime = useMemo(
    () => [
      { name: t('minutes'), type: 'bar' as const, data: summary?.buckets.map((b) => b.minutes) ?? [] },
      { name: t('sessions'), type: 'line' as const, data: summary?.buckets.map((b) => b.sessions) ?? [], right: true },
    ],
    [summary, t],
  );
  const byProduct = useMemo(
    () => [
      { name: t('minutes'), type: 'bar' as const, data: summary?.products.map((p) => p.minutes) ?? [] },
      { name: t('sessions'), type: 'bar' as const, data: summary?.products.map((p) => p.sessions) ?? [], right: true },
    ],
    [summary, t],
  );
  const labels = useMemo(() => summary?.buckets.map((b) => (summary.granularity === 'hour' ? b.label.slice(11) : b.label.slice(5))) ?? [], [summary]);
  const products = useMemo(() => summary?.products.map((p) => p.productId) ?? [], [summary]);

  return (
    <Card
      title={t('analytics')}
      variant="borderless"
      extra={
        <Space>
          <Select allowClear placeholder={t('allClients')} style={{ width: 220 }} options={clients} value={clientId} onChange={setClientId} aria-label={t('client')} />
          <TimeRangeSelect value={range} onChange={setRange} />
        </Space>
      }
    >
      {summary?.capped && <Alert type="warning" showIcon message={t('capped')} style={{ marginBottom: 16 }} />}
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Statistic title={t('sessions')} value={summary?.totalSessions ?? 0} data-testid="total-sessions" />
        </Col>
        <Col span={6}>
          <Statistic title={t('minutes')} value={summary?.totalMinutes ?? 0} data-testid="total-minutes" />
        </Col>
        <Col span={12}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
            {t('quality')}
          </Typography.Text>
          <Space wrap>
            {QUALITIES.map(([quality, color]) => (
              <Tag key={quality} color={color}>
                {t(`quality_${quality}`)}: {summary?.qualities[quality] ?? 0}
              </Tag>
            ))}
          </Space>
        </Col>
      </Row>
      <Card type="inner" title={t('byTime')} style={{ marginBottom: 16 }}>
        <Chart labels={labels} series={overTime} testId="chart-time" />
      </Card>
      <Card type="inner" title={t('byProduct')}>
        {products.length ? <Chart labels={products} series={byProduct} height={280} testId="chart-product" /> : <Empty />}
      </Card>
    </Card>
  );
}
