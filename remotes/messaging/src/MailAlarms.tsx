import { formatTime, useNamespace, usePermission } from '@console/sdk';
import { ResourcePage } from '@console/sdk/ui';
import { Card, Form, Input, InputNumber, Select } from 'antd';

import { resources } from './i18n';
import { useServerNames } from './servers';

/** Mailbox capacity alarms, below the mail servers (buttons of the mail server page). */
export default function MailAlarms() {
  const { t } = useNamespace('messaging', resources);
  const may = usePermission();
  const { servers, serverName } = useServerNames('servers');
  if (!may('msg:mail:view')) return null;
  return (
    <Card title={t('alarms')} variant="borderless">
      <ResourcePage<{
        id: string;
        serverId: string;
        threshold: number;
        capacity: number;
        alarmCount: number;
        intervalMinutes: number;
        alarmTime: string;
        recipients: string[];
        lastAlarmAt: number | null;
      }>
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
          { title: t('lastRunAt'), dataIndex: 'lastAlarmAt', render: formatTime },
        ]}
        form={
          <>
            <Form.Item name="serverId" label={t('server')} rules={[{ required: true }]}>
              <Select options={servers} />
            </Form.Item>
            <Form.Item name="threshold" label={t('threshold')} rules={[{ required: true }]}>
              <InputNumber min={1} max={100} />
            </Form.Item>
            <Form.Item name="capacity" label={t('capacity')} rules={[{ required: true }]}>
              <InputNumber min={1} />
            </Form.Item>
            <Form.Item name="alarmCount" label={t('alarmCount')} rules={[{ required: true }]}>
              <InputNumber min={1} max={100} />
            </Form.Item>
            <Form.Item name="intervalMinutes" label={t('intervalMinutes')} rules={[{ required: true }]}>
              <InputNumber min={1} max={1440} />
            </Form.Item>
            <Form.Item name="alarmTime" label={t('alarmTime')} extra={t('alarmTimeHint')} rules={[{ required: true }, { pattern: /^([01][0-9]|2[0-3]):[0-5][0-9]$/ }]}>
              <Input placeholder="09:00" style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="recipients" label={t('recipients')} extra={t('toHint')} rules={[{ required: true }]}>
              <Input.TextArea rows={3} />
            </Form.Item>
          </>
        }
      />
    </Card>
  );
}
