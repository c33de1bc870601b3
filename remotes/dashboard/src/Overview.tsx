import { api, useLiveEvents, useNamespace, usePagePermission, type LiveEvent } from '@console/sdk';
import { Chart } from '@console/sdk/charts';
import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Empty, Row, Space, Statistic, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { axisLabels, ExportButton, MOUNT, useRange, when, type Granularity } from './controls';
import { resources } from './i18n';

/** The cards, in the server's order, with the list each one counts. */
const CARDS = [
  ['devices', '/device-manage/deviceInfo'],
  ['online', '/device-manage/deviceInfo'],
  ['active:1d', '/device-manage/deviceInfo'],
  ['active:7d', '/device-manage/deviceInfo'],
  ['app:users', '/app-manage/app-user'],
  ['app:active', '/app-manage/app-user'],
  ['orders:open', '/customerService/orderRecord'],
  ['orders:breached', '/customerService/orderRecord'],
] as const;
type CardName = (typeof CARDS)[number][0];

interface CardFigures {
  name: CardName;
  value: number | null;
  trend: (number | null)[];
  change: number;
}

export interface OverviewFigures {
  range: string;
  granularity: Granularity;
  timeZone: string;
  labels: string[];
  cards: CardFigures[];
  firmware: [string, number][];
  firmwareTrend: [string, (number | null)[]][];
  workStates: [string, number][];
  takenAt: number;
}

/** The overview page, whose buttons include taking the figures now. */
const OVERVIEW_PAGE = '/echartGroup/index';

/** i18n keys cannot hold a colon: `app:users` is `app_users`. */
export const cardKey = (name: string) => `cards.${name.replace(':', '_')}`;

/** The shared header of the overview and enterprise pages: when the figures were taken; with `onTaken`, a button to take them now. */
export function TakenAt({ takenAt, timeZone, onTaken, live }: { takenAt: number | undefined; timeZone: string | undefined; onTaken?: () => void; live?: boolean }) {
  const { t } = useNamespace('dashboard', resources);
  const { message } = App.useApp();
  const [taking, setTaking] = useState(false);
  // The right to take the figures is a button of the overview page, whichever dashboard shows
  // this header.
  const mayTakeNow = usePagePermission(OVERVIEW_PAGE)('dashboard:index:refresh');
  const takeNow = () => {
    setTaking(true);
    api
      .post(`${MOUNT}/snapshot`, {})
      .then(
        () => {
          void message.success(t('taken'));
          onTaken?.();
        },
        () => undefined,
      )
      .finally(() => setTaking(false));
  };
  return (
    <Space wrap style={{ marginBottom: 16 }} data-testid="dashboard-freshness">
      {live && <Tag color="green">{t('live')}</Tag>}
      <Typography.Text type="secondary">{takenAt ? t('takenAt', { time: when(takenAt), zone: timeZone ?? '' }) : t('notTakenYet')}</Typography.Text>
      {onTaken && mayTakeNow && (
        <Button size="small" icon={<ReloadOutlined />} loading={taking} onClick={takeNow} data-testid="dashboard-take-now">
          {t('takeNow')}
        </Button>
      )}
    </Space>
  );
}

/** The index page: the fleet, the app's users and the open work orders, now and over the range. */
export default function Overview() {
  const { t } = useNamespace('dashboard', resources);
  const { range, granularity, controls } = useRange('7d');
  const [figures, setFigures] = useState<OverviewFigures | null>(null);

  const load = useCallback(() => {
    api.get<OverviewFigures>(`${MOUNT}/overview`, { range, granularity }).then(setFigures, () => setFigures(null));
  }, [range, granularity]);
  useEffect(load, [load]);
  // The figures are taken every minute: the page is told and follows without a reload.
  const live = useLiveEvents('dashboard.', (event: LiveEvent) => {
    if (event.topic === 'dashboard.sampled') load();
  });

  const labels = useMemo(() => axisLabels(figures?.labels, figures?.granularity), [figures]);
  const card = useCallback((name: CardName) => figures?.cards.find((c) => c.name === name), [figures]);
  const fleet = useMemo(() => (['devices', 'online', 'active:1d'] as const).map((name) => ({ name: t(cardKey(name)), type: 'line' as const, data: card(name)?.trend ?? [] })), [card, t]);
  const users = useMemo(() => (['app:users', 'app:active'] as const).map((name) => ({ name: t(cardKey(name)), type: 'line' as const, data: card(name)?.trend ?? [] })), [card, t]);
  const firmware = useMemo(() => figures?.firmwareTrend.map(([version, data]) => ({ name: version || t('unknownVersion'), type: 'bar' as const, stack: 'firmware', data })) ?? [], [figures, t]);
  const states = useMemo(() => [{ name: t('devicesCount'), type: 'bar' as const, data: figures?.workStates.map(([, n]) => n) ?? [] }], [figures, t]);
  const chartName = (what: string) => `${what}-${range}-${granularity}`;

  return (
    <Card
      title={t('overviewTitle')}
      variant="borderless"
      extra={
        <Space wrap>
          {controls}
          <ExportButton path="/overview/export" params={{ range, granularity }} testId="overview-export" />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('overviewHint')}</Typography.Paragraph>
      <TakenAt takenAt={figures?.takenAt} timeZone={figures?.timeZone} onTaken={load} live={live === 'open'} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {CARDS.map(([name, list]) => {
          const figure = card(name);
          return (
            <Col xs={12} md={6} key={name}>
              <Card size="small" data-testid={`card-${name.replace(':', '-')}`}>
                {figure?.value == null ? (
                  <Tooltip title={t('notCounted')}>
                    <Statistic title={t(cardKey(name))} value="—" />
                  </Tooltip>
                ) : (
                  <Statistic title={t(cardKey(name))} value={figure.value} />
                )}
                <Space size={8} wrap>
                  {figure?.value != null && (
                    <Tag color={figure.change > 0 ? 'green' : figure.change < 0 ? 'red' : 'default'}>{t('change', { change: `${figure.change > 0 ? '+' : ''}${figure.change}` })}</Tag>
                  )}
                  <Link to={list}>{t('viewList')}</Link>
                </Space>
              </Card>
            </Col>
          );
        })}
      </Row>
      {figures && figures.takenAt === 0 ? (
        <Empty description={t('notTakenYet')} />
      ) : (
        <>
          <Typography.Title level={5}>{t('fleetOverTime')}</Typography.Title>
          <Chart labels={labels} series={fleet} testId="chart-fleet" fileName={chartName('devices')} />
          <Row gutter={24}>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('firmwareOverTime')}</Typography.Title>
              <Chart labels={labels} series={firmware} height={280} testId="chart-firmware" fileName={chartName('firmware-versions')} />
            </Col>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('usersOverTime')}</Typography.Title>
              <Chart labels={labels} series={users} height={280} testId="chart-users" fileName={chartName('app-users')} />
            </Col>
          </Row>
          <Typography.Title level={5}>{t('workStates')}</Typography.Title>
          <Chart labels={figures?.workStates.map(([state]) => state) ?? []} series={states} height={240} testId="chart-work-states" fileName={chartName('work-states')} />
        </>
      )}
    </Card>
  );
}
