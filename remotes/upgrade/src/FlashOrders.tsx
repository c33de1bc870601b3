import { ResourcePage } from '@console/sdk/ui';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';

import { useTexts, when } from './parts';
import { MOUNT, packages } from './service';
import type { ProductOption } from './types';

const REASONS = ['upgrade-failure', 'repair', 'factory', 'other'] as const;
const STATES = ['open', 'flashing', 'done', 'failed', 'cancelled'] as const;
type FlashState = (typeof STATES)[number];
/** Where an order may go from each state (the server holds the same table). */
const NEXT: Record<FlashState, FlashState[]> = { open: ['flashing', 'cancelled'], flashing: ['done', 'failed'], failed: ['flashing'], done: [], cancelled: [] };
const COLOR: Record<FlashState, string> = { open: 'blue', flashing: 'processing', done: 'success', failed: 'error', cancelled: 'default' };
const VERSION = /^[A-Za-z0-9._-]{0,32}$/;

interface FlashOrder {
  id: string;
  version: number;
  createdAt: number;
  orderNo: string;
  sn: string;
  productId: string;
  productName: string;
  fromVersion: string;
  toVersion: string;
  reason: (typeof REASONS)[number];
  site: string;
  description: string;
  state: FlashState;
  result: string;
  finishedAt: number | null;
}

function OrderFields({ editing, products }: { editing: Partial<FlashOrder>; products: ProductOption[] }) {
  const { t } = useTexts();
  const required = { required: true, message: t('required') };
  const state = Form.useWatch<FlashState | undefined>('state');
  const from = editing.state;
  return (
    <>
      <Form.Item name="sn" label={t('sn')} rules={[required, { pattern: /^[A-Za-z0-9_-]{1,64}$/, message: t('flashSnRule') }]}>
        <Input data-testid="flash-sn" />
      </Form.Item>
      <Form.Item name="productId" label={t('product')} rules={[required]}>
        <Select showSearch={{ optionFilterProp: 'label' }} data-testid="flash-product" options={products.map((p) => ({ value: p.productId, label: p.productName }))} />
      </Form.Item>
      <Form.Item name="fromVersion" label={t('flashFromVersion')} rules={[{ pattern: VERSION, message: t('versionNameRule') }]}>
        <Input placeholder="1.2.0" />
      </Form.Item>
      <Form.Item name="toVersion" label={t('flashToVersion')} rules={[required, { pattern: VERSION, message: t('versionNameRule') }]}>
        <Input placeholder="1.2.3" data-testid="flash-to-version" />
      </Form.Item>
      <Form.Item name="reason" label={t('flashReason')} rules={[required]}>
        <Select data-testid="flash-reason" options={REASONS.map((r) => ({ value: r, label: t(`flashReason_${r}`) }))} />
      </Form.Item>
      <Form.Item name="site" label={t('flashSite')} rules={[required, { max: 64 }]} extra={t('flashSiteHint')}>
        <Input data-testid="flash-site" />
      </Form.Item>
      <Form.Item name="description" label={t('flashDescription')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      {from && (
        <>
          <Form.Item name="state" label={t('flashState')} rules={[required]}>
            <Select data-testid="flash-state" options={[from, ...NEXT[from]].map((s) => ({ value: s, label: t(`flashState_${s}`) }))} />
          </Form.Item>
          <Form.Item name="result" label={t('flashResult')} rules={[{ required: state === 'failed', message: t('required') }, { max: 500 }]} extra={t('flashResultHint')}>
            <Input.TextArea rows={2} data-testid="flash-result" />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** Flash-event orders (/ota-upgrade/flash-orders): devices flashed by hand at a service site. */
export default function FlashOrders() {
  const { t } = useTexts();
  const [products, setProducts] = useState<ProductOption[]>([]);
  useEffect(() => {
    packages.flashOrderProducts().then(setProducts, () => setProducts([]));
  }, []);
  return (
    <ResourcePage<FlashOrder>
      title={t('flashOrders')}
      path={`/${MOUNT}/flash-orders`}
      testId="flash-orders"
      name={(row) => row.orderNo}
      actions={{ add: 'ota:flash:edit', edit: 'ota:flash:edit', delete: 'ota:flash:delete' }}
      addLabel={t('flashAdd')}
      addTestId="add-flash-order"
      formWidth={640}
      search={
        <>
          <Form.Item name="sn" label={t('sn')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="state" label={t('flashState')}>
            <Select allowClear style={{ width: 140 }} options={STATES.map((s) => ({ value: s, label: t(`flashState_${s}`) }))} />
          </Form.Item>
          <Form.Item name="reason" label={t('flashReason')}>
            <Select allowClear style={{ width: 180 }} options={REASONS.map((r) => ({ value: r, label: t(`flashReason_${r}`) }))} />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'orderNo', title: t('flashOrderNo'), render: (_, row) => <Typography.Text code>{row.orderNo}</Typography.Text> },
        { key: 'sn', title: t('sn'), dataIndex: 'sn' },
        { key: 'product', title: t('product'), dataIndex: 'productName' },
        { key: 'versions', title: t('versions'), render: (_, row) => `${row.fromVersion || '—'} → ${row.toVersion}` },
        { key: 'reason', title: t('flashReason'), render: (_, row) => t(`flashReason_${row.reason}`) },
        { key: 'site', title: t('flashSite'), dataIndex: 'site' },
        { key: 'state', title: t('flashState'), render: (_, row) => <Tag color={COLOR[row.state]}>{t(`flashState_${row.state}`)}</Tag> },
        { key: 'result', title: t('flashResult'), dataIndex: 'result', ellipsis: true },
        { key: 'opened', title: t('flashOpenedAt'), render: (_, row) => when(row.createdAt) },
        { key: 'finished', title: t('flashFinishedAt'), render: (_, row) => when(row.finishedAt) },
      ]}
      form={(editing) => <OrderFields editing={editing} products={products} />}
    />
  );
}
