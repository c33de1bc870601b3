import { api, useNamespace } from '@console/sdk';
import { downloadBase64 } from '@console/sdk/ui';
import { Button, Descriptions, Drawer, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';

import { resources } from './i18n';
import type { Task } from './task';

interface DeviceReport {
  sn: string;
  stepsDone: number;
  succeeded: number;
  failed: number;
  timedOut: number;
  averageMs: number;
  longestMs: number;
  reasons: Record<string, number>;
}

/** A task's report per device, with CSV and Excel downloads. `base` is the page's route prefix. */
export function ReportDrawer({ base, task, onClose }: { base: 'tasks' | 'history'; task: Task; onClose: () => void }) {
  const { t } = useNamespace('ota-test', resources);
  const [devices, setDevices] = useState<DeviceReport[] | null>(null);
  useEffect(() => {
    api.get<{ devices: DeviceReport[] }>(`/ota-test-service/${base}/${task.id}/report`).then(
      (r) => setDevices(r.devices),
      () => setDevices([]),
    );
  }, [base, task.id]);
  const download = (format: 'csv' | 'xlsx') =>
    api
      .get<{ fileName: string; contentType: string; content: string }>(`/ota-test-service/${base}/${task.id}/export`, { format })
      .then((file) => downloadBase64(file.fileName, file.contentType, file.content));
  return (
    <Drawer
      open
      size={880}
      title={`${t('report')} · ${task.taskName}`}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={() => void download('csv')} data-testid="export-csv">
            {t('exportCsv')}
          </Button>
          <Button onClick={() => void download('xlsx')} data-testid="export-xlsx">
            {t('exportExcel')}
          </Button>
        </Space>
      }
    >
      <Descriptions
        size="small"
        column={3}
        style={{ marginBottom: 16 }}
        items={[
          { key: 'status', label: t('status'), children: t(`status_${task.status}`) },
          { key: 'versions', label: `${t('upgradeVersion')} / ${t('downgradeVersion')}`, children: `${task.upgradeVersion} / ${task.downgradeVersion}` },
          { key: 'steps', label: t('stepsDone'), children: `${task.doneSteps} / ${task.totalSteps}` },
        ]}
      />
      <Table<DeviceReport>
        rowKey="sn"
        size="small"
        loading={devices === null}
        dataSource={devices ?? []}
        pagination={false}
        data-testid="ota-report"
        columns={[
          { title: t('sn'), dataIndex: 'sn' },
          { title: t('stepsDone'), dataIndex: 'stepsDone' },
          { title: t('succeeded'), dataIndex: 'succeeded', render: (v: number) => <Tag color="green">{v}</Tag> },
          { title: t('failed'), dataIndex: 'failed', render: (v: number) => (v ? <Tag color="red">{v}</Tag> : v) },
          { title: t('timedOut'), dataIndex: 'timedOut', render: (v: number) => (v ? <Tag color="orange">{v}</Tag> : v) },
          { title: t('averageMs'), dataIndex: 'averageMs' },
          { title: t('longestMs'), dataIndex: 'longestMs' },
          {
            title: t('reasons'),
            dataIndex: 'reasons',
            render: (r: Record<string, number>) =>
              Object.entries(r).map(([reason, n]) => (
                <div key={reason}>
                  {reason} ×{n}
                </div>
              )),
          },
        ]}
      />
    </Drawer>
  );
}
