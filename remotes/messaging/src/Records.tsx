import { api, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, Form, Input, Select, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useRef } from 'react';

import { resources } from './i18n';
import MailTasks from './MailTasks';

interface EmailRecord {
  id: string;
  to: string[];
  subject: string;
  status: 'sent' | 'failed' | 'pending';
  error: string;
  attempts: number;
  lastTriedAt: number;
}

const COLORS = { sent: 'green', failed: 'red', pending: 'default' } as const;

/** Every mail with its outcome; a failed one can be sent again. */
export default function Records() {
  const { t } = useNamespace('messaging', resources);
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  return (
    <>
      {may('msg:record:view') && (
        <Card title={t('records')} variant="borderless">
          <ListPage<EmailRecord>
            handle={list}
            rowKey="id"
            testId="mail-records"
            load={(q, page, pageSize) =>
              api.get<Page<EmailRecord>>('/message-service/mail/records', { subject: q.subject as string, mode: q.mode as string, status: q.status as string, page, pageSize })
            }
            search={
              <>
                <Form.Item name="subject" label={t('subject')}>
                  <Input allowClear />
                </Form.Item>
                <SearchModeField />
                <Form.Item name="status" label={t('status')}>
                  <Select allowClear style={{ width: 120 }} options={(['sent', 'failed'] as const).map((s) => ({ value: s, label: t(`status_${s}`) }))} />
                </Form.Item>
              </>
            }
            columns={[
              { title: t('time'), dataIndex: 'lastTriedAt', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
              { title: t('to'), dataIndex: 'to', render: (to: string[]) => to.join(', ') },
              { title: t('subject'), dataIndex: 'subject' },
              { title: t('status'), dataIndex: 'status', render: (s: EmailRecord['status']) => <Tag color={COLORS[s]}>{t(`status_${s}`)}</Tag> },
              {
                title: t('error'),
                dataIndex: 'error',
                render: (v: string) => (
                  <Typography.Text type="danger" ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
                    {v}
                  </Typography.Text>
                ),
              },
              { title: t('attempts'), dataIndex: 'attempts', width: 90 },
              {
                title: t('actions'),
                render: (_, row) =>
                  row.status === 'failed' && may('msg:record:retry') ? (
                    <a onClick={() => void api.post(`/message-service/mail/records/${row.id}/retry`, {}).then(() => list.current?.reload())}>{t('retry')}</a>
                  ) : null,
              },
            ]}
          />
        </Card>
      )}
      <MailTasks />
    </>
  );
}
