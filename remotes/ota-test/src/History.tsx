import { api, useNamespace, type Page } from '@console/sdk';
import { ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';

import { resources } from './i18n';
import { ReportDrawer } from './Report';
import { STATUS_COLORS, type Task, TaskProgress, duration } from './task';

/** Finished tasks (completed or terminated), by name, status and start time. */
export default function History() {
  const { t } = useNamespace('ota-test', resources);
  const [reportOf, setReportOf] = useState<Task | null>(null);
  return (
    <Card title={t('history')} variant="borderless">
      <ListPage<Task>
        rowKey="id"
        testId="ota-history"
        load={(q, page, pageSize) => {
          const range = q.range as [Dayjs, Dayjs] | undefined;
          return api.get<Page<Task>>('/ota-test-service/history', {
            taskName: q.taskName as string,
            mode: q.mode as string,
            status: q.status as string,
            from: range ? String(range[0].startOf('day').valueOf()) : undefined,
            to: range ? String(range[1].endOf('day').valueOf()) : undefined,
            page,
            pageSize,
          });
        }}
        search={
          <>
            <Form.Item name="taskName" label={t('taskName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 140 }} options={(['completed', 'terminated'] as const).map((s) => ({ value: s, label: t(`status_${s}`) }))} />
            </Form.Item>
            <Form.Item name="range" label={t('startedAt')}>
              <DatePicker.RangePicker />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('taskName'), dataIndex: 'taskName' },
          { title: t('status'), dataIndex: 'status', render: (s: Task['status']) => <Tag color={STATUS_COLORS[s]}>{t(`status_${s}`)}</Tag> },
          { title: t('progress'), render: (_, row) => <TaskProgress task={row} /> },
          { title: t('startedAt'), dataIndex: 'startedAt', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          { title: t('finishedAt'), dataIndex: 'finishedAt', render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—') },
          { title: t('totalTime'), render: (_, row) => duration(row) },
          { title: t('actions'), render: (_, row) => <a onClick={() => setReportOf(row)}>{t('report')}</a> },
        ]}
      />
      {reportOf && <ReportDrawer base="history" task={reportOf} onClose={() => setReportOf(null)} />}
    </Card>
  );
}
