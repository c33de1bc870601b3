import { api, Auth, useNamespace, usePermission, type Page } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select, Switch, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';

import { resources } from './i18n';

interface TestDevice {
  id: string;
  sn: string;
  ip: string;
  online: boolean;
  onlineAt: number | null;
  appUser: string;
  version: number;
}

export default function Devices() {
  const { t } = useNamespace('ota-test', resources);
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Partial<TestDevice> | null>(null);
  const done = () => {
    void message.success(t('saved'));
    list.current?.reload();
  };
  return (
    <Card title={t('devices')} variant="borderless">
      <ListPage<TestDevice>
        handle={list}
        rowKey="id"
        testId="ota-devices"
        load={(q, page, pageSize) => api.get<Page<TestDevice>>('/ota-test-service/devices', { sn: q.sn as string, mode: q.mode as string, online: q.online as string, page, pageSize })}
        search={
          <>
            <Form.Item name="sn" label={t('sn')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="online" label={t('online')}>
              <Select allowClear style={{ width: 120 }} options={[{ value: 'true', label: t('online') }, { value: 'false', label: t('offline') }]} />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="ota:device:add">
            <Button type="primary" onClick={() => setEditing({ online: true })} data-testid="add-device">
              {t('addDevice')}
            </Button>
          </Auth>
        }
        columns={[
          { title: t('sn'), dataIndex: 'sn' },
          { title: t('ip'), dataIndex: 'ip' },
          { title: t('online'), dataIndex: 'online', render: (v: boolean) => (v ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('offline')}</Tag>) },
          { title: t('onlineAt'), dataIndex: 'onlineAt', render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—') },
          { title: t('appUser'), dataIndex: 'appUser' },
          {
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                onEdit={may('ota:device:edit') ? () => setEditing(row) : undefined}
                remove={may('ota:device:delete') ? { name: row.sn, confirm: (typed) => api.delete(`/ota-test-service/devices/${row.id}`, { confirmName: typed }).then(done) } : undefined}
              />
            ),
          },
        ]}
      />
      <ModalForm<TestDevice>
        open={editing !== null}
        title={editing?.id ? t('edit') : t('addDevice')}
        initialValues={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          editing?.id
            ? api.put(`/ota-test-service/devices/${editing.id}`, { ...values, version: editing.version }, { quiet: true }).then(done)
            : api.post('/ota-test-service/devices', values, { quiet: true }).then(done)
        }
      >
        <Form.Item name="sn" label={t('sn')} rules={[{ required: true, max: 64, pattern: /^[A-Za-z0-9_-]+$/ }]}>
          <Input />
        </Form.Item>
        <Form.Item name="ip" label={t('ip')}>
          <Input />
        </Form.Item>
        <Form.Item name="appUser" label={t('appUser')} rules={[{ max: 80 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="online" label={t('online')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
