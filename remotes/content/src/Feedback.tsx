import { usePermission } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, SearchModeField, useConfirm } from '@console/sdk/ui';
import { App, Card, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { fileSize, useTexts, ViewGuard, when } from './parts';
import { feedback, param } from './service';
import { type Feedback as Row, FEEDBACK_STATUSES, MAX_REPLY } from './types';

const STATUS_COLORS = { incomplete: 'orange', completed: 'green' } as const;

/**
 * User feedback (/content/feedback): what app users sent, with its attached file; answered by a
 * reply (mailed when the contact is an e-mail address) or marked completed.
 */
export default function Feedback() {
  return (
    <ViewGuard action="content:feedback:view">
      <FeedbackList />
    </ViewGuard>
  );
}

function FeedbackList() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const may = usePermission();
  const mayReply = may('content:feedback:reply');
  const list = useRef<ListHandle>(null);
  const reload = () => list.current?.reload();
  const [replying, setReplying] = useState<Row | null>(null);

  const load = useCallback(
    (q: Record<string, unknown>, page: number, pageSize: number) => feedback.list({ account: param(q.account), mode: param(q.mode), status: param(q.status), page, pageSize }),
    [],
  );

  /** The five-minute link opens in a new tab: the browser downloads it. */
  const download = (row: Row) =>
    feedback.fileUrl(row.id).then(
      ({ url }) => {
        window.open(url, '_blank', 'noopener');
      },
      // Refused: the request layer said why.
      () => undefined,
    );

  /** Says how the reply's mail fared: sent, failed, or none sent (the contact is no address). */
  const replied = (answer: Row) => {
    if (answer.mailStatus === 'sent') void message.success(t('replyMailed'));
    else if (answer.mailStatus === 'failed') void message.warning(t('replyMailFailed'));
    else void message.success(t('replySaved'));
    reload();
  };

  const complete = (row: Row) =>
    confirm(t('completeTitle', { account: row.account }), t('completeHint'), () =>
      feedback.complete(row.id).then(
        () => {
          void message.success(t('markedCompleted'));
          reload();
        },
        // Refused (completed meanwhile): the request layer said why.
        () => reload(),
      ),
    );

  const statusOptions = FEEDBACK_STATUSES.map((status) => ({ value: status, label: t(`status_${status}`) }));

  return (
    <Card title={t('feedback')} variant="borderless">
      <ListPage<Row>
        handle={list}
        rowKey="id"
        testId="feedback"
        load={load}
        search={
          <>
            <Form.Item name="account" label={t('account')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 160 }} data-testid="feedback-status-filter" options={statusOptions} />
            </Form.Item>
          </>
        }
        expandable={{
          expandedRowRender: (row) => (
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'smartScene', label: t('smartScene'), children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row.smartScene || '—'}</Typography.Text> },
                { key: 'reply', label: t('reply'), children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row.reply || '—'}</Typography.Text> },
                { key: 'repliedAt', label: t('repliedAt'), children: when(row.repliedAt) },
                { key: 'repliedBy', label: t('repliedBy'), children: row.repliedBy || '—' },
                { key: 'mailStatus', label: t('mailStatus'), children: t(`mail_${row.mailStatus || 'none'}`) },
              ]}
            />
          ),
        }}
        columns={[
          { key: 'account', title: t('account'), dataIndex: 'account' },
          { key: 'contact', title: t('contact'), dataIndex: 'contact' },
          { key: 'routerModel', title: t('routerModel'), render: (_, row) => row.routerModel || '—' },
          {
            key: 'smartScene',
            title: t('smartScene'),
            render: (_, row) =>
              row.smartScene ? (
                <Typography.Text ellipsis={{ tooltip: row.smartScene }} style={{ maxWidth: 240 }}>
                  {row.smartScene}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          { key: 'submittedAt', title: t('submittedAt'), render: (_, row) => when(row.submittedAt) },
          {
            key: 'status',
            title: t('status'),
            render: (_, row) => (
              <Tag color={STATUS_COLORS[row.status] ?? 'default'} data-testid={`status-${row.id}`}>
                {t(`status_${row.status}`, { defaultValue: row.status })}
              </Tag>
            ),
          },
          {
            key: 'file',
            title: t('attachedFile'),
            render: (_, row) =>
              row.file ? (
                <a onClick={() => void download(row)} data-testid={`file-${row.id}`} title={t('downloadFile')}>
                  {`${row.file.fileName} (${fileSize(row.file.size)})`}
                </a>
              ) : (
                '—'
              ),
          },
          {
            key: 'reply',
            title: t('reply'),
            render: (_, row) =>
              row.reply ? (
                <Typography.Text ellipsis={{ tooltip: row.reply }} style={{ maxWidth: 240 }} data-testid={`reply-text-${row.id}`}>
                  {row.reply}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) =>
              mayReply ? (
                <Space>
                  <a onClick={() => setReplying(row)} data-testid={`reply-${row.id}`}>
                    {t('replyAction')}
                  </a>
                  {row.status === 'incomplete' && (
                    <a onClick={() => complete(row)} data-testid={`complete-${row.id}`}>
                      {t('markCompleted')}
                    </a>
                  )}
                </Space>
              ) : null,
          },
        ]}
      />
      <ModalForm<{ reply: string }>
        open={replying !== null}
        title={t('replyTitle', { account: replying?.account ?? '' })}
        width={640}
        initialValues={{ reply: replying?.reply ?? '' }}
        onClose={() => setReplying(null)}
        onSubmit={(values) => (replying ? feedback.reply(replying.id, values.reply.trim()).then(replied) : Promise.resolve())}
      >
        <Typography.Paragraph type="secondary" data-testid="feedback-reply-hint">
          {t('replyHint', { contact: replying?.contact ?? '' })}
        </Typography.Paragraph>
        <Form.Item name="reply" label={t('reply')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: MAX_REPLY }]}>
          <Input.TextArea rows={6} maxLength={MAX_REPLY} showCount data-testid="feedback-reply" />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
