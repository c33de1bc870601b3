import { useNamespace } from '@console/sdk';
import { ResourcePage, SearchModeField } from '@console/sdk/ui';
import { Form, Input, Select, Switch, Tag } from 'antd';
import dayjs from 'dayjs';

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
  return (
    <ResourcePage<TestDevice>
      title={t('devices')}
      path="/ota-test-service/devices"
      testId="ota-devices"
      name={(device) => device.sn}
      actions={{ add: 'ota:device:add', edit: 'ota:device:edit', delete: 'ota:device:delete' }}
      addLabel={t('addDevice')}
      addTestId="add-device"
      defaults={{ online: true }}
      search={
        <>
          <Form.Item name="sn" label={t('sn')}>
            <Input allowClear />
          </Form.Item>
          <SearchModeField />
          <Form.Item name="online" label={t('online')}>
            <Select
              allowClear
              style={{ width: 120 }}
              options={[
                { value: 'true', label: t('online') },
                { value: 'false', label: t('offline') },
              ]}
            />
          </Form.Item>
        </>
      }
      columns={[
        { title: t('sn'), dataIndex: 'sn' },
        { title: t('ip'), dataIndex: 'ip' },
        { title: t('online'), dataIndex: 'online', render: (v: boolean) => (v ? <Tag color="green">{t('online')}</Tag> : <Tag>{t('offline')}</Tag>) },
        { title: t('onlineAt'), dataIndex: 'onlineAt', render: (v: number | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—') },
        { title: t('appUser'), dataIndex: 'appUser' },
      ]}
      form={
        <>
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
        </>
      }
    />
  );
}
