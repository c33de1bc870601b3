import { api, useNamespace, type Page } from '@console/sdk';
import { ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, DatePicker, Form, Input, Select, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';

import { resources } from './i18n';

interface Applied {
  id: string;
  pluginName: string;
  patchVersion: number;
  baselineVersion: string;
  arch: string;
  sn: string;
  success: boolean;
  message: string;
  reportedAt: number;
}

/** What devices and apps reported applying, with filters. */
export default function Logs() {
  const { t } = useNamespace('hot-update', resources);
  return (
    <Card title={t('logs')} variant="borderless">
      <ListPage<Applied>
        rowKey="id"
        testId="hot-logs"
        load={(q, page, pageSize) => {
          const range = q.range as [Dayjs, Dayjs] | undefined;
          return api.get<Page<Applied>>('/hot-update-service/logs', {
            sn: q.sn as string,
            mode: q.mode as string,
            pluginName: q.pluginName as string,
            success: q.success as string,
            from: range ? String(range[0].startOf('day').valueOf()) : undefined,
            to: range ? String(range[1].endOf('day').valueOf()) : undefined,
            page,
            pageSize,
          });
        }}
        search={
          <>
            <Form.Item name="sn" label={t('sn')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="pluginName" label={t('pluginName')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="success" label={t('result')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 'true', label: t('success') },
                  { value: 'false', label: t('failure') },
                ]}
              />
            </Form.Item>
            <Form.Item name="range" label={t('reportedAt')}>
              <DatePicker.RangePicker />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('reportedAt'), dataIndex: 'reportedAt', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('sn'), dataIndex: 'sn' },
          { title: t('pluginName'), dataIndex: 'pluginName' },
          { title: t('patchVersion'), dataIndex: 'patchVersion' },
          { title: t('baseline'), render: (_, row) => `${row.baselineVersion} (${row.arch})` },
          { title: t('result'), dataIndex: 'success', render: (v: boolean) => (v ? <Tag color="green">{t('success')}</Tag> : <Tag color="red">{t('failure')}</Tag>) },
          { title: t('message'), dataIndex: 'message', ellipsis: true },
        ]}
      />
    </Card>
  );
}
