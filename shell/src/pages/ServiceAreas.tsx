import type { ApiSchemas } from '@console/sdk';
import { Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import { SimpleList } from './simpleList';

type ServiceArea = ApiSchemas['ServiceAreaRow'];

export default function ServiceAreas() {
  const { t } = useTranslation();
  return (
    <SimpleList<ServiceArea>
      title={t('areas.title')}
      listPath="/sync-service/serviceAreaConfig/simpleList"
      writePath="/sync-service/serviceAreaConfig"
      action="service-area"
      addLabel={t('areas.add')}
      nameOf={(row) => row.areaName}
      defaults={{ defaultOpen: false }}
      columns={[
        { title: t('areas.areaName'), dataIndex: 'areaName' },
        { title: t('areas.areaCode'), dataIndex: 'areaCode', render: (v: string) => <code>{v}</code> },
        { title: t('areas.defaultOpen'), dataIndex: 'defaultOpen', render: (v: boolean) => (v ? <Tag color="blue">{t('common.yes')}</Tag> : null) },
      ]}
      form={
        <>
          <Form.Item name="areaName" label={t('areas.areaName')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="areaCode" label={t('areas.areaCode')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/ }]}>
            <Input />
          </Form.Item>
          <Form.Item name="defaultOpen" label={t('areas.defaultOpen')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
}
