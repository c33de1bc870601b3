import { api, Auth, useNamespace, type Page } from '@console/sdk';
import { useConfirm } from '@console/sdk/ui';
import { App, Button, Card, Descriptions, Drawer, Empty, Form, Image, Input, List, Pagination, Segmented, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';

import { resources } from './i18n';
import { BASE, KINDS, SideBySide, STATUSES, StatusTag, type Item } from './types';

type Filters = Record<string, string | undefined>;
const when = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

/** The data-collection page: what whitelisted devices uploaded, as a gallery or a table, filtered, exported as a zip. */
export default function DataCollection() {
  const { t } = useNamespace('ai-data', resources);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ page: 1, pageSize: 24 });
  const [data, setData] = useState<Page<Item> | null>(null);
  const [view, setView] = useState<'gallery' | 'table'>('gallery');
  const [open, setOpen] = useState<Item | null>(null);
  const [batches, setBatches] = useState<{ id: string; name: string }[]>([]);

  const load = useCallback(() => {
    api.get<Page<Item>>(`${BASE}/items`, { ...filters, page: page.page, pageSize: page.pageSize }).then(setData, () => setData(null));
  }, [filters, page]);
  useEffect(load, [load]);
  useEffect(() => {
    // Through the collection page's own route: its users may not read the whitelist.
    api.get<{ id: string; name: string }[]>(`${BASE}/collection-batches`, undefined, { quiet: true }).then(setBatches, () => setBatches([]));
  }, []);

  const exportZip = () =>
    api.post<{ url: string; items: number }>(`${BASE}/items/export?${new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1]))).toString()}`, {}).then(
      (done) => {
        void message.success(t('exportStarted', { count: done.items }));
        window.location.assign(done.url);
      },
      () => undefined,
    );
  const remove = (item: Item) =>
    confirm(t('deleteConfirm'), null, () =>
      api.delete(`${BASE}/items/${item.id}`).then(() => {
        void message.success(t('deleted'));
        setOpen(null);
        load();
      }),
    );

  const items = data?.list ?? [];
  return (
    <Card
      title={t('collectionTitle')}
      variant="borderless"
      extra={
        <Segmented
          value={view}
          onChange={setView}
          options={[
            { value: 'gallery', label: t('gallery') },
            { value: 'table', label: t('table') },
          ]}
        />
      }
    >
      <Typography.Paragraph type="secondary">{t('collectionHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => {
          setFilters(values);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="sn" label={t('sn')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="kind" label={t('kind')}>
          <Select allowClear style={{ width: 160 }} options={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="label" label={t('label')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="status" label={t('status')}>
          <Select allowClear style={{ width: 130 }} options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} />
        </Form.Item>
        <Form.Item name="whitelistId" label={t('batch')}>
          <Select allowClear style={{ width: 180 }} options={batches.map((b) => ({ value: b.id, label: b.name }))} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {t('reset')}
          </Button>
          <Auth action="ai:collection:export">
            <Button onClick={() => void exportZip()} disabled={items.length === 0} data-testid="ai-export">
              {t('export')}
            </Button>
          </Auth>
        </Space>
      </Form>
      {items.length === 0 ? (
        <Empty description={t('nothing')} />
      ) : view === 'gallery' ? (
        <List<Item>
          grid={{ gutter: 16, xs: 2, sm: 3, md: 4, lg: 5, xl: 6, xxl: 8 }}
          dataSource={items}
          data-testid="ai-gallery"
          renderItem={(item) => (
            <List.Item>
              <Card size="small" hoverable onClick={() => setOpen(item)} cover={<img src={item.thumbUrl} alt={`${item.sn} ${item.label}`} style={{ aspectRatio: '4 / 3', objectFit: 'cover' }} />}>
                <Card.Meta
                  title={item.label || t(`kinds.${item.kind}`)}
                  description={
                    <Space size={4} wrap>
                      {item.sn}
                      <StatusTag status={item.status} />
                    </Space>
                  }
                />
              </Card>
            </List.Item>
          )}
        />
      ) : (
        <Table<Item>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={items}
          data-testid="ai-items"
          columns={[
            { title: '', render: (_, item) => <Image src={item.thumbUrl} preview={{ src: item.imageUrl }} width={64} alt={item.label} /> },
            { title: t('sn'), dataIndex: 'sn' },
            { title: t('kind'), dataIndex: 'kind', render: (k: Item['kind']) => t(`kinds.${k}`) },
            { title: t('label'), dataIndex: 'label' },
            { title: t('confidence'), dataIndex: 'confidence', render: (c: number | null) => (c == null ? '—' : `${Math.round(c * 100)} %`) },
            { title: t('firmware'), dataIndex: 'firmwareVersion' },
            { title: t('takenAt'), dataIndex: 'takenAt', render: when },
            { title: t('status'), dataIndex: 'status', render: (s: Item['status']) => <StatusTag status={s} /> },
            { title: '', render: (_, item) => <a onClick={() => setOpen(item)}>{t('details')}</a> },
          ]}
        />
      )}
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        current={page.page}
        pageSize={page.pageSize}
        total={data?.total ?? 0}
        showSizeChanger
        onChange={(p, size) => setPage({ page: p, pageSize: size })}
      />
      <Drawer
        open={open !== null}
        size={720}
        title={open ? `${open.sn} · ${open.label}` : ''}
        onClose={() => setOpen(null)}
        extra={
          open && (
            <Auth action="ai:collection:delete">
              <Button danger onClick={() => remove(open)}>
                {t('delete')}
              </Button>
            </Auth>
          )
        }
      >
        {open && (
          <>
            <SideBySide item={open} />
            <Descriptions column={2} size="small" style={{ marginTop: 16 }} bordered>
              <Descriptions.Item label={t('productKey')}>{open.productKey}</Descriptions.Item>
              <Descriptions.Item label={t('firmware')}>{open.firmwareVersion}</Descriptions.Item>
              <Descriptions.Item label={t('kind')}>{t(`kinds.${open.kind}`)}</Descriptions.Item>
              <Descriptions.Item label={t('confidence')}>{open.confidence == null ? '—' : `${Math.round(open.confidence * 100)} %`}</Descriptions.Item>
              <Descriptions.Item label={t('takenAt')}>{when(open.takenAt)}</Descriptions.Item>
              <Descriptions.Item label={t('status')}>
                <StatusTag status={open.status} />
              </Descriptions.Item>
              {open.annotation && <Descriptions.Item label={t('bugType')}>{t(`bugTypes.${open.annotation.bugType}`)}</Descriptions.Item>}
              {open.annotation && <Descriptions.Item label={t('annotatorLabel')}>{open.annotation.label}</Descriptions.Item>}
            </Descriptions>
          </>
        )}
      </Drawer>
    </Card>
  );
}
