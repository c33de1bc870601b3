import { api, useNamespace, type Page } from '@console/sdk';
import { ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';

import { resources } from './i18n';

interface LoggedMessage {
  id: string;
  topic: string;
  messageType: string;
  actionType: string;
  deviceSn: string;
  payload: unknown;
  reportTime: number;
}

const TYPES = ['eventReport', 'serviceCall', 'propertySet', 'propertyReport'].map((v) => ({ value: v, label: v }));

/** Messages between devices and the platform (the message log). */
export default function MessageLog() {
  const { t } = useNamespace('messaging', resources);
  return (
    <Card title={t('log')} variant="borderless">
      <ListPage<LoggedMessage>
        rowKey="id"
        testId="message-log"
        load={(q, page, pageSize) =>
          api.get<Page<LoggedMessage>>('/message-service/messages', {
            topic: q.topic as string,
            mode: q.mode as string,
            messageType: q.messageType as string,
            deviceSn: q.deviceSn as string,
            page,
            pageSize,
          })
        }
        search={
          <>
            <Form.Item name="topic" label={t('topic')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="messageType" label={t('messageType')}>
              <Select allowClear style={{ width: 160 }} options={TYPES} />
            </Form.Item>
            <Form.Item name="deviceSn" label={t('deviceSn')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        columns={[
          { title: t('reportTime'), dataIndex: 'reportTime', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          { title: t('topic'), dataIndex: 'topic' },
          { title: t('messageType'), dataIndex: 'messageType' },
          { title: t('actionType'), dataIndex: 'actionType' },
          { title: t('deviceSn'), dataIndex: 'deviceSn' },
          { title: 'Payload', dataIndex: 'payload', render: (v: unknown) => <code>{JSON.stringify(v)}</code> },
        ]}
      />
    </Card>
  );
}
