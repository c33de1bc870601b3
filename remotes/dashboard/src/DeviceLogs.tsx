import { api, useLiveEvents, useNamespace, type LiveEvent } from '@console/sdk';
import { Chart } from '@console/sdk/charts';
import { Card, Col, Row, Segmented, Space, Statistic, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { axisLabels, ExportButton, MOUNT, useRange, when, type Granularity } from './controls';
import { resources } from './i18n';

const KINDS = ['login', 'logout', 'bind', 'unbind'] as const;
type Kind = (typeof KINDS)[number];

interface KindFigures {
  kind: Kind;
  succeeded: number[];
  failed: number[];
  total: number;
  failures: number;
  byApp: [string, number][];
  byPhone: [string, number][];
  byCountry: [string, number][];
}

interface LogFigures {
  granularity: Granularity;
  timeZone: string;
  labels: string[];
  kinds: KindFigures[];
  countedUntil: number;
}

/** Logins, logouts and bindings by result over time, and by app version, phone system and country. */
export default function DeviceLogs() {
  const { t } = useNamespace('dashboard', resources);
  const { range, granularity, controls } = useRange('7d');
  const [kind, setKind] = useState<Kind>('login');
  const [figures, setFigures] = useState<LogFigures | null>(null);
  const load = useCallback(() => {
    api.get<LogFigures>(`${MOUNT}/device-logs`, { range, granularity }).then(setFigures, () => setFigures(null));
  }, [range, granularity]);
  useEffect(load, [load]);
  useLiveEvents('dashboard.', (event: LiveEvent) => {
    if (event.topic === 'dashboard.rolled-up') load();
  });

  const shown = figures?.kinds.find((k) => k.kind === kind);
  const labels = useMemo(() => axisLabels(figures?.labels, figures?.granularity), [figures]);
  const overTime = useMemo(
    () => [
      { name: t('succeeded'), type: 'bar' as const, stack: 'result', data: shown?.succeeded ?? [] },
      { name: t('failed'), type: 'bar' as const, stack: 'result', data: shown?.failed ?? [] },
    ],
    [shown, t],
  );
  const bar = (rows: [string, number][] | undefined) => [{ name: t(`logKinds.${kind}`), type: 'bar' as const, data: (rows ?? []).map(([, n]) => n) }];
  const named = (rows: [string, number][] | undefined) => (rows ?? []).map(([name]) => name || t('unknownValue'));
  const chartName = (what: string) => `${kind}-${what}-${range}-${granularity}`;

  return (
    <Card
      title={t('logsTitle')}
      variant="borderless"
      extra={
        <Space wrap>
          {controls}
          <ExportButton path="/device-logs/export" params={{ range, granularity }} testId="logs-export" />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('logsHint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} data-testid="logs-freshness">
        <Typography.Text type="secondary">{figures && figures.countedUntil > 0 ? t('logsCountedUntil', { time: when(figures.countedUntil), zone: figures.timeZone }) : t('noneYet')}</Typography.Text>
        <Link to="/device-manage/devicesLog">{t('logList')}</Link>
      </Space>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {KINDS.map((k) => {
          const figure = figures?.kinds.find((f) => f.kind === k);
          return (
            <Col xs={12} md={6} key={k}>
              <Statistic
                title={t(`logKinds.${k}`)}
                value={figure?.total ?? 0}
                suffix={figure && figure.failures > 0 ? <Typography.Text type="danger">{t('failures', { count: figure.failures })}</Typography.Text> : undefined}
                data-testid={`logs-${k}`}
              />
            </Col>
          );
        })}
      </Row>
      <Segmented<Kind> value={kind} onChange={setKind} options={KINDS.map((k) => ({ value: k, label: t(`logKinds.${k}`) }))} style={{ marginBottom: 16 }} data-testid="logs-kind" />
      <Typography.Title level={5}>{t('logsOverTime', { kind: t(`logKinds.${kind}`) })}</Typography.Title>
      <Chart labels={labels} series={overTime} height={260} testId="chart-logs" fileName={chartName('by-result')} />
      <Row gutter={24}>
        <Col xs={24} lg={8}>
          <Typography.Title level={5}>{t('byAppVersion')}</Typography.Title>
          <Chart labels={named(shown?.byApp)} series={bar(shown?.byApp)} height={240} testId="chart-logs-app" fileName={chartName('by-app-version')} />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Title level={5}>{t('byPhoneSystem')}</Typography.Title>
          <Chart labels={named(shown?.byPhone)} series={bar(shown?.byPhone)} height={240} testId="chart-logs-phone" fileName={chartName('by-phone-system')} />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Title level={5}>{t('byCountry')}</Typography.Title>
          <Chart labels={named(shown?.byCountry)} series={bar(shown?.byCountry)} height={240} testId="chart-logs-country" fileName={chartName('by-country')} />
        </Col>
      </Row>
    </Card>
  );
}
