import { usePermission } from '@console/sdk';
import { ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useCallback } from 'react';

import { fileSize, useTexts, ViewGuard, when } from './parts';
import { appLogs, param } from './service';
import type { AppLog } from './types';

/** App logs (/app-manage/app-log): the log files apps upload for their users, downloaded by a signed link. */
export default function AppLogs() {
  return (
    <ViewGuard action="app:log:view">
      <AppLogList />
    </ViewGuard>
  );
}

function AppLogList() {
  const { t } = useTexts();
  const may = usePermission();
  const load = useCallback((q: Record<string, unknown>, page: number, pageSize: number) => {
    const [from, to] = (q.period as [Dayjs, Dayjs] | undefined) ?? [];
    return appLogs.list({
      username: param(q.username),
      appVersion: param(q.appVersion),
      mode: param(q.mode),
      from: from ? from.startOf('day').valueOf() : undefined,
      to: to ? to.endOf('day').valueOf() : undefined,
      page,
      pageSize,
    });
  }, []);
  /** The five-minute link opens in a new tab: the browser downloads it. */
  const download = (row: AppLog) =>
    appLogs.fileUrl(row.id).then(({ url }) => {
      window.open(url, '_blank', 'noopener');
    });
  return (
    <Card title={t('appLogs')} variant="borderless">
      <ListPage<AppLog>
        rowKey="id"
        testId="app-logs"
        load={load}
        search={
          <>
            <Form.Item name="username" label={t('username')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="appVersion" label={t('appVersion')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="period" label={t('uploadedAt')}>
              <DatePicker.RangePicker />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'username', title: t('username'), dataIndex: 'username' },
          { key: 'appVersion', title: t('appVersion'), render: (_, row) => row.appVersion || '—' },
          { key: 'phoneModel', title: t('phoneModel'), render: (_, row) => row.phoneModel || '—' },
          { key: 'file', title: t('logFile'), render: (_, row) => `${row.file.fileName} (${fileSize(row.file.size)})` },
          { key: 'uploadedAt', title: t('uploadedAt'), render: (_, row) => when(row.uploadedAt) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) =>
              may('app:log:download') ? (
                <a onClick={() => void download(row)} data-testid={`download-log-${row.id}`}>
                  {t('downloadLog')}
                </a>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
