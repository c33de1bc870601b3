import { api, useNamespace } from '@console/sdk';
import { ResourcePage } from '@console/sdk/ui';
import { DatePicker, Form, Input, InputNumber, Select, Tabs } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';

import { pairs, resources } from './i18n';

const LANGS = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'].map((l) => ({ value: l, label: l }));
const time = (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** Mailbox capacity alarms and email tasks, below the mail servers. */
export default function Scheduled() {
  const { t } = useNamespace('messaging', resources);
  const [servers, setServers] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    api.get<{ list: { id: string; serverName: string }[] }>('/message-service/mail/servers', { pageSize: 1000 }).then((p) => setServers(p.list.map((x) => ({ value: x.id, label: x.serverName }))), () => undefined);
  }, []);
  const serverName = (id: string) => servers.find((s) => s.value === id)?.label ?? id;
  return (
    <Tabs
      items={[
        {
          key: 'alarms',
          label: t('alarms'),
          children: (
            <ResourcePage<{ id: string; serverId: string; threshold: number; capacity: number; alarmCount: number; intervalMinutes: number; alarmTime: string; recipients: string[]; lastAlarmAt: number | null }>
              bare
              path="/message-service/mail/alarms"
              testId="mail-alarms"
              addTestId="mail-alarms-add"
              addLabel={t('add')}
              actions={{ add: 'msg:mail:alarm' }}
              formWidth={640}
              columns={[
                { title: t('server'), dataIndex: 'serverId', render: serverName },
                { title: t('threshold'), dataIndex: 'threshold' },
                { title: t('capacity'), dataIndex: 'capacity' },
                { title: t('alarmCount'), dataIndex: 'alarmCount' },
                { title: t('intervalMinutes'), dataIndex: 'intervalMinutes' },
                { title: t('alarmTime'), dataIndex: 'alarmTime', render: (v: string) => v || t('anyTime') },
                { title: t('recipients'), dataIndex: 'recipients', render: (r: string[]) => r.join(', ') },
                { title: t('lastRunAt'), dataIndex: 'lastAlarmAt', render: time },
              ]}
              form={
                <>
                  <Form.Item name="serverId" label={t('server')} rules={[{ required: true }]}><Select options={servers} /></Form.Item>
                  <Form.Item name="threshold" label={t('threshold')} rules={[{ required: true }]}><InputNumber min={1} max={100} /></Form.Item>
                  <Form.Item name="capacity" label={t('capacity')} rules={[{ required: true }]}><InputNumber min={1} /></Form.Item>
                  <Form.Item name="alarmCount" label={t('alarmCount')} rules={[{ required: true }]}><InputNumber min={1} max={100} /></Form.Item>
                  <Form.Item name="intervalMinutes" label={t('intervalMinutes')} rules={[{ required: true }]}><InputNumber min={1} max={1440} /></Form.Item>
                  <Form.Item name="alarmTime" label={t('alarmTime')} extra={t('alarmTimeHint')} rules={[{ pattern: /^([01][0-9]|2[0-3]):[0-5][0-9]$/ }]}><Input placeholder="09:00" style={{ width: 120 }} /></Form.Item>
                  <Form.Item name="recipients" label={t('recipients')} extra={t('toHint')} rules={[{ required: true }]}><Input.TextArea rows={3} /></Form.Item>
                </>
              }
            />
          ),
        },
        {
          key: 'tasks',
          label: t('tasks'),
          children: (
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
                { title: t('lastRunAt'), dataIndex: 'lastRunAt', render: time },
                { title: t('nextRunAt'), dataIndex: 'nextRunAt', render: time },
                { title: t('status'), dataIndex: 'lastStatus', render: (s: string) => (s ? t(`status_${s}`) : '—') },
              ]}
              form={
                <>
                  <Form.Item name="taskName" label={t('taskName')} rules={[{ required: true }]}><Input /></Form.Item>
                  <Form.Item name="serverId" label={t('server')} rules={[{ required: true }]}><Select options={servers} /></Form.Item>
                  <Form.Item name="templateName" label={t('template')} rules={[{ required: true }]}><Input /></Form.Item>
                  <Form.Item name="lang" label={t('lang')} rules={[{ required: true }]}><Select options={LANGS} /></Form.Item>
                  <Form.Item name="values" label={t('values')} extra={t('valuesHint')}><Input.TextArea rows={2} /></Form.Item>
                  <Form.Item name="recipients" label={t('recipients')} extra={t('toHint')} rules={[{ required: true }]}><Input.TextArea rows={3} /></Form.Item>
                  <Form.Item name="cycle" label={t('cycle')} rules={[{ required: true }]}><Select options={[{ value: 'daily', label: t('daily') }, { value: 'weekly', label: t('weekly') }]} /></Form.Item>
                  <Form.Item name="firstRunAt" label={t('firstRunAt')} rules={[{ required: true }]}><DatePicker showTime /></Form.Item>
                </>
              }
            />
          ),
        },
      ]}
    />
  );
}
