import { api, useNamespace } from '@console/sdk';
import { Chart, type Series } from '@console/sdk/charts';
import { Alert, Card, Col, Empty, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { axisLabels, ExportButton, MOUNT, useRange, when, type Granularity } from './controls';
import { resources } from './i18n';

interface ErrorCode {
  code: string;
  message: string;
  count: number;
  previous: number;
  spike: boolean;
}

interface Analysis {
  range: string;
  granularity: Granularity;
  timeZone: string;
  labels: string[];
  errors: number[];
  total: number;
  previousTotal: number;
  spike: boolean;
  codes: ErrorCode[];
  codesOverTime: [string, number[]][];
  byFirmware: [string, number][];
  byProduct: [string, number][];
  countedUntil: number;
}

interface ProductOption {
  productId: string;
  productName: string;
}

/** Device errors (fault events) by code, product and firmware version, beside the period before. */
export default function ErrorAnalysis() {
  const { t } = useNamespace('dashboard', resources);
  const { range, granularity, controls } = useRange('7d');
  const [productId, setProductId] = useState<string | undefined>();
  const [products, setProducts] = useState<ProductOption[]>([]);
  const [analysis, setAnalysis] = useState<Analysis | null>(null);

  const load = useCallback(() => {
    api.get<Analysis>(`${MOUNT}/errors`, { range, granularity, productId }).then(setAnalysis, () => setAnalysis(null));
  }, [range, granularity, productId]);
  useEffect(load, [load]);
  useEffect(() => {
    api.get<ProductOption[]>(`${MOUNT}/error-product-options`).then(setProducts, () => setProducts([]));
  }, []);

  const labels = useMemo(() => axisLabels(analysis?.labels, analysis?.granularity), [analysis]);
  const overTime = useMemo<Series[]>(
    () => [
      ...(analysis?.codesOverTime ?? []).map(([code, data]) => ({ name: code, type: 'bar' as const, stack: 'codes', data })),
      { name: t('allErrors'), type: 'line' as const, data: analysis?.errors ?? [] },
    ],
    [analysis, t],
  );
  const bar = (rows: [string, number][] | undefined) => [{ name: t('errors'), type: 'bar' as const, data: (rows ?? []).map(([, n]) => n) }];
  const chartName = (what: string) => `${what}-${range}-${granularity}`;
  const change = (now: number, before: number) => (before === 0 ? (now === 0 ? '0%' : '—') : `${now >= before ? '+' : ''}${Math.round(((now - before) / before) * 100)}%`);

  return (
    <Card
      title={t('errorsTitle')}
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
            data-testid="errors-product"
          />
          {controls}
          <ExportButton path="/errors/export" params={{ range, granularity, productId }} testId="errors-export" />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('errorsHint')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} data-testid="errors-freshness">
        <Typography.Text type="secondary">{analysis && analysis.countedUntil > 0 ? t('countedUntil', { time: when(analysis.countedUntil), zone: analysis.timeZone }) : t('noneYet')}</Typography.Text>
        <Link to="/device-manage/deviceInfo">{t('deviceList')}</Link>
      </Space>
      {analysis?.spike && <Alert type="error" showIcon message={t('spike', { now: analysis.total, before: analysis.previousTotal })} style={{ marginBottom: 16 }} data-testid="errors-spike" />}
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Statistic title={t('errorsInRange')} value={analysis?.total ?? 0} data-testid="errors-total" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('errorsBefore')} value={analysis?.previousTotal ?? 0} />
        </Col>
      </Row>
      {analysis && analysis.total === 0 ? (
        <Empty description={t('noErrors')} />
      ) : (
        <>
          <Typography.Title level={5}>{t('errorsOverTime')}</Typography.Title>
          <Chart labels={labels} series={overTime} testId="chart-errors" fileName={chartName('errors-by-code')} />
          <Typography.Title level={5}>{t('topCodes')}</Typography.Title>
          <Table<ErrorCode>
            rowKey="code"
            size="small"
            pagination={false}
            dataSource={analysis?.codes ?? []}
            data-testid="errors-codes"
            columns={[
              { title: t('code'), dataIndex: 'code' },
              { title: t('message'), dataIndex: 'message', render: (message: string) => message || <Typography.Text type="secondary">{t('noMessage')}</Typography.Text> },
              { title: t('errors'), dataIndex: 'count', align: 'right' },
              { title: t('errorsBefore'), dataIndex: 'previous', align: 'right' },
              {
                title: t('changeColumn'),
                align: 'right',
                render: (_, row) => (row.spike ? <Tag color="red">{t('spikeTag', { change: change(row.count, row.previous) })}</Tag> : change(row.count, row.previous)),
              },
            ]}
          />
          <Row gutter={24} style={{ marginTop: 16 }}>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('byFirmware')}</Typography.Title>
              <Chart
                labels={(analysis?.byFirmware ?? []).map(([v]) => v || t('unknownVersion'))}
                series={bar(analysis?.byFirmware)}
                height={260}
                testId="chart-errors-firmware"
                fileName={chartName('errors-by-firmware')}
              />
            </Col>
            <Col xs={24} lg={12}>
              <Typography.Title level={5}>{t('byProduct')}</Typography.Title>
              <Chart labels={(analysis?.byProduct ?? []).map(([p]) => p)} series={bar(analysis?.byProduct)} height={260} testId="chart-errors-product" fileName={chartName('errors-by-product')} />
            </Col>
          </Row>
        </>
      )}
    </Card>
  );
}
