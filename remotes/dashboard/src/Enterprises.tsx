import { api, useNamespace } from '@console/sdk';
import { Chart } from '@console/sdk/charts';
import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';

import { ExportButton, MOUNT, useRange } from './controls';
import { resources } from './i18n';
import { TakenAt } from './Overview';

interface Ranked {
  enterpriseId?: number;
  name: string;
  devices: number;
}

interface Rankings {
  enterprises: Ranked[];
  categories: Ranked[];
  models: Ranked[];
  timeZone: string;
  takenAt: number;
}

/** One top-ten ranking as a column chart, or a note that there is nothing to rank. */
function Ranking({ title, ranked, name, testId, fileName }: { title: string; ranked: Ranked[]; name: (r: Ranked) => string; testId: string; fileName: string }) {
  const { t } = useNamespace('dashboard', resources);
  const series = useMemo(() => [{ name: t('devicesCount'), type: 'bar' as const, data: ranked.map((r) => r.devices) }], [ranked, t]);
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      {ranked.length === 0 ? <Empty description={t('nothingToRank')} /> : <Chart labels={ranked.map(name)} series={series} height={280} testId={testId} fileName={fileName} />}
    </>
  );
}

/** The enterprise page: the top ten product categories and models by devices, and for the platform the top ten enterprises. */
export default function Enterprises() {
  const { t } = useNamespace('dashboard', resources);
  const { range, granularity, controls } = useRange('1d');
  const [rankings, setRankings] = useState<Rankings | null>(null);
  const load = useCallback(() => {
    api.get<Rankings>(`${MOUNT}/rankings`, { range, granularity }).then(setRankings, () => setRankings(null));
  }, [range, granularity]);
  useEffect(load, [load]);

  const enterpriseName = (r: Ranked) => (r.enterpriseId === 0 ? t('platformItself') : r.name || `#${r.enterpriseId ?? ''}`);
  const named = (r: Ranked) => r.name || t('uncategorised');
  return (
    <Card
      title={t('enterprisesTitle')}
      variant="borderless"
      extra={
        <Space wrap>
          {controls}
          <ExportButton path="/rankings/export" params={{ range, granularity }} testId="rankings-export" />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('enterprisesHint')}</Typography.Paragraph>
      <TakenAt takenAt={rankings?.takenAt} timeZone={rankings?.timeZone} />
      {(rankings?.enterprises.length ?? 0) > 0 && (
        <Ranking title={t('topEnterprises')} ranked={rankings?.enterprises ?? []} name={enterpriseName} testId="chart-top-enterprises" fileName={`top-enterprises-${range}`} />
      )}
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Ranking title={t('topCategories')} ranked={rankings?.categories ?? []} name={named} testId="chart-top-categories" fileName={`top-categories-${range}`} />
        </Col>
        <Col xs={24} lg={12}>
          <Ranking title={t('topModels')} ranked={rankings?.models ?? []} name={named} testId="chart-top-models" fileName={`top-models-${range}`} />
        </Col>
      </Row>
    </Card>
  );
}
