import { useNamespace } from '@console/sdk';
import { ResourcePage, SearchModeField } from '@console/sdk/ui';
import { Form, Input, InputNumber, Switch, Tag } from 'antd';

import { resources } from './i18n';

export interface Breed {
  id: string;
  breedName: string;
  initial: string;
  hot: boolean;
  sortWeight: number;
  version: number;
}

export default function Breeds() {
  const { t } = useNamespace('pet', resources);
  return (
    <ResourcePage<Breed>
      title={t('breeds')}
      path="/pet-service/breeds"
      testId="pet-breeds"
      name={(breed) => breed.breedName}
      actions={{ add: 'pet:breed:add', edit: 'pet:breed:edit', delete: 'pet:breed:delete' }}
      addLabel={t('addBreed')}
      addTestId="add-breed"
      defaults={{ hot: false, sortWeight: 0 }}
      search={
        <>
          <Form.Item name="breedName" label={t('breedName')}>
            <Input allowClear />
          </Form.Item>
          <SearchModeField />
        </>
      }
      columns={[
        { title: t('breedName'), dataIndex: 'breedName' },
        { title: t('initial'), dataIndex: 'initial', width: 90 },
        { title: t('hot'), dataIndex: 'hot', render: (v: boolean) => (v ? <Tag color="orange">{t('hot')}</Tag> : null) },
        { title: t('sortWeight'), dataIndex: 'sortWeight' },
      ]}
      form={
        <>
          <Form.Item name="breedName" label={t('breedName')} rules={[{ required: true, max: 80 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="initial" label={t('initial')} rules={[{ pattern: /^[A-Za-z]$/ }]}>
            <Input maxLength={1} style={{ width: 80 }} />
          </Form.Item>
          <Form.Item name="hot" label={t('hot')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="sortWeight" label={t('sortWeight')}>
            <InputNumber min={0} max={100000} />
          </Form.Item>
        </>
      }
    />
  );
}
