import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField, UploadField, useRiskConfirm } from '@console/sdk/ui';
import { App, Button, Card, Descriptions, Form, Image, Input, Modal, Progress, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';

import { resources } from './i18n';
import { BASE, BUG_TYPES, KINDS, SideBySide, StatusTag, type Item, type Whitelist } from './types';

/** Reviewed of all, from an entry's progress by status. */
function done(progress: Whitelist['progress']) {
  const of = (s: string) => progress.find(([status]) => status === s)?.[1] ?? 0;
  const total = progress.reduce((sum, [, n]) => sum + n, 0);
  return { reviewed: of('approved') + of('rejected'), annotated: of('annotated'), total };
}

/** The whitelist entries (at most 20 SNs, above 10 confirmed) with each batch's progress. */
function Entries({ onPick }: { onPick: (entry: Whitelist) => void }) {
  const { t } = useNamespace('ai-data', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const riskConfirm = useRiskConfirm();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Whitelist | 'new' | null>(null);
  const [privacy, setPrivacy] = useState<string[]>([]);
  useEffect(() => {
    if (editing) api.get<string[]>(`${BASE}/privacy-options`).then(setPrivacy, () => setPrivacy([]));
  }, [editing]);
  const current = editing === 'new' ? null : editing;
  return (
    <>
      <ListPage<Whitelist>
        handle={list}
        rowKey="id"
        testId="ai-whitelists"
        load={(q, page, pageSize) => api.get<Page<Whitelist>>(`${BASE}/whitelists`, { name: q.name as string, mode: q.mode as string, page, pageSize })}
        search={
          <>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          <Auth action="ai:whitelist:edit">
            <Button type="primary" onClick={() => setEditing('new')} data-testid="add-whitelist">
              {t('addWhitelist')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('name'), dataIndex: 'name', render: (name: string, row) => <a onClick={() => onPick(row)}>{name}</a> },
          { title: t('sns'), dataIndex: 'sns', render: (sns: string[]) => sns.join(', ') },
          { title: t('kind'), dataIndex: 'kinds', render: (kinds: string[]) => kinds.map((k) => <Tag key={k}>{t(`kinds.${k}`)}</Tag>) },
          { title: t('privacyProject'), dataIndex: 'privacyProject' },
          { title: t('enabled'), dataIndex: 'enabled', render: (on: boolean) => <Switch size="small" checked={on} disabled /> },
          {
            title: t('progress'),
            render: (_, row) => {
              const { reviewed, total } = done(row.progress);
              return <Progress size="small" percent={total ? Math.round((reviewed * 100) / total) : 0} format={() => t('progressOf', { done: reviewed, total })} style={{ minWidth: 160 }} />;
            },
          },
          {
            title: '',
            render: (_, row) => (
              <RowActions
                extra={<a onClick={() => onPick(row)}>{t('queue')}</a>}
                onEdit={may('ai:whitelist:edit') ? () => setEditing(row) : undefined}
                remove={
                  may('ai:whitelist:edit') ? { name: row.name, confirm: (typed) => api.delete(`${BASE}/whitelists/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) } : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<Record<string, unknown>>
        open={editing !== null}
        title={current ? t('editWhitelist') : t('addWhitelist')}
        failure={current ? 'modify' : 'add'}
        width={640}
        initialValues={current ? { ...current, sns: current.sns.join('\n') } : { kinds: ['obstacle'], enabled: true }}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          riskConfirm(values.sns, (riskConfirmed) => {
            const body = { ...values, riskConfirmed };
            const sent = current ? api.put(`${BASE}/whitelists/${current.id}`, body, { quiet: true }) : api.post(`${BASE}/whitelists`, body, { quiet: true });
            return sent.then(() => {
              void message.success(t('saved'));
              list.current?.reload();
            });
          })
        }
      >
        <Form.Item name="name" label={t('name')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="sns" label={t('sns')} extra={t('snsHint')} rules={[{ required: true }]}>
          <Input.TextArea rows={5} />
        </Form.Item>
        <Form.Item name="kinds" label={t('kind')} rules={[{ required: true }]}>
          <Select mode="multiple" options={KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
        </Form.Item>
        <Form.Item name="privacyProject" label={t('privacyProject')} extra={t('privacyHint')} rules={[{ required: true }]}>
          <Select options={privacy.map((p) => ({ value: p, label: p }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="remark" label={t('remark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </ModalForm>
    </>
  );
}

/** A batch's pictures: each annotated (bug type, label, an image of one's own), then reviewed by someone else. */
function Queue({ entry }: { entry: Whitelist }) {
  const { t } = useNamespace('ai-data', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const [items, setItems] = useState<Item[]>([]);
  const [annotating, setAnnotating] = useState<Item | null>(null);
  const [reviewing, setReviewing] = useState<Item | null>(null);
  const [comment, setComment] = useState('');
  const load = useCallback(() => {
    api.get<Page<Item>>(`${BASE}/items`, { whitelistId: entry.id, page: 1, pageSize: 100 }).then(
      (p) => setItems(p.list),
      () => setItems([]),
    );
  }, [entry.id]);
  useEffect(load, [load]);
  // Devices keep uploading: the batch refreshes every 5 seconds.
  useEffect(() => {
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, [load]);

  const review = (approved: boolean) =>
    reviewing &&
    api.post<Item>(`${BASE}/items/${reviewing.id}/review`, { approved, comment }).then(
      () => {
        void message.success(t('reviewedOk'));
        setReviewing(null);
        setComment('');
        load();
      },
      () => undefined,
    );

  return (
    <Card type="inner" title={`${t('queue')}: ${entry.name}`} style={{ marginTop: 16 }}>
      <Table<Item>
        rowKey="id"
        size="small"
        dataSource={items}
        data-testid="ai-queue"
        pagination={{ pageSize: 20 }}
        columns={[
          { title: '', render: (_, item) => <Image src={item.thumbUrl} preview={{ src: item.imageUrl }} width={72} alt={item.label} /> },
          { title: t('sn'), dataIndex: 'sn' },
          { title: t('label'), dataIndex: 'label' },
          { title: t('bugType'), render: (_, item) => (item.annotation ? t(`bugTypes.${item.annotation.bugType}`) : '—') },
          { title: t('annotatorLabel'), render: (_, item) => item.annotation?.label ?? '—' },
          { title: t('status'), dataIndex: 'status', render: (s: Item['status']) => <StatusTag status={s} /> },
          {
            title: '',
            render: (_, item) => (
              <Space>
                {may('ai:annotation:annotate') && <a onClick={() => setAnnotating(item)}>{t('annotate')}</a>}
                {may('ai:annotation:review') && item.status === 'annotated' && <a onClick={() => setReviewing(item)}>{t('review')}</a>}
              </Space>
            ),
          },
        ]}
      />
      <ModalForm<Record<string, string>>
        open={annotating !== null}
        title={t('annotate')}
        failure="modify"
        width={760}
        initialValues={
          annotating?.annotation ? { bugType: annotating.annotation.bugType, label: annotating.annotation.label, remark: annotating.annotation.remark } : { label: annotating?.label ?? '' }
        }
        onClose={() => setAnnotating(null)}
        onSubmit={(values) =>
          api.post(`${BASE}/items/${annotating?.id ?? ''}/annotation`, values, { quiet: true }).then(() => {
            void message.success(t('annotated'));
            load();
          })
        }
      >
        {annotating && <SideBySide item={annotating} />}
        <Form.Item name="bugType" label={t('bugType')} rules={[{ required: true }]} style={{ marginTop: 16 }}>
          <Select options={BUG_TYPES.map((b) => ({ value: b, label: t(`bugTypes.${b}`) }))} />
        </Form.Item>
        <Form.Item name="label" label={t('annotatorLabel')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="remark" label={t('annotationRemark')} rules={[{ max: 800 }]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <UploadField name="userUploadId" label={t('annotationImage')} mount="ai-data-service" purpose="annotation-image" accept="image/*" maxMib={20} required={false} />
      </ModalForm>
      <Modal
        open={reviewing !== null}
        title={t('review')}
        width={760}
        onCancel={() => setReviewing(null)}
        footer={
          <Space>
            <Button danger onClick={() => void review(false)} data-testid="review-reject">
              {t('reject')}
            </Button>
            <Button type="primary" onClick={() => void review(true)} data-testid="review-approve">
              {t('approve')}
            </Button>
          </Space>
        }
      >
        {reviewing && (
          <>
            <SideBySide item={reviewing} />
            <Descriptions column={1} size="small" style={{ marginTop: 16 }} bordered>
              <Descriptions.Item label={t('bugType')}>{reviewing.annotation ? t(`bugTypes.${reviewing.annotation.bugType}`) : ''}</Descriptions.Item>
              <Descriptions.Item label={t('annotatorLabel')}>{reviewing.annotation?.label}</Descriptions.Item>
              <Descriptions.Item label={t('annotationRemark')}>{reviewing.annotation?.remark}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t('annotatedBy', { name: reviewing.annotation?.annotator ?? '' })} · {t('reviewHint')}
            </Typography.Paragraph>
            <Input.TextArea rows={2} placeholder={t('rejectComment')} aria-label={t('comment')} value={comment} onChange={(e) => setComment(e.target.value)} />
          </>
        )}
      </Modal>
    </Card>
  );
}

/** The SN-whitelist-annotation page: the whitelist, and the annotation of a chosen batch. */
export default function Whitelists() {
  const { t } = useNamespace('ai-data', resources);
  const [picked, setPicked] = useState<Whitelist | null>(null);
  return (
    <Card title={t('annotationTitle')} variant="borderless">
      <Typography.Paragraph type="secondary">{t('annotationHint')}</Typography.Paragraph>
      <Entries onPick={setPicked} />
      {picked && <Queue key={picked.id} entry={picked} />}
    </Card>
  );
}
