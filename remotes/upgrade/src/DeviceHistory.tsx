import { ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, Form, Input, Select } from 'antd';

import { ExecStateTag, ReasonText, SourceText, useStateOptions, useTexts, when } from './parts';
import { deviceHistory, param } from './service';
import { RESULTS, type VersionChange } from './types';

/** Device version history (/ota-upgrade/device-history-version): every upgrade a device finished. */
export default function DeviceHistory() {
  const { t } = useTexts();
  const resultOptions = useStateOptions(RESULTS);
  return (
    <Card title={t('deviceHistory')} variant="borderless">
      <ListPage<VersionChange>
        rowKey="id"
        testId="device-history"
        load={(q, page, pageSize) => deviceHistory.list({ sn: param(q.sn), mode: param(q.mode), result: param(q.result), page, pageSize })}
        search={
          <>
            <Form.Item name="sn" label={t('sn')}>
              <Input allowClear style={{ width: 180 }} data-testid="history-sn" />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="result" label={t('result')}>
              <Select allowClear style={{ width: 140 }} options={resultOptions} />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'sn', title: t('sn'), dataIndex: 'sn' },
          { key: 'versions', title: t('versionChange'), render: (_, row) => `${row.fromVersionName || '—'} → ${row.toVersionName}` },
          { key: 'result', title: t('result'), render: (_, row) => <ExecStateTag state={row.result} /> },
          { key: 'reason', title: t('failureReason'), render: (_, row) => <ReasonText reason={row.reason} /> },
          { key: 'attempts', title: t('attempts'), dataIndex: 'attempts' },
          { key: 'source', title: t('source'), render: (_, row) => <SourceText source={row.source} /> },
          { key: 'at', title: t('time'), render: (_, row) => when(row.at) },
        ]}
      />
    </Card>
  );
}
