import { api, formatTime, useNamespace } from '@console/sdk';
import { ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, DatePicker, Form, Input, Select, Tag } from 'antd';

import { resources } from './i18n';

export interface StatusApplication {
  id: string;
  productId: string;
  productName: string;
  fromStatus: string;
  toStatus: string;
  reason: string;
  applicant: string;
  appliedAt: number;
  auditState: 'unmoderated' | 'approved' | 'rejected';
  auditor: string;
  auditedAt?: number;
  comment: string;
}

interface Day {
  startOf: (unit: 'day') => { valueOf: () => number };
  endOf: (unit: 'day') => { valueOf: () => number };
}

const STATE_COLOURS = { unmoderated: 'blue', approved: 'green', rejected: 'red' } as const;
const when = formatTime;

/** The product status audit list: decided in the process centre. */
export default function Audit() {
  const { t } = useNamespace('product', resources);
  const range = (values: Record<string, unknown>, name: string, from: string, to: string) => {
    const days = values[name] as [Day, Day] | undefined;
    return days ? { [from]: days[0].startOf('day').valueOf(), [to]: days[1].endOf('day').valueOf() } : {};
  };
  return (
    <Card title={t('statusAudit')} variant="borderless">
      <ListPage<StatusApplication>
        rowKey="id"
        testId="product-audit"
        load={(values, page, pageSize) =>
          api.get('/product-service/status-applications', {
            auditState: values.auditState as string | undefined,
            applicant: (values.applicant as string | undefined) || undefined,
            auditor: (values.auditor as string | undefined) || undefined,
            mode: values.mode as string | undefined,
            ...range(values, 'applied', 'appliedFrom', 'appliedTo'),
            ...range(values, 'audited', 'auditedFrom', 'auditedTo'),
            page,
            pageSize,
          })
        }
        search={
          <>
            <Form.Item name="applied" label={t('appliedAt')}>
              <DatePicker.RangePicker />
            </Form.Item>
            <Form.Item name="audited" label={t('auditedAt')}>
              <DatePicker.RangePicker />
            </Form.Item>
            <Form.Item name="auditState" label={t('auditState')}>
              <Select allowClear style={{ width: 140 }} options={Object.keys(STATE_COLOURS).map((s) => ({ value: s, label: t(`audit_${s}`) }))} />
            </Form.Item>
            <Form.Item name="applicant" label={t('applicant')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="auditor" label={t('auditor')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { title: t('product'), dataIndex: 'productName' },
          { title: t('requestedStatus'), render: (_, a) => `${t(`product_${a.fromStatus}`)} → ${t(`product_${a.toStatus}`)}` },
          { title: t('reason'), dataIndex: 'reason' },
          { title: t('applicant'), dataIndex: 'applicant' },
          { title: t('appliedAt'), render: (_, a) => when(a.appliedAt) },
          { title: t('auditState'), render: (_, a) => <Tag color={STATE_COLOURS[a.auditState]}>{t(`audit_${a.auditState}`)}</Tag> },
          { title: t('auditor'), dataIndex: 'auditor' },
          { title: t('auditedAt'), render: (_, a) => when(a.auditedAt) },
          { title: t('comment'), dataIndex: 'comment' },
        ]}
      />
    </Card>
  );
}
