import { api, Auth, useLiveEvents, useNamespace, type LiveEvent } from '@console/sdk';
import { Chart } from '@console/sdk/charts';
import { ModalForm } from '@console/sdk/ui';
import { App, Button, Card, Col, Empty, Form, Row, Select, Space, Statistic, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { axisLabels, ExportButton, MOUNT, useRange, when, type Granularity } from './controls';
import { resources } from './i18n';

const EVENT_TYPES = ['info', 'alert', 'fault'] as const;
const LATENCIES = ['lt1s', '1to5s', '5to30s', '30sto5m', 'gt5m'] as const;

interface Activity {
  range: string;
  granularity: Granularity;
  timeZone: string;
  labels: string[];
  reports: number[];
  events: Record<string, number[]>;
  replies: number[];
  busiest: { productId: string; productName: string; reports: number; events: number }[];
  latency: [string, number][];
  countedUntil: number;
  newestAt: number;
  reportsPerMinute: number[];
  onlineRate: (number | null)[];
  workStates: [string, number][];
  firmwareTrend: [string, (number | null)[]][];
}

interface ProductOption {
  productId: string;
  productName: string;
}

const sum = (values: number[] | undefined) => (values ?? []).reduce((a, b) => a + b, 0);

/** What devices reported, counted as it arrived: over time, by product and by latency. */
export default function DeviceDashboard() {
  const { t } = useNamespace('dashboard', resources);
  const { range, granularity, controls } = useRange('1d');
  const [productId, setProductId] = useState<string | undefined>();
  const [products, setProducts] = useState<ProductOption[]>([]);
  const [activity, setActivity] = useState<Activity | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const load = useCallback(() => {
    api.get<Activity>(`${MOUNT}/device-activity`, { range, granularity, productId }).then(setActivity, () => setActivity(null));
  }, [range, granularity, productId]);
  useEffect(load, [load]);
  useEffect(() => {
    api.get<ProductOption[]>(`${MOUNT}/product-options`).then(setProducts, () => setProducts([]));
  }, []);
  // New reports counted: the figures on screen follow.
  const live = useLiveEvents('dashboard.', (event: LiveEvent) => {
    if (event.topic === 'dashboard.rolled-up') load();
  });

  const labels = useMemo(() => axisLabels(activity?.labels, activity?.granularity), [activity]);
  const overTime = useMemo(
    () => [
      ...EVENT_TYPES.map((type) => ({ name: t(`eventTypes.${type}`), type: 'bar' as const, stack: 'events', data: activity?.events[type] ?? [] })),
      { name: t('reports'), type: 'line' as const, data: activity?.reports ?? [], right: true },
    ],
    [activity, t],
  );
  const busiest = useMemo(
    () => [
      { name: t('reports'), type: 'bar' as const, stack: 'all', data: activity?.busiest.map((p) => p.reports) ?? [] },
      { name: t('events'), type: 'bar' as const, stack: 'all', data: activity?.busiest.map((p) => p.events) ?? [] },
    ],
    [activity, t],
  );
  const fleet = useMemo(
    () => [
      { name: t('onlineRate'), type: 'line' as const, data: activity?.onlineRate ?? [] },
      { name: t('reportsPerMinute'), type: 'line' as const, data: activity?.reportsPerMinute ?? [], right: true },
    ],
    [activity, t],
  );
  const firmware = useMemo(() => activity?.firmwareTrend.map(([version, data]) => ({ name: version || t('unknownVersion'), type: 'bar' as const, stack: 'firmware', data })) ?? [], [activity, t]);
  const states = useMemo(() => [{ name: t('devicesCount'), type: 'bar' as const, data: activity?.workStates.map(([, n]) => n) ?? [] }], [activity, t]);
  const latency = useMemo(() => [{ name: t('count'), type: 'bar' as const, data: LATENCIES.map((name) => activity?.latency.find(([n]) => n === name)?.[1] ?? 0) }], [activity, t]);
  const chartName = (what: string) => `${what}-${range}-${granularity}`;
  const empty = activity !== null && sum(activity.reports) + EVENT_TYPES.reduce((n, type) => n + sum(activity.events[type]), 0) + sum(activity.replies) === 0;

  return (
    <Card
      title={t('title')}
      variant="borderless"
      extra={
        <Space wrap>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            aria-label={t('product')}
            placeholder={t('allProducts')}
            style={{ width: 200 }}
            value={productId}
            onChange={setProductId}
            options={products.map((p) => ({ value: p.productId, label: p.productName }))}
            data-testid="dashboard-product"
          />
          {controls}
          <ExportButton path="/device-activity/export" params={{ range, granularity, productId }} testId="dashboard-export" />
          <Auth action="dashboard:settings:edit">
            <Button onClick={() => setSettingsOpen(true)} data-testid="dashboard-settings">
              {t('settings')}
            </Button>
          </Auth>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} data-testid="dashboard-freshness">
        {live === 'open' && <Tag color="green">{t('live')}</Tag>}
        <Typography.Text type="secondary">{activity && activity.countedUntil > 0 ? t('countedUntil', { time: when(activity.countedUntil), zone: activity.timeZone }) : t('noneYet')}</Typography.Text>
        {activity && activity.newestAt > 0 && <Typography.Text type="secondary">{t('newest', { time: when(activity.newestAt) })}</Typography.Text>}
        <Link to="/device-manage/deviceInfo">{t('deviceList')}</Link>
      </Space>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('reports')} value={sum(activity?.reports)} data-testid="total-reports" />
        </Col>
        {EVENT_TYPES.map((type) => (
          <Col xs={12} md={4} key={type}>
            <Statistic title={`${t('events')} · ${t(`eventTypes.${type}`)}`} value={sum(activity?.events[type])} data-testid={`total-${type}`} />
          </Col>
        ))}
        <Col xs={12} md={6}>
          <Statistic title={t('replies')} value={sum(activity?.replies)} />
        </Col>
      </Row>
      {empty ? (
        <Empty description={t('noData')} />
      ) : (
        <>
          <Typography.Title level={5}>{t('overTime')}</Typography.Title>
          <Chart labels={labels} series={overTime} testId="chart-over-time" fileName={chartName('reports-and-events')} />
          <Row gutter={24}>
            <Col xs={24} lg={14}>
              <Typography.Title level={5}>{t('busiest')}</Typography.Title>
              <Chart labels={activity?.busiest.map((p) => p.productName) ?? []} series={busiest} height={280} testId="chart-busiest" fileName={chartName('busiest-products')} />
            </Col>
            <Col xs={24} lg={10}>
              <Typography.Title level={5}>{t('latency')}</Typography.Title>
              <Chart labels={LATENCIES.map((name) => t(`latencies.${name}`))} series={latency} height={280} testId="chart-latency" fileName={chartName('report-latency')} />
            </Col>
          </Row>
          <Typography.Title level={5}>{t('fleetTitle')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('fleetHint')}</Typography.Paragraph>
          <Chart labels={labels} series={fleet} height={260} testId="chart-online-rate" fileName={chartName('online-rate')} />
          <Row gutter={24}>
            <Col xs={24} lg={14}>
              <Typography.Title level={5}>{t('firmwareOverTime')}</Typography.Title>
              <Chart labels={labels} series={firmware} height={280} testId="chart-device-firmware" fileName={chartName('firmware-versions')} />
            </Col>
            <Col xs={24} lg={10}>
              <Typography.Title level={5}>{t('workStates')}</Typography.Title>
              <Chart labels={activity?.workStates.map(([state]) => state) ?? []} series={states} height={280} testId="chart-device-work-states" fileName={chartName('work-states')} />
            </Col>
          </Row>
        </>
      )}
      <TimeZoneForm open={settingsOpen} onClose={() => setSettingsOpen(false)} onSaved={load} />
    </Card>
  );
}

/** The enterprise's time zone: where its days begin. */
function TimeZoneForm({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useNamespace('dashboard', resources);
  const { message } = App.useApp();
  const [current, setCurrent] = useState<{ timeZone: string } | undefined>();
  useEffect(() => {
    if (open) api.get<{ timeZone: string }>(`${MOUNT}/settings`).then(setCurrent, () => setCurrent(undefined));
  }, [open]);
  const zones = useMemo(() => Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone })), []);
  return (
    <ModalForm<{ timeZone: string }>
      open={open && current !== undefined}
      title={t('settings')}
      failure="modify"
      initialValues={current}
      onClose={onClose}
      onSubmit={(values) =>
        api.put(`${MOUNT}/settings`, values, { quiet: true }).then(() => {
          void message.success(t('saved'));
          onSaved();
        })
      }
    >
      <Form.Item name="timeZone" label={t('timeZone')} extra={t('timeZoneHint')} rules={[{ required: true }]}>
        <Select showSearch options={zones} data-testid="dashboard-time-zone" />
      </Form.Item>
    </ModalForm>
  );
}
