import { api, type Page, type ApiSchemas } from '@console/sdk';
import { ListPage } from '@console/sdk/ui';
import { DatePicker, Form, Input, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

import { PageCard, time } from './common';

type RecordRow = ApiSchemas['OperationRecordRow'];

/** The range picker's value as the API's start and end times. */
export function range(values: Record<string, unknown>) {
  const [from, to] = (values.range as [Dayjs, Dayjs] | undefined) ?? [];
  return { startTime: from?.startOf('day').valueOf(), endTime: to?.endOf('day').valueOf() };
}

export default function Records() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('records.title')}>
      <ListPage<RecordRow>
        rowKey="id"
        load={(q, page, pageSize) => api.post<Page<RecordRow>>('/authority-service/authority/operateRecord/list', { userName: q.userName, keyword: q.keyword, ...range(q), page, pageSize })}
        search={
          <>
            <Form.Item name="userName" label={t('common.user')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="keyword" label={t('records.operation')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="range" label={t('common.time')}>
              <DatePicker.RangePicker />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('common.time'), dataIndex: 'createdAt', render: time, width: 170 },
          { title: t('common.user'), dataIndex: 'username' },
          { title: t('records.description'), dataIndex: 'description' },
          { title: t('records.method'), dataIndex: 'method' },
          { title: t('records.path'), dataIndex: 'path' },
          { title: t('records.ip'), dataIndex: 'ip' },
          { title: t('records.code'), dataIndex: 'resultCode', render: (v: number) => <Tag color={v === 200 ? 'green' : 'red'}>{v}</Tag> },
          {
            title: t('records.data'),
            dataIndex: 'requestData',
            render: (v: string) => (
              <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 240 }} code>
                {v}
              </Typography.Text>
            ),
          },
        ]}
      />
    </PageCard>
  );
}
