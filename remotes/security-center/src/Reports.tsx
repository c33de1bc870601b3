import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, SearchModeField, UploadField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { resources } from './i18n';

export interface Report {
  id: string;
  title: string;
  severity: Severity;
  product: string;
  description: string;
  contact: string;
  status: Status;
  reporterId: number;
  reporterName: string;
  updated: number;
  version: number;
}

export type Severity = 'low' | 'medium' | 'high' | 'critical';
export type Status = 'submitted' | 'confirmed' | 'fixed' | 'rejected';
export const SEVERITIES: Severity[] = ['low', 'medium', 'high', 'critical'];
export const STATUSES: Status[] = ['submitted', 'confirmed', 'fixed', 'rejected'];
export const SEVERITY_COLOR: Record<Severity, string> = { low: 'default', medium: 'gold', high: 'orange', critical: 'red' };
export const STATUS_COLOR: Record<Status, string> = { submitted: 'blue', confirmed: 'purple', fixed: 'green', rejected: 'default' };
export const BASE = '/security-center-service';
export const TEAM = 'security:report:handle';

export default function Reports() {
  const { t } = useNamespace('security-center', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const navigate = useNavigate();
  const list = useRef<ListHandle>(null);
  const [submitting, setSubmitting] = useState(false);
  const team = may(TEAM);
  return (
    <Card title={t('reports')} variant="borderless">
      {!team && <Typography.Paragraph type="secondary">{t('ownOnly')}</Typography.Paragraph>}
      <ListPage<Report>
        handle={list}
        rowKey="id"
        testId="security-reports"
        load={(q, page, pageSize) =>
          api.get<Page<Report>>(`${BASE}/reports`, { title: q.title as string, mode: q.mode as string, severity: q.severity as string, status: q.status as string, page, pageSize })
        }
        search={
          <>
            <Form.Item name="title" label={t('title')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="severity" label={t('severity')}>
              <Select allowClear style={{ width: 130 }} options={SEVERITIES.map((s) => ({ value: s, label: t(`severity_${s}`) }))} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 130 }} options={STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="security:report:submit">
            <Button type="primary" data-testid="submit-report" onClick={() => setSubmitting(true)}>
              {t('submit')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('title'), dataIndex: 'title' },
          { title: t('severity'), dataIndex: 'severity', render: (v: Severity) => <Tag color={SEVERITY_COLOR[v]}>{t(`severity_${v}`)}</Tag> },
          { title: t('product'), dataIndex: 'product' },
          { title: t('status'), dataIndex: 'status', render: (v: Status) => <Tag color={STATUS_COLOR[v]}>{t(`status_${v}`)}</Tag> },
          ...(team ? [{ title: t('reporter'), dataIndex: 'reporterName' }] : []),
          { title: t('updated'), dataIndex: 'updated', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          {
            title: t('actions'),
            render: (_, row) => <a onClick={() => void navigate(`/security-center/detail?id=${row.id}`)}>{t('details')}</a>,
          },
        ]}
      />
      <ModalForm<Record<string, string>>
        open={submitting}
        title={t('submit')}
        failure="add"
        width={680}
        initialValues={{ severity: 'medium' }}
        onClose={() => setSubmitting(false)}
        onSubmit={(values) =>
          api.post(`${BASE}/reports`, values, { quiet: true }).then(() => {
            void message.success(t('submitted'));
            list.current?.reload();
          })
        }
      >
        <Form.Item name="title" label={t('title')} rules={[{ required: true, min: 4, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="severity" label={t('severity')} rules={[{ required: true }]}>
          <Select options={SEVERITIES.map((s) => ({ value: s, label: t(`severity_${s}`) }))} />
        </Form.Item>
        <Form.Item name="product" label={t('product')} rules={[{ max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label={t('description')} extra={t('descriptionHint')} rules={[{ required: true, min: 20, max: 20000 }]}>
          <Input.TextArea rows={6} />
        </Form.Item>
        <Form.Item name="contact" label={t('contact')} extra={t('contactHint')} rules={[{ required: true, max: 80 }]}>
          <Input />
        </Form.Item>
        <UploadField name="uploadId" label={t('attachment')} mount="security-center-service" purpose="report-attachment" maxMib={200} required={false} />
      </ModalForm>
    </Card>
  );
}
