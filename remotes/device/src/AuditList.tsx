import { api, useNamespace, usePermission } from '@console/sdk';
import type { Page } from '@console/sdk';
import { type ListHandle, ListPage, SearchModeField } from '@console/sdk/ui';
import { App, Card, Form, Input, Select, Space, Tag } from 'antd';
import { useRef } from 'react';

import { resources } from './i18n';
import { useReasonPrompt } from './reason';
import { when } from './types';

interface InitReview {
  id: string;
  sn: string;
  productName: string;
  reason: string;
  applicant: string;
  appliedAt: number;
  state: 'waiting' | 'rejected';
  approvalId: string;
  auditor: string;
  auditedAt?: number;
  comment: string;
}

/** The factory-initialisation review (auditList): approve or reject in one click; the
 * process centre decides the same requests. Approval initialises the SN and removes the entry. */
export default function AuditList() {
  const { t } = useNamespace('device', resources);
  const { message } = App.useApp();
  const askReason = useReasonPrompt();
  const may = usePermission();
  const list = useRef<ListHandle>(null);

  const decide = (review: InitReview, approved: boolean, comment = '') =>
    api.post('/process-center/task/decide', { id: Number(review.approvalId), approved, comment }).then(() => {
      message.success(approved ? t('initApproved') : t('initRejected'));
      list.current?.reload();
    });

  const reject = (review: InitReview) =>
    askReason({ title: t('rejectTitle', { sn: review.sn }), placeholder: t('rejectReason'), testId: 'reject-comment', onOk: (comment) => decide(review, false, comment) });

  return (
    <Card title={t('initReviews')} variant="borderless">
      <ListPage<InitReview>
        rowKey="id"
        testId="init-reviews"
        handle={list}
        load={(values, page, pageSize) =>
          api.get<Page<InitReview>>('/device-service/init-reviews', {
            sn: ((values.sn as string | undefined) ?? '').trim() || undefined,
            mode: values.mode as string | undefined,
            state: values.state as string | undefined,
            page,
            pageSize,
          })
        }
        search={
          <>
            <Form.Item name="sn" label="SN">
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="state" label={t('state')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={[
                  { value: 'waiting', label: t('review_waiting') },
                  { value: 'rejected', label: t('review_rejected') },
                ]}
              />
            </Form.Item>
          </>
        }
        columns={[
          { title: 'SN', dataIndex: 'sn' },
          { title: t('product'), dataIndex: 'productName' },
          { title: t('reason'), dataIndex: 'reason' },
          { title: t('applicant'), dataIndex: 'applicant' },
          { title: t('appliedAt'), dataIndex: 'appliedAt', render: when },
          { title: t('state'), dataIndex: 'state', render: (s: InitReview['state']) => <Tag color={s === 'waiting' ? 'blue' : 'red'}>{t(`review_${s}`)}</Tag> },
          { title: t('auditor'), dataIndex: 'auditor' },
          { title: t('comment'), dataIndex: 'comment' },
          {
            title: t('actions'),
            render: (_, review: InitReview) =>
              review.state === 'waiting' && may('device:audit:decide') ? (
                <Space>
                  <a data-testid={`approve-${review.sn}`} onClick={() => void decide(review, true)}>
                    {t('approve')}
                  </a>
                  <a data-testid={`reject-${review.sn}`} onClick={() => reject(review)}>
                    {t('reject')}
                  </a>
                </Space>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
