import { api, useNamespace, usePagePermission } from '@console/sdk';
import type { Page } from '@console/sdk';
import { ListPage } from '@console/sdk/ui';
import { Card, Form, Input, Select, Tag } from 'antd';

import { resources } from './i18n';
import { type DeviceLog, LOG_KINDS, text, when } from './types';

/** A log file downloads through a signed link made at the click (it works for five minutes). */
function download(id: string) {
  void api.get<{ url: string }>(`/device-service/device-logs/${id}/file`).then(({ url }) => window.open(url, '_blank', 'noopener'));
}

/** Device logs as a list; `kinds` limits it (the binding logs of userDevice). */
export function DeviceLogList({ kinds, testId }: { kinds?: readonly DeviceLog['kind'][]; testId: string }) {
  const { t } = useNamespace('device', resources);
  const may = usePagePermission('/device-manage/devicesLog');
  const choices = kinds ?? LOG_KINDS;
  return (
    <ListPage<DeviceLog>
      params={kinds}
      rowKey="id"
      testId={testId}
      load={(values, page, pageSize) =>
        api.get<Page<DeviceLog>>('/device-service/device-logs', {
          sn: text(values.sn),
          account: text(values.account),
          kind: (values.kind as string | undefined) ?? (kinds ? kinds.join(',') : undefined),
          result: values.result as string | undefined,
          page,
          pageSize,
        })
      }
      search={
        <>
          <Form.Item name="sn" label="SN">
            <Input allowClear />
          </Form.Item>
          <Form.Item name="account" label={t('appUser')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="kind" label={t('logKind')}>
            <Select allowClear style={{ width: 140 }} options={choices.map((k) => ({ value: k, label: t(`log_${k}`) }))} />
          </Form.Item>
          <Form.Item name="result" label={t('result')}>
            <Select allowClear style={{ width: 120 }} options={['success', 'failure'].map((r) => ({ value: r, label: t(`result_${r}`) }))} />
          </Form.Item>
        </>
      }
      columns={[
        { title: t('time'), dataIndex: 'at', render: when },
        { title: 'SN', dataIndex: 'sn' },
        { title: t('logKind'), dataIndex: 'kind', render: (k: string) => t(`log_${k}`) },
        { title: t('appUser'), dataIndex: 'account' },
        { title: 'IP', dataIndex: 'ip' },
        { title: t('appVersion'), dataIndex: 'appVersion' },
        { title: t('phone'), render: (_, l: DeviceLog) => [l.phoneModel, l.phoneSystem].filter(Boolean).join(' · ') },
        { title: t('place'), render: (_, l: DeviceLog) => [l.city, l.country].filter(Boolean).join(', ') },
        { title: t('firmwareVersion'), dataIndex: 'firmwareVersion' },
        { title: t('softwareVersion'), dataIndex: 'softwareVersion' },
        { title: t('result'), dataIndex: 'result', render: (r: string) => <Tag color={r === 'success' ? 'green' : 'red'}>{t(`result_${r}`)}</Tag> },
        { title: t('detail'), render: (_, l: DeviceLog) => [l.cause && t(`cause_${l.cause}`), l.detail].filter(Boolean).join(': ') },
        {
          title: t('logFile'),
          render: (_, l: DeviceLog) =>
            l.logFile && may('device:log:download') ? (
              <a data-testid={`log-file-${l.sn}`} onClick={() => download(l.id)}>
                {l.logFile.fileName}
              </a>
            ) : null,
        },
      ]}
    />
  );
}

/** Device logs (devicesLog): logins, logouts, bindings, resets and the log files devices upload. */
export default function DeviceLogs() {
  const { t } = useNamespace('device', resources);
  return (
    <Card title={t('deviceLogs')} variant="borderless">
      <DeviceLogList testId="device-logs" />
    </Card>
  );
}
