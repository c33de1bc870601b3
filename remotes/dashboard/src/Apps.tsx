import { api, useLiveEvents, useNamespace, type LiveEvent } from '@console/sdk';
import { Chart } from '@console/sdk/charts';
import { Card, Col, Empty, Row, Space, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { axisLabels, ExportButton, MOUNT, useRange, type Granularity } from './controls';
import { resources } from './i18n';
import { TakenAt } from './Overview';

interface AppFigures {
  granularity: Granularity;
  timeZone: string;
  labels: string[];
  users: (number | null)[];
  active: (number | null)[];
  versions: [string, number][];
  versionTrend: [string, (number | null)[]][];
  newestVersion: string;
  adoption: (number | null)[];
  phones: [string, number][];
  takenAt: number;
}

const latest = (values: (number | null)[] | undefined) => [...(values ?? [])].reverse().find((v) => v !== null) ?? null;

/** The app's users, the versions they run, and how the newest version is taken up. */
export default function Apps() {
  const { t } = useNamespace('dashboard', resources);
  const { range, granularity, controls } = useRange('30d');
  const [figures, setFigures] = useState<AppFigures | null>(null);
  const load = useCallback(() => {
    api.get<AppFigures>(`${MOUNT}/apps`, { range, granularity }).then(setFigures, () => setFigures(null));
  }, [range, granularity]);
  useEffect(load, [load]);
  const live = useLiveEvents('dashboard.', (event: LiveEvent) => {
    if (event.topic === 'dashboard.sampled') load();
  });

  const labels = useMemo(() => axisLabels(figures?.labels, figures?.granularity), [figures]);
  const users = useMemo(
    () => [
      { name: t('cards.app_users'), type: 'line' as const, data: figures?.users ?? [] },
      { name: t('cards.app_active'), type: 'line' as const, data: figures?.active ?? [] },
    ],
    [figures, t],
  );
  const versions = useMemo(() => figures?.versionTrend.map(([version, data]) => ({ name: version || t('unknownVersion'), type: 'bar' as const, stack: 'versions', data })) ?? [], [figures, t]);
  const adoption = useMemo(
    () => [{ name: t('adoptionOf', { version: figures?.newestVersion ?? '' }), type: 'line' as const, data: figures?.adoption.map((v) => (v === null ? null : Math.round(v * 10) / 10)) ?? [] }],
    [figures, t],
  );
  const phones = useMemo(() => [{ name: t('cards.app_users'), type: 'bar' as const, data: figures?.phones.slice(0, 10).map(([, n]) => n) ?? [] }], [figures, t]);
  const chartName = (what: string) => `${what}-${range}-${granularity}`;
  const newestShare = latest(figures?.adoption);

  return (
    <Card
      title={t('appsTitle')}
      variant="borderless"
      extra={
        <Space wrap>
          {controls}
          <ExportButton path="/apps/export" params={{ range, granularity }} testId="apps-export" />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('appsHint')}</Typography.Paragraph>
      <TakenAt takenAt={figures?.takenAt} timeZone={figures?.timeZone} live={live === 'open'} />
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('cards.app_users')} value={latest(figures?.users) ?? '—'} data-testid="apps-users" />
          <Link to="/app-manage/app-user">{t('viewList')}</Link>
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('cards.app_active')} value={latest(figures?.active) ?? '—'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('newestVersion')} value={figures?.newestVersion || '—'} data-testid="apps-newest" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('onNewest')} value={newestShare === null ? '—' : newestShare.toFixed(1)} suffix={newestShare === null ? undefined : '%'} />
        </Col>
      </Row>
      {figures && figures.versions.length === 0 && latest(figures.users) === null ? (
        <Empty description={t('notTakenYet')} />
      ) : (
        <>
          <Typography.Title level={5}>{t('usersOverTime')}</Typography.Title>
          <Chart labels={labels} series={users} height={260} testId="chart-app-users" fileName={chartName('app-users')} />
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('versionsOverTime')}</Typography.Title>
              <Chart labels={labels} series={versions} height={280} testId="chart-app-versions" fileName={chartName('app-versions')} />
            </Col>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('adoption')}</Typography.Title>
              <Chart labels={labels} series={adoption} height={280} testId="chart-adoption" fileName={chartName('adoption')} />
            </Col>
          </Row>
          <Typography.Title level={5}>{t('phones')}</Typography.Title>
          <Chart labels={figures?.phones.slice(0, 10).map(([model]) => model || t('unknownVersion')) ?? []} series={phones} height={240} testId="chart-phones" fileName={chartName('phone-models')} />
        </>
      )}
    </Card>
  );
}
