import { api, useNamespace } from '@console/sdk';
import { Card, Col, Empty, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';

import { ExportButton, MOUNT, useRange } from './controls';
import { GeoMap, placeName, type MapName } from './geo';
import { resources } from './i18n';
import { TakenAt } from './Overview';

type Counted = [string, number][];

interface WorldFigures {
  devices: Counted;
  users: Counted;
  logins: Counted;
  subdivisions: Counted;
  timeZone: string;
  takenAt: number;
}

const METRICS = ['devices', 'users', 'logins'] as const;
type Metric = (typeof METRICS)[number];
const TOP = 10;

const isCode = (code: string) => /^[A-Z]{2}$/.test(code);
const percent = (part: number, whole: number) => (whole > 0 ? `${((part * 100) / whole).toFixed(1)} %` : '—');

/**
 * The world page (/echartGroup/world, the statistics dashboard's global and China views):
 * devices, app users or device logins by country on a world map, or devices by province on
 * China's, with the places that count most beside it.
 */
export default function World() {
  const { t, i18n } = useNamespace('dashboard', resources);
  const { range, granularity, controls } = useRange('7d');
  const [figures, setFigures] = useState<WorldFigures | null>(null);
  const [view, setView] = useState<MapName>('world');
  const [metric, setMetric] = useState<Metric>('devices');
  const load = useCallback(() => {
    api.get<WorldFigures>(`${MOUNT}/world`, { range, granularity }).then(setFigures, () => setFigures(null));
  }, [range, granularity]);
  useEffect(load, [load]);

  const lang = i18n.language;
  // The China view counts devices by province; the world view what the user picked, by country.
  const values: Counted = useMemo(() => {
    if (!figures) return [];
    if (view === 'china') return figures.subdivisions.filter(([code]) => code.startsWith('CN-'));
    return figures[metric];
  }, [figures, view, metric]);
  const total = values.reduce((sum, [, n]) => sum + n, 0);
  const mapped = useMemo(() => values.filter(([code]) => view === 'china' || isCode(code)), [values, view]);
  const inChina = figures?.devices.find(([code]) => code === 'CN')?.[1] ?? 0;
  const devicesPlaced = figures?.devices.reduce((sum, [, n]) => sum + n, 0) ?? 0;
  const seriesName = view === 'china' ? t('metrics.devices') : t(`metrics.${metric}`);

  return (
    <Card
      title={t('worldTitle')}
      variant="borderless"
      extra={
        <Space wrap>
          {controls}
          <ExportButton path="/world/export" params={{ range, granularity }} testId="world-export" />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('worldHint')}</Typography.Paragraph>
      <TakenAt takenAt={figures?.takenAt} timeZone={figures?.timeZone} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<MapName>
          value={view}
          onChange={setView}
          options={[
            { value: 'world', label: t('worldView') },
            { value: 'china', label: t('chinaView') },
          ]}
          data-testid="world-view"
        />
        {view === 'world' && <Segmented<Metric> value={metric} onChange={setMetric} options={METRICS.map((m) => ({ value: m, label: t(`metrics.${m}`) }))} data-testid="world-metric" />}
      </Space>
      <Row gutter={24}>
        <Col xs={24} xl={16}>
          <GeoMap map={view} values={mapped} seriesName={seriesName} testId="world-map" fileName={`${view}-${view === 'china' ? 'devices' : metric}-${range}`} />
        </Col>
        <Col xs={24} xl={8}>
          {view === 'china' && (
            <Row gutter={16} style={{ marginBottom: 16 }}>
              <Col span={12}>
                <Statistic title={t('devicesInChina')} value={inChina} data-testid="devices-in-china" />
              </Col>
              <Col span={12}>
                <Statistic title={t('shareOfPlaced')} value={percent(inChina, devicesPlaced)} />
              </Col>
            </Row>
          )}
          <Typography.Title level={5}>{view === 'china' ? t('topProvinces') : t('topCountries')}</Typography.Title>
          {values.length === 0 ? (
            <Empty description={t('nowhereYet')} />
          ) : (
            <Table<{ code: string; count: number }>
              size="small"
              pagination={false}
              rowKey="code"
              data-testid="world-ranking"
              dataSource={values.slice(0, TOP).map(([code, count]) => ({ code, count }))}
              columns={[
                { title: view === 'china' ? t('province') : t('country'), dataIndex: 'code', render: (code: string) => placeName(code, lang) },
                { title: seriesName, dataIndex: 'count', align: 'right' },
                { title: t('share'), dataIndex: 'count', align: 'right', render: (count: number) => percent(count, total) },
              ]}
            />
          )}
        </Col>
      </Row>
    </Card>
  );
}
