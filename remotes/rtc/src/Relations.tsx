import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';

import { resources } from './i18n';
import { useClientOptions } from './options';

interface Relation {
  id: string;
  deviceSn: string;
  appUserId: string;
  channel: string;
  clientId: string;
  boundBy: string;
  updatedAt: number;
}

const identifier = { pattern: /^[A-Za-z0-9_-]+$/, max: 64 };

export default function Relations() {
  const { t } = useNamespace('rtc', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const clients = useClientOptions('relations');
  const [binding, setBinding] = useState(false);
  return (
    <Card title={t('relations')} variant="borderless">
      <ListPage<Relation>
        handle={list}
        rowKey="id"
        testId="rtc-relations"
        load={(q, page, pageSize) => api.get<Page<Relation>>('/rtc-service/relations', { deviceSn: q.deviceSn as string, mode: q.mode as string, appUserId: q.appUserId as string, page, pageSize })}
        search={
          <>
            <Form.Item name="deviceSn" label={t('deviceSn')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="appUserId" label={t('appUserId')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="rtc:relation:add">
            <Button type="primary" onClick={() => setBinding(true)} data-testid="bind-relation">
              {t('bind')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('deviceSn'), dataIndex: 'deviceSn' },
          { title: t('appUserId'), dataIndex: 'appUserId' },
          { title: t('channel'), dataIndex: 'channel' },
          { title: t('client'), dataIndex: 'clientId', render: (id: string) => clients.find((c) => c.value === id)?.label ?? id },
          { title: t('boundBy'), dataIndex: 'boundBy' },
          { title: t('boundAt'), dataIndex: 'updatedAt', render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                remove={
                  may('rtc:relation:unbind')
                    ? { name: row.deviceSn, label: t('unbind'), confirm: (typed) => api.delete(`/rtc-service/relations/${row.id}`, { confirmName: typed }).then(() => list.current?.reload()) }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <ModalForm<{ deviceSn: string; appUserId: string; channel: string; clientId: string }>
        open={binding}
        title={t('bind')}
        onClose={() => setBinding(false)}
        onSubmit={(values) =>
          api.post('/rtc-service/relations', values, { quiet: true }).then(() => {
            void message.success(t('saved'));
            list.current?.reload();
          })
        }
      >
        <Form.Item name="deviceSn" label={t('deviceSn')} rules={[{ required: true }, identifier]}>
          <Input />
        </Form.Item>
        <Form.Item name="appUserId" label={t('appUserId')} rules={[{ required: true }, identifier]}>
          <Input />
        </Form.Item>
        <Form.Item name="channel" label={t('channel')} rules={[{ required: true }, identifier]}>
          <Input />
        </Form.Item>
        <Form.Item name="clientId" label={t('client')} rules={[{ required: true }]}>
          <Select options={clients} />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
