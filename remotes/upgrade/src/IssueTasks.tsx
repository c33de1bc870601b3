import { Auth } from '@console/sdk';
import { type ListHandle, LinesField, ListPage, ModalForm, useRiskConfirm } from '@console/sdk/ui';
import { App, Button, Card, Descriptions, Drawer, Empty, Form, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';

import { ExecStateTag, POLL_MS, ReasonText, usePackageOptions, usePoll, useTexts, when } from './parts';
import { issueTasks, param } from './service';
import { type IssueTask, isFinal, MAX_TASK_SNS, type TaskDevice } from './types';

/** A task and each SN's state; read again every few seconds while some device is not done. */
function TaskDrawer({ taskId, onClose }: { taskId: string; onClose: () => void }) {
  const { t } = useTexts();
  const { answer, refresh } = usePoll(
    (quiet) => issueTasks.detail(taskId, quiet),
    (detail) => detail.devices.some((device) => !isFinal(device.state)),
    POLL_MS,
  );
  const task = answer?.task;
  const done = answer?.devices.filter((device) => isFinal(device.state)).length ?? 0;
  return (
    <Drawer
      open
      size={820}
      title={task ? `${t('issueTask')} · ${task.package}` : t('issueTask')}
      onClose={onClose}
      data-testid="task-drawer"
      extra={
        <Button size="small" onClick={refresh}>
          {t('refresh')}
        </Button>
      }
    >
      {task && answer ? (
        <>
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'package', label: t('package'), children: task.package },
              { key: 'target', label: t('targetVersionName'), children: task.targetVersionName },
              { key: 'by', label: t('issuedBy'), children: task.by },
              { key: 'at', label: t('issuedAt'), children: when(task.at) },
              { key: 'done', label: t('finished'), children: <span data-testid="task-finished">{`${done} / ${answer.devices.length}`}</span> },
            ]}
          />
          <Table<TaskDevice>
            rowKey="sn"
            size="small"
            data-testid="task-devices"
            dataSource={answer.devices}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            columns={[
              { key: 'sn', title: t('sn'), dataIndex: 'sn' },
              {
                key: 'state',
                title: t('state'),
                render: (_, row) => (
                  <Space size={4}>
                    <ExecStateTag state={row.state} />
                    {row.busy && <Tag color="warning">{t('busy')}</Tag>}
                  </Space>
                ),
              },
              {
                key: 'progress',
                title: t('progress'),
                render: (_, row) => <Progress percent={row.progress} size="small" status={row.state === 'failed' || row.state === 'timedOut' ? 'exception' : undefined} style={{ width: 120 }} />,
              },
              { key: 'failureReason', title: t('failureReason'), render: (_, row) => <ReasonText reason={row.failureReason} /> },
            ]}
          />
        </>
      ) : (
        <Empty />
      )}
    </Drawer>
  );
}

/** Issue tasks (/ota-upgrade/issue-task): push a package to chosen SNs now, whatever its gray. */
export default function IssueTasks() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const riskConfirm = useRiskConfirm();
  const list = useRef<ListHandle>(null);
  const [adding, setAdding] = useState(false);
  const [openTask, setOpenTask] = useState<string | null>(null);
  const packageOptions = usePackageOptions(issueTasks.packageOptions);

  return (
    <Card title={t('issueTasks')} variant="borderless">
      <ListPage<IssueTask>
        handle={list}
        rowKey="id"
        testId="issue-tasks"
        load={(q, page, pageSize) => issueTasks.list({ packageId: param(q.packageId), page, pageSize })}
        search={
          <Form.Item name="packageId" label={t('package')}>
            <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 320 }} options={packageOptions} />
          </Form.Item>
        }
        toolbar={
          <Auth action="ota:issue:add">
            <Button type="primary" onClick={() => setAdding(true)} data-testid="add-issue-task">
              {t('addIssueTask')}
            </Button>
          </Auth>
        }
        columns={[
          { key: 'package', title: t('package'), dataIndex: 'package' },
          { key: 'target', title: t('targetVersionName'), dataIndex: 'targetVersionName' },
          { key: 'sns', title: t('snCountTitle'), render: (_, row) => row.sns.length },
          { key: 'by', title: t('issuedBy'), dataIndex: 'by' },
          { key: 'at', title: t('issuedAt'), render: (_, row) => when(row.at) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => (
              <a onClick={() => setOpenTask(row.id)} data-testid={`task-open-${row.id}`}>
                {t('details')}
              </a>
            ),
          },
        ]}
      />
      <ModalForm<{ packageId: string; sns: string }>
        open={adding}
        title={t('addIssueTask')}
        width={640}
        onClose={() => setAdding(false)}
        onSubmit={(values) =>
          riskConfirm(values.sns, (riskConfirmed) =>
            issueTasks.create({ ...values, riskConfirmed }).then((task) => {
              void message.success(t('issued', { count: task.sns.length }));
              list.current?.reload();
            }),
          )
        }
      >
        <Typography.Paragraph type="secondary">{t('issueHint')}</Typography.Paragraph>
        <Form.Item name="packageId" label={t('package')} rules={[{ required: true, message: t('required') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={packageOptions} data-testid="issue-package" />
        </Form.Item>
        <LinesField name="sns" label={t('sns')} max={MAX_TASK_SNS} />
      </ModalForm>
      {openTask && <TaskDrawer key={openTask} taskId={openTask} onClose={() => setOpenTask(null)} />}
    </Card>
  );
}
