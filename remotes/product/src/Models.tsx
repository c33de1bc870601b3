import { api, useNamespace, usePermission } from '@console/sdk';
import { ResourcePage, SearchModeField, useConfirm } from '@console/sdk/ui';
import { App, Form, Input, InputNumber, Select, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';

import { resources } from './i18n';

export interface ProductModel {
  id: string;
  version: number;
  name: string;
  code: string;
  aliasPrefix: string;
  snSuffixDigits: number;
  enterpriseIds: number[];
  productIds: string[];
  antiDiversion: boolean;
  status: 'configuring' | 'published';
  releasedAt?: number;
}

interface Enterprise {
  id: number;
  tenantName: string;
}

/** Product models (spec DP §3 "Product model"): released after a confirmation, like templates. */
export default function Models() {
  const { t } = useNamespace('product', resources);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const mayRelease = usePermission()('product:model:release');
  const [enterprises, setEnterprises] = useState<Enterprise[]>([]);
  useEffect(() => {
    // The spec's page size for the enterprise list (§9).
    void api
      .get<{ list: Enterprise[] }>('/authority-service/tenantInfo/list', { page: 1, pageSize: 100 }, { quiet: true })
      .then((page) => setEnterprises(page.list))
      .catch(() => setEnterprises([]));
  }, []);
  const enterpriseName = (id: number) => enterprises.find((e) => e.id === id)?.tenantName ?? `#${id}`;

  const release = (row: ProductModel, reload: () => void) =>
    confirm(t('releaseTitle'), t('releaseHint'), () =>
      api.post(`/product-service/models/${row.id}/release`, { version: row.version }).then(() => {
        message.success(t('published'));
        reload();
      }),
    );

  return (
    <ResourcePage<ProductModel>
      title={t('models')}
      path="/product-service/models"
      testId="product-models"
      name={(row) => row.name}
      actions={{ add: 'product:model:add', edit: 'product:model:edit', delete: 'product:model:delete' }}
      addLabel={t('addModel')}
      addTestId="add-model"
      defaults={{ snSuffixDigits: 6, enterpriseIds: [], productIds: [], antiDiversion: false }}
      search={
        <>
          <Form.Item name="name" label={t('name')}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="code" label={t('code')}>
            <Input allowClear />
          </Form.Item>
          <SearchModeField />
        </>
      }
      columns={[
        { title: t('name'), dataIndex: 'name' },
        { title: t('code'), dataIndex: 'code' },
        { title: t('aliasPrefix'), dataIndex: 'aliasPrefix' },
        { title: t('snSuffixDigits'), dataIndex: 'snSuffixDigits' },
        { title: t('enterprises'), render: (_, row) => row.enterpriseIds.map((id) => <Tag key={id}>{enterpriseName(id)}</Tag>) },
        { title: t('antiDiversion'), render: (_, row) => (row.antiDiversion ? t('yes') : t('no')) },
        { title: t('status'), render: (_, row) => <Tag color={row.status === 'published' ? 'green' : 'blue'}>{t(`status_${row.status}`)}</Tag> },
      ]}
      rowExtra={(row, reload) =>
        row.status === 'configuring' && mayRelease ? (
          <a onClick={() => release(row, reload)} data-testid={`release-${row.name}`}>
            {t('publish')}
          </a>
        ) : null
      }
      form={(editing) => {
        // What the model's SNs are made of stays once it is released.
        const locked = editing.status === 'published';
        return (
          <>
            <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required') }, { pattern: /^[\p{L}\p{N}]{2,16}$/u, message: t('modelNameRule') }]}>
              <Input data-testid="model-name" />
            </Form.Item>
            <Form.Item name="code" label={t('code')} rules={[{ required: true, message: t('required') }, { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: t('codeRule') }]}>
              <Input data-testid="model-code" disabled={locked} />
            </Form.Item>
            <Form.Item name="aliasPrefix" label={t('aliasPrefix')} rules={[{ required: true, message: t('required') }, { pattern: /^[A-Za-z0-9]{1,16}$/, message: t('codeRule') }]}>
              <Input data-testid="model-alias" disabled={locked} />
            </Form.Item>
            <Form.Item name="snSuffixDigits" label={t('snSuffixDigits')} rules={[{ required: true, message: t('required') }]}>
              <InputNumber data-testid="model-digits" min={1} max={12} disabled={locked} />
            </Form.Item>
            <Form.Item name="enterpriseIds" label={t('enterprises')}>
              <Select mode="multiple" allowClear options={enterprises.map((e) => ({ value: e.id, label: e.tenantName }))} />
            </Form.Item>
            <Form.Item name="antiDiversion" label={t('antiDiversion')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        );
      }}
    />
  );
}
