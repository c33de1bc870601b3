import type { ApiSchemas } from '@console/sdk';
import { Form, Input, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import { SimpleList } from './simpleList';

type Language = ApiSchemas['LanguageRow'];

export default function Languages() {
  const { t } = useTranslation();
  return (
    <SimpleList<Language>
      title={t('languages.title')}
      listPath="/authority-service/language/list"
      writePath="/authority-service/language"
      action="language"
      addLabel={t('languages.add')}
      nameOf={(row) => row.name}
      defaults={{ isDefault: false }}
      columns={[
        { title: t('common.name'), dataIndex: 'name' },
        { title: t('languages.nameEn'), dataIndex: 'nameEn' },
        { title: t('common.code'), dataIndex: 'code', render: (v: string) => <code>{v}</code> },
        { title: t('languages.isDefault'), dataIndex: 'isDefault', render: (v: boolean) => (v ? <Tag color="blue">{t('common.yes')}</Tag> : null) },
      ]}
      form={
        <>
          <Form.Item name="name" label={t('common.name')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="nameEn" label={t('languages.nameEn')} rules={[{ required: true }]}>
            <Input />
          </Form.Item>
          <Form.Item name="code" label={t('common.code')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]+$/ }]}>
            <Input />
          </Form.Item>
          <Form.Item name="isDefault" label={t('languages.isDefault')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
}
