import { api, useNamespace, usePagePermission } from '@console/sdk';
import { UploadField, useFailure } from '@console/sdk/ui';
import { App, Button, Card, Descriptions, Empty, Form, Input, Select, Space, Spin, Tag, Timeline, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

import { resources } from './i18n';
import { BASE, type Report, SEVERITY_COLOR, type Severity, STATUS_COLOR, type Status } from './Reports';

interface StoredFile {
  fileName: string;
  object: string;
  size: number;
}

interface Reply {
  authorName: string;
  fromTeam: boolean;
  text: string;
  status?: Status | null;
  attachment?: StoredFile | null;
  at: number;
}

interface Detail extends Report {
  attachment?: StoredFile | null;
  replies: Reply[];
  links: Record<string, string>;
  team: boolean;
}

/** The next statuses the team may give (submitted → confirmed or rejected; confirmed → fixed or rejected). */
const NEXT: Record<Status, Status[]> = { submitted: ['confirmed', 'rejected'], confirmed: ['fixed', 'rejected'], fixed: [], rejected: [] };

export default function ReportDetail() {
  const { t } = useNamespace('security-center', resources);
  const { message } = App.useApp();
  // The buttons are the list page's: this hidden page has none of its own.
  const may = usePagePermission('/security-center/loophole-submit');
  const sayFailure = useFailure();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [report, setReport] = useState<Detail | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ text: string; status?: Status; uploadId?: string }>();
  const load = useCallback(() => api.get<Detail>(`${BASE}/reports/${id}`).then(setReport), [id]);
  useEffect(() => {
    if (id) void load();
  }, [id, load]);
  if (!report) return <Spin style={{ display: 'block', margin: 48 }} />;
  const file = (stored?: StoredFile | null) =>
    stored && (
      <a href={report.links[stored.object]} download={stored.fileName}>
        {t('download')} {stored.fileName}
      </a>
    );
  const send = (values: { text: string; status?: Status; uploadId?: string }) => {
    setBusy(true);
    api
      .post<Detail>(`${BASE}/reports/${report.id}/replies`, { ...values, version: report.version }, { quiet: true })
      .then((saved) => {
        setReport(saved);
        form.resetFields();
        void message.success(t('replied'));
      })
      .catch((error: unknown) => sayFailure('operation', error))
      .finally(() => setBusy(false));
  };
  const next = NEXT[report.status];
  return (
    <Card title={report.title} variant="borderless" extra={<Button onClick={() => void navigate('/security-center/loophole-submit')}>{t('back')}</Button>} data-testid="report-detail">
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label={t('severity')}>
          <Tag color={SEVERITY_COLOR[report.severity as Severity]}>{t(`severity_${report.severity}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <Tag color={STATUS_COLOR[report.status]} data-testid="report-status">
            {t(`status_${report.status}`)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('product')}>{report.product}</Descriptions.Item>
        <Descriptions.Item label={t('reporter')}>{report.reporterName}</Descriptions.Item>
        <Descriptions.Item label={t('contact')}>{report.contact}</Descriptions.Item>
        <Descriptions.Item label={t('updated')}>{dayjs(report.updated).format('YYYY-MM-DD HH:mm')}</Descriptions.Item>
        <Descriptions.Item label={t('description')} span={2}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{report.description}</Typography.Paragraph>
          {file(report.attachment)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('conversation')}
      </Typography.Title>
      {report.replies.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noReplies')} />
      ) : (
        <Timeline
          items={report.replies.map((reply) => ({
            color: reply.fromTeam ? 'blue' : 'gray',
            content: (
              <div>
                <Space size={8}>
                  <Typography.Text strong>{reply.fromTeam ? `${reply.authorName} · ${t('team')}` : reply.authorName}</Typography.Text>
                  <Typography.Text type="secondary">{dayjs(reply.at).format('YYYY-MM-DD HH:mm')}</Typography.Text>
                  {reply.status && <Tag color={STATUS_COLOR[reply.status]}>{t(`status_${reply.status}`)}</Tag>}
                </Space>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{reply.text}</Typography.Paragraph>
                {file(reply.attachment)}
              </div>
            ),
          }))}
        />
      )}
      {may('security:report:reply') && (
        <Form form={form} layout="vertical" onFinish={send} style={{ maxWidth: 720 }} data-testid="reply-form">
          <Form.Item name="text" label={t('yourReply')} rules={[{ required: true, max: 20000 }]}>
            <Input.TextArea rows={4} />
          </Form.Item>
          {report.team && next.length > 0 && (
            <Form.Item name="status" label={t('moveTo')}>
              <Select allowClear placeholder={t('keepStatus')} style={{ width: 240 }} options={next.map((s) => ({ value: s, label: t(`status_${s}`) }))} />
            </Form.Item>
          )}
          <UploadField name="uploadId" label={t('attachment')} mount="security-center-service" purpose="reply-attachment" maxMib={200} required={false} />
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('reply')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
