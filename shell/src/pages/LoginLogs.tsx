import { api, type Page, type ApiSchemas } from '@console/sdk';
import { ListPage } from '@console/sdk/ui';
import { DatePicker, Form, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

import { PageCard, time } from './common';
import { range } from './Records';

type LoginRow = ApiSchemas['LoginLogRow'];

const RESULTS = ['success', 'bad_credentials', 'locked', 'disabled'];

export default function LoginLogs() {
  const { t } = useTranslation();
  return (
    <PageCard title={t('loginLogs.title')}>
      <ListPage<LoginRow>
        rowKey="id"
        load={(q, page, pageSize) => api.post<Page<LoginRow>>('/authority-service/authority/list', { userName: q.userName, keyword: q.ip, result: q.result, ...range(q), page, pageSize })}
        search={
          <>
            <Form.Item name="userName" label={t('common.user')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="ip" label="IP">
              <Input allowClear />
            </Form.Item>
            <Form.Item name="result" label={t('common.result')}>
              <Select allowClear style={{ width: 140 }} options={RESULTS.map((value) => ({ value, label: t(`loginLogs.${value}`) }))} />
            </Form.Item>
            <Form.Item name="range" label={t('common.time')}>
              <DatePicker.RangePicker />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('loginLogs.loginAt'), dataIndex: 'loginAt', render: time, width: 170 },
          { title: t('common.user'), dataIndex: 'username' },
          { title: 'IP', dataIndex: 'ip' },
          { title: t('common.result'), dataIndex: 'result', render: (v: string) => <Tag color={v === 'success' ? 'green' : 'red'}>{t(`loginLogs.${v}`)}</Tag> },
          { title: t('loginLogs.logoutAt'), dataIndex: 'logoutAt', render: time, width: 170 },
          {
            title: t('loginLogs.userAgent'),
            dataIndex: 'userAgent',
            render: (v: string) => (
              <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 260 }}>
                {v}
              </Typography.Text>
            ),
          },
        ]}
      />
    </PageCard>
  );
}
