import { formatTime, useNamespace, usePermission } from '@console/sdk';
import { ResourcePage } from '@console/sdk/ui';
import { Card, DatePicker, Form, Input, Select } from 'antd';
import type { Dayjs } from 'dayjs';

import { pairs, resources } from './i18n';
import { useServerNames } from './servers';

const LANGS = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'].map((l) => ({ value: l, label: l }));

/** Email tasks, below the email records (buttons of the email record page). */
export default function MailTasks() {
  const { t } = useNamespace('messaging', resources);
  const may = usePermission();
  const { servers, serverName } = useServerNames('task-servers');
  if (!may('msg:task:view')) return null;
  return (
    <Card title={t('tasks')} variant="borderless">
      <ResourcePage<{ id: string; taskName: string; serverId: string; templateName: string; cycle: string; recipients: string[]; lastRunAt: number | null; nextRunAt: number; lastStatus: string }>
        bare
        path="/message-service/mail/tasks"
        testId="mail-tasks"
        addTestId="mail-tasks-add"
        addLabel={t('add')}
        name={(row) => row.taskName}
        transform={(v) => ({ ...v, values: pairs(v.values as string), firstRunAt: (v.firstRunAt as Dayjs | undefined)?.valueOf() })}
        actions={{ add: 'msg:task:add', delete: 'msg:task:delete' }}
        formWidth={640}
        columns={[
          { title: t('taskName'), dataIndex: 'taskName' },
          { title: t('server'), dataIndex: 'serverId', render: serverName },
          { title: t('template'), dataIndex: 'templateName' },
          { title: t('cycle'), dataIndex: 'cycle', render: (c: string) => t(c) },
          { title: t('recipients'), dataIndex: 'recipients', render: (r: string[]) => r.join(', ') },
          { title: t('lastRunAt'), dataIndex: 'lastRunAt', render: formatTime },
          { title: t('nextRunAt'), dataIndex: 'nextRunAt', render: formatTime },
          { title: t('status'), dataIndex: 'lastStatus', render: (s: string) => (s ? t(`status_${s}`) : '—') },
        ]}
        form={
          <>
            <Form.Item name="taskName" label={t('taskName')} rules={[{ required: true }]}>
              <Input />
            </Form.Item>
            <Form.Item name="serverId" label={t('server')} rules={[{ required: true }]}>
              <Select options={servers} />
            </Form.Item>
            <Form.Item name="templateName" label={t('template')} rules={[{ required: true }]}>
              <Input />
            </Form.Item>
            <Form.Item name="lang" label={t('lang')} rules={[{ required: true }]}>
              <Select options={LANGS} />
            </Form.Item>
            <Form.Item name="values" label={t('values')} extra={t('valuesHint')}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item name="recipients" label={t('recipients')} extra={t('toHint')} rules={[{ required: true }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
            <Form.Item name="cycle" label={t('cycle')} rules={[{ required: true }]}>
              <Select
                options={[
                  { value: 'daily', label: t('daily') },
                  { value: 'weekly', label: t('weekly') },
                ]}
              />
            </Form.Item>
            <Form.Item name="firstRunAt" label={t('firstRunAt')} rules={[{ required: true }]}>
              <DatePicker showTime />
            </Form.Item>
          </>
        }
      />
    </Card>
  );
}
