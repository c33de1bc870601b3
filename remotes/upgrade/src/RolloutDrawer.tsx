import { type ListHandle, ListPage, SearchModeField } from '@console/sdk/ui';
import { Alert, Button, Card, Col, Drawer, Empty, Form, Input, Progress, Row, Select, Space, Spin, Statistic, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { lazy, type Ref, Suspense, useEffect, useMemo, useRef } from 'react';

import { ExecStateTag, PauseNote, POLL_MS, ReasonText, SourceText, StatusTag, useStateOptions, useTexts, usePoll, when } from './parts';
import { param, rollouts } from './service';
import { EXEC_STATES, type ExecState, type Execution, type FirmwarePackage, isLive, type RolloutProgress } from './types';

/** The devices in each state, and in all; each number has a stable test id (`rollout-<state>`). */
function Counts({ counts }: { counts: Record<ExecState, number> }) {
  const { t } = useTexts();
  const total = EXEC_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
  const number = (testId: string) => (value: number | string) => <span data-testid={testId}>{value}</span>;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Statistic title={t('devicesInRollout')} value={total} formatter={number('rollout-total')} />
      </Col>
      {EXEC_STATES.map((state) => (
        <Col key={state} xs={12} md={6} lg={3}>
          <Statistic title={t(`state_${state}`)} value={counts[state] ?? 0} formatter={number(`rollout-${state}`)} />
        </Col>
      ))}
    </Row>
  );
}

/** Finished devices (succeeded, failed or timed out) over all; the succeeded part in green. */
function Finished({ counts }: { counts: Record<ExecState, number> }) {
  const { t } = useTexts();
  const total = EXEC_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
  const finished = counts.succeeded + counts.failed + counts.timedOut;
  const percent = total ? Math.round((finished * 100) / total) : 0;
  const succeeded = total ? Math.round((counts.succeeded * 100) / total) : 0;
  return (
    <div data-testid="rollout-progress" data-finished={finished} data-total={total}>
      <Progress percent={percent} success={{ percent: succeeded }} status={counts.failed + counts.timedOut ? 'exception' : 'normal'} format={() => `${finished} / ${total}`} />
      <Space size="large">
        <span>{t('finishedOfAll', { finished, total })}</span>
        <span>{t('successRate', { percent: finished ? Math.round((counts.succeeded * 100) / finished) : 0 })}</span>
      </Space>
    </div>
  );
}

// Charts (echarts) load only when a rollout's progress opens.
const Chart = lazy(() => import('@console/sdk/charts').then((charts) => ({ default: charts.Chart })));

/** Cumulative succeeded and failed devices over the rollout's time (a line chart). */
function ProgressChart({ series }: { series: RolloutProgress['series'] }) {
  const { t } = useTexts();
  const labels = useMemo(() => {
    const span = series.length ? series[series.length - 1].at - series[0].at : 0;
    return series.map((point) => dayjs(point.at).format(span > 86_400_000 ? 'MM-DD HH:mm' : 'HH:mm:ss'));
  }, [series]);
  const lines = useMemo(
    () => [
      { name: t('state_succeeded'), type: 'line' as const, data: series.map((point) => point.succeeded) },
      { name: t('failedOrTimedOut'), type: 'line' as const, data: series.map((point) => point.failed) },
    ],
    [series, t],
  );
  const last = series[series.length - 1];
  // The chart is a canvas: its latest point is also in data attributes, for tests to read.
  return (
    <div data-testid="rollout-series" data-points={series.length} data-succeeded={last?.succeeded ?? 0} data-failed={last?.failed ?? 0}>
      <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>{series.length ? <Chart labels={labels} series={lines} height={280} testId="rollout-chart" /> : <Empty />}</Suspense>
    </div>
  );
}

function FailureReasons({ failures }: { failures: RolloutProgress['failures'] }) {
  const { t } = useTexts();
  return (
    <Table
      rowKey="reason"
      size="small"
      pagination={false}
      data-testid="rollout-failures"
      dataSource={failures}
      columns={[
        { key: 'reason', title: t('failureReason'), render: (_, row) => <ReasonText reason={row.reason} /> },
        { key: 'count', title: t('devices'), dataIndex: 'count' },
      ]}
    />
  );
}

/** The rollout's devices: by state and SN, with each one's progress and attempts. */
function Devices({ rolloutId, handle }: { rolloutId: string; handle: Ref<ListHandle> }) {
  const { t } = useTexts();
  const stateOptions = useStateOptions();
  return (
    <ListPage<Execution>
      params={rolloutId}
      handle={handle}
      rowKey="id"
      testId="rollout-executions"
      load={(q, page, pageSize) => rollouts.executions(rolloutId, { state: param(q.state), sn: param(q.sn), mode: param(q.mode), page, pageSize })}
      search={
        <>
          <Form.Item name="sn" label={t('sn')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <SearchModeField />
          <Form.Item name="state" label={t('state')}>
            <Select allowClear style={{ width: 140 }} options={stateOptions} />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'sn', title: t('sn'), dataIndex: 'sn' },
        { key: 'state', title: t('state'), render: (_, row) => <ExecStateTag state={row.state} /> },
        {
          key: 'progress',
          title: t('progress'),
          render: (_, row) => <Progress percent={row.progress} size="small" status={row.state === 'failed' || row.state === 'timedOut' ? 'exception' : undefined} style={{ width: 120 }} />,
        },
        { key: 'attempts', title: t('attempts'), dataIndex: 'attempts' },
        { key: 'source', title: t('source'), render: (_, row) => <SourceText source={row.source} /> },
        { key: 'from', title: t('fromVersion'), render: (_, row) => `${row.fromVersionName || '—'} → ${row.targetVersionName}` },
        { key: 'failureReason', title: t('failureReason'), render: (_, row) => <ReasonText reason={row.failureReason} /> },
        { key: 'reportedAt', title: t('reportedAt'), render: (_, row) => when(row.reportedAt) },
      ]}
    />
  );
}

/**
 * A rollout's progress: counts, a progress bar, the live chart, failures by reason and the
 * devices. Read again every 3 seconds while the package is under test, in gray or released;
 * closing the drawer stops it.
 */
export function RolloutDrawer({ rollout, onClose }: { rollout: FirmwarePackage; onClose: () => void }) {
  const { t } = useTexts();
  const { answer: progress, refresh } = usePoll(
    (quiet) => rollouts.progress(rollout.id, quiet),
    (answer) => isLive(answer.package.status),
    POLL_MS,
  );
  const devices = useRef<ListHandle>(null);
  // The devices follow each new reading (the list loads itself the first time).
  const readings = useRef(0);
  useEffect(() => {
    if (progress && readings.current++ > 0) devices.current?.reload();
  }, [progress]);

  const pkg = progress?.package ?? rollout;
  const live = isLive(pkg.status);
  return (
    <Drawer
      open
      size={1000}
      title={`${pkg.productName} · ${pkg.modelCode} · ${pkg.currentVersionName} → ${pkg.targetVersionName}`}
      onClose={onClose}
      data-testid="rollout-drawer"
      extra={
        <Space>
          <StatusTag status={pkg.status} />
          {live ? (
            <Tag color="processing" data-testid="rollout-live">
              {t('liveEvery', { seconds: POLL_MS / 1000 })}
            </Tag>
          ) : (
            <Button size="small" onClick={refresh} data-testid="rollout-refresh">
              {t('refresh')}
            </Button>
          )}
        </Space>
      }
    >
      {pkg.status === 'grayPaused' && pkg.pause && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={<PauseNote pause={pkg.pause} failurePercent={pkg.rollout.abort.failurePercent} />} data-testid="pause-alert" />
      )}
      {progress ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Counts counts={progress.counts} />
          <Finished counts={progress.counts} />
          <Card type="inner" title={t('overTime')}>
            <ProgressChart series={progress.series} />
          </Card>
          <Card type="inner" title={t('failuresByReason')}>
            <FailureReasons failures={progress.failures} />
          </Card>
          <Card type="inner" title={t('devices')}>
            <Devices rolloutId={rollout.id} handle={devices} />
          </Card>
        </Space>
      ) : (
        <Empty />
      )}
    </Drawer>
  );
}
