import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField, useConfirm, useRiskConfirm } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, InputNumber, Select, Space, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';

import { resources } from './i18n';
import { ReportDrawer } from './Report';
import { STATUS_COLORS, type Task, TaskProgress, duration } from './task';

const NEW_TASK = { steps: 10, stepTimeoutSeconds: 1800 };

export default function Tasks() {
  const { t } = useNamespace('ota-test', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const confirm = useConfirm();
  const riskConfirm = useRiskConfirm();
  const list = useRef<ListHandle>(null);
  const [adding, setAdding] = useState(false);
  const [reportOf, setReportOf] = useState<Task | null>(null);
  const [devices, setDevices] = useState<{ value: string; label: string }[]>([]);

  // Running tasks move as devices report: refresh every 5 seconds.
  useEffect(() => {
    const timer = setInterval(() => list.current?.reload(), 5000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (adding && may('ota:task:add')) {
      api
        .get<{ sn: string; online: boolean }[]>('/ota-test-service/device-options')
        .then((rows) => setDevices(rows.map((d) => ({ value: d.sn, label: `${d.sn}${d.online ? '' : ` (${t('offline')})`}` }))));
    }
  }, [adding, may, t]);

  const act = (task: Task, action: 'restart' | 'pause' | 'terminate') =>
    confirm(t('confirmAction', { action: t(action), name: task.taskName }), null, () => api.post(`/ota-test-service/tasks/${task.id}/action`, { action }).then(() => list.current?.reload()));

  return (
    <Card title={t('tasks')} variant="borderless">
      <ListPage<Task>
        handle={list}
        rowKey="id"
        testId="ota-tasks"
        load={(q, page, pageSize) => api.get<Page<Task>>('/ota-test-service/tasks', { taskName: q.taskName as string, mode: q.mode as string, status: q.status as string, page, pageSize })}
        search={
          <>
            <Form.Item name="taskName" label={t('taskName')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 140 }} options={(['running', 'paused', 'completed', 'terminated'] as const).map((s) => ({ value: s, label: t(`status_${s}`) }))} />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="ota:task:add">
            <Button type="primary" onClick={() => setAdding(true)} data-testid="add-task">
              {t('addTask')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('taskName'), dataIndex: 'taskName' },
          {
            title: t('status'),
            dataIndex: 'status',
            render: (s: Task['status']) => (
              <Tag color={STATUS_COLORS[s]} data-testid={`status-${s}`}>
                {t(`status_${s}`)}
              </Tag>
            ),
          },
          { title: t('progress'), render: (_, row) => <TaskProgress task={row} /> },
          { title: `${t('upgradeVersion')} / ${t('downgradeVersion')}`, render: (_, row) => `${row.upgradeVersion} ⇄ ${row.downgradeVersion}` },
          { title: t('deviceSns'), dataIndex: 'deviceSns', render: (sns: string[]) => sns.length },
          { title: t('wifiSsid'), render: (_, row) => (row.wifiSsid ? `${row.wifiSsid}${row.hasWifiPassword ? ` (${t('withPassword')})` : ''}` : '—') },
          { title: t('startedAt'), dataIndex: 'startedAt', render: (v: number) => dayjs(v).format('MM-DD HH:mm') },
          { title: t('totalTime'), render: (_, row) => duration(row) },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={
                  <Space>
                    <a onClick={() => setReportOf(row)}>{t('report')}</a>
                    {may('ota:task:control') && row.status === 'paused' && <a onClick={() => act(row, 'restart')}>{t('restart')}</a>}
                    {may('ota:task:control') && row.status === 'running' && <a onClick={() => act(row, 'pause')}>{t('pause')}</a>}
                    {may('ota:task:control') && row.status === 'running' && <a onClick={() => act(row, 'terminate')}>{t('terminate')}</a>}
                    {may('ota:task:control') && row.status === 'paused' && (
                      <Tooltip title={t('pausedCannotTerminate')}>
                        <span style={{ color: 'rgba(0,0,0,0.25)', cursor: 'not-allowed' }}>{t('terminate')}</span>
                      </Tooltip>
                    )}
                  </Space>
                }
                remove={
                  may('ota:task:delete') && (row.status === 'completed' || row.status === 'terminated')
                    ? { name: row.taskName, confirm: (typed) => api.delete(`/ota-test-service/tasks/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<Record<string, unknown>>
        open={adding}
        title={t('addTask')}
        initialValues={NEW_TASK}
        width={640}
        onClose={() => setAdding(false)}
        onSubmit={(values) => {
          const deviceSns = (values.deviceSns as string[] | undefined)?.join('\n') ?? '';
          // Above ten devices the risk is confirmed first; the server asks for it too.
          return riskConfirm(deviceSns, (riskConfirmed) =>
            api.post('/ota-test-service/tasks', { ...values, deviceSns, riskConfirmed }, { quiet: true }).then(() => {
              void message.success(t('saved'));
              list.current?.reload();
            }),
          );
        }}
      >
        <Form.Item name="taskName" label={t('taskName')} rules={[{ required: true, min: 2, max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="deviceSns" label={t('deviceSns')} rules={[{ required: true }, { type: 'array', max: 20 }]}>
          <Select mode="multiple" options={devices} maxCount={20} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="steps" label={t('steps')} rules={[{ required: true }]}>
            <InputNumber min={1} max={200} />
          </Form.Item>
          <Form.Item name="upgradeVersion" label={t('upgradeVersion')} rules={[{ required: true, pattern: /^\d+(\.\d+)*$/ }]}>
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="downgradeVersion" label={t('downgradeVersion')} rules={[{ required: true, pattern: /^\d+(\.\d+)*$/ }]}>
            <Input style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="stepTimeoutSeconds" label={t('stepTimeoutSeconds')}>
            <InputNumber min={10} max={86400} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="wifiSsid" label={t('wifiSsid')} rules={[{ max: 32 }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="wifiPassword" label={t('wifiPassword')} rules={[{ min: 8, max: 63 }]}>
            <Input.Password autoComplete="off" style={{ width: 220 }} />
          </Form.Item>
        </Space>
      </ModalForm>
      {reportOf && <ReportDrawer base="tasks" task={reportOf} onClose={() => setReportOf(null)} />}
    </Card>
  );
}
