import { api, useNamespace, usePermission } from '@console/sdk';
import { ResourcePage, SearchModeField, useConfirm } from '@console/sdk/ui';
import { App, Drawer, Form, Input, InputNumber, Select, Space, Switch, Tag } from 'antd';
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

/** A product a model's SNs may be activated as: its id and name. */
interface RelatedProduct {
  id: string;
  name: string;
}

interface Enterprise {
  id: number;
  tenantName: string;
  kind: 'ordinary' | 'robot';
}

/** The related enterprises: choosing a robot-type one (for internal management only) asks
 * whether to go on; going on marks the form's `robotConfirmed`, which the server requires. */
function EnterprisePicker({ id, enterprises, value, onChange }: { id?: string; enterprises: Enterprise[]; value?: number[]; onChange?: (ids: number[]) => void }) {
  const { t } = useNamespace('product', resources);
  const { modal } = App.useApp();
  const form = Form.useFormInstance();
  const choose = (ids: number[]) => {
    const added = ids.filter((id) => !(value ?? []).includes(id));
    const robot = enterprises.find((e) => added.includes(e.id) && e.kind === 'robot');
    if (!robot) {
      onChange?.(ids);
      return;
    }
    modal.confirm({
      title: t('robotTitle'),
      content: t('robotHint', { name: robot.tenantName }),
      okText: t('riskOk'),
      onOk: () => {
        form.setFieldValue('robotConfirmed', true);
        onChange?.(ids);
      },
    });
  };
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      data-testid="model-enterprises"
      value={value}
      onChange={choose}
      options={enterprises.map((e) => ({ value: e.id, label: e.kind === 'robot' ? `${e.tenantName} (${t('robotKind')})` : e.tenantName }))}
    />
  );
}

/** Product models: released after a confirmation, like templates. */
export default function Models() {
  const { t } = useNamespace('product', resources);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const mayRelease = usePermission()('product:model:release');
  const [enterprises, setEnterprises] = useState<Enterprise[]>([]);
  useEffect(() => {
    // The page size of the enterprise list: 100.
    void api
      .get<{ list: Enterprise[] }>('/authority-service/tenantInfo/list', { page: 1, pageSize: 100 }, { quiet: true })
      .then((page) => setEnterprises(page.list))
      .catch(() => setEnterprises([]));
  }, []);
  // The products a model's SNs are activated as: without one, activation refuses every SN.
  const [products, setProducts] = useState<RelatedProduct[]>([]);
  useEffect(() => {
    void api
      // Through the model page's own route: its users may not read the products themselves.
      .get<RelatedProduct[]>('/product-service/model-products', undefined, { quiet: true })
      .then(setProducts)
      .catch(() => setProducts([]));
  }, []);
  const productName = (id: string) => products.find((p) => p.id === id)?.name ?? id;
  const [rulesOf, setRulesOf] = useState<ProductModel | null>(null);
  const enterpriseName = (id: number) => enterprises.find((e) => e.id === id)?.tenantName ?? `#${id}`;

  const release = (row: ProductModel, reload: () => void) =>
    confirm(
      t('releaseTitle'),
      t('releaseHint'),
      () =>
        api.post(`/product-service/models/${row.id}/release`, { version: row.version }).then(() => {
          message.success(t('published'));
          reload();
        }),
      'publish',
    );

  return (
    <>
      <ResourcePage<ProductModel>
        title={t('models')}
        path="/product-service/models"
        testId="product-models"
        name={(row) => row.name}
        actions={{ add: 'product:model:add', edit: 'product:model:edit', delete: 'product:model:delete' }}
        // A released model's SNs are out in the world: the server refuses its deletion.
        deletable={(row) => row.status === 'configuring'}
        addLabel={t('addModel')}
        addTestId="add-model"
        defaults={{ snSuffixDigits: 6, enterpriseIds: [], productIds: [], antiDiversion: false }}
        // A robot-type enterprise related before was confirmed then.
        toForm={(row) => ({ ...row, robotConfirmed: row.enterpriseIds.some((id) => enterprises.find((e) => e.id === id)?.kind === 'robot') })}
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
          { title: t('relatedProducts'), render: (_, row) => row.productIds.map((id) => <Tag key={id}>{productName(id)}</Tag>) },
          { title: t('enterprises'), render: (_, row) => row.enterpriseIds.map((id) => <Tag key={id}>{enterpriseName(id)}</Tag>) },
          { title: t('antiDiversion'), render: (_, row) => (row.antiDiversion ? t('yes') : t('no')) },
          { title: t('status'), render: (_, row) => <Tag color={row.status === 'published' ? 'green' : 'blue'}>{t(`status_${row.status}`)}</Tag> },
        ]}
        rowExtra={(row, reload) => (
          <Space>
            {row.status === 'configuring' && mayRelease ? (
              <a onClick={() => release(row, reload)} data-testid={`release-${row.name}`}>
                {t('publish')}
              </a>
            ) : null}
            <a onClick={() => setRulesOf(row)} data-testid={`sn-rules-${row.name}`}>
              {t('snRules')}
            </a>
          </Space>
        )}
        form={(editing) => {
          // What the model's SNs are made of stays once it is released.
          const locked = editing.status === 'published';
          return (
            <>
              <Form.Item
                name="name"
                label={t('name')}
                rules={[
                  { required: true, message: t('required') },
                  { pattern: /^[\p{L}\p{N}]{2,16}$/u, message: t('modelNameRule') },
                ]}
              >
                <Input data-testid="model-name" />
              </Form.Item>
              <Form.Item
                name="code"
                label={t('code')}
                rules={[
                  { required: true, message: t('required') },
                  { pattern: /^[A-Za-z0-9_-]{1,32}$/, message: t('codeRule') },
                ]}
              >
                <Input data-testid="model-code" disabled={locked} />
              </Form.Item>
              <Form.Item
                name="aliasPrefix"
                label={t('aliasPrefix')}
                rules={[
                  { required: true, message: t('required') },
                  { pattern: /^[A-Za-z0-9]{1,16}$/, message: t('codeRule') },
                ]}
              >
                <Input data-testid="model-alias" disabled={locked} />
              </Form.Item>
              <Form.Item name="snSuffixDigits" label={t('snSuffixDigits')} rules={[{ required: true, message: t('required') }]}>
                <InputNumber data-testid="model-digits" min={1} max={12} disabled={locked} />
              </Form.Item>
              <Form.Item name="productIds" label={t('relatedProducts')} extra={t('relatedProductsHint')}>
                <Select mode="multiple" allowClear data-testid="model-products" optionFilterProp="label" options={products.map((p) => ({ value: p.id, label: p.name }))} />
              </Form.Item>
              <Form.Item name="enterpriseIds" label={t('enterprises')}>
                <EnterprisePicker enterprises={enterprises} />
              </Form.Item>
              <Form.Item name="robotConfirmed" valuePropName="checked" hidden>
                <Switch />
              </Form.Item>
              <Form.Item name="antiDiversion" label={t('antiDiversion')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </>
          );
        }}
      />
      <Drawer open={rulesOf !== null} onClose={() => setRulesOf(null)} size={1000} title={`${t('snRules')}: ${rulesOf?.name ?? ''}`} destroyOnHidden>
        {rulesOf ? <SnRules model={rulesOf} /> : null}
      </Drawer>
    </>
  );
}

interface SnRule {
  id: string;
  version: number;
  modelId: string;
  formName: string;
  attribute: string;
  inputMethod: 'input' | 'select';
  options: string[] | string;
  yearOption: boolean;
  monthOption: boolean;
  maxLength: number;
  required: boolean;
  sort: number;
  splice: boolean;
}

/** A model's SN rules: sort numbers unique, values numbers, letters and hyphens. */
function SnRules({ model }: { model: ProductModel }) {
  const { t } = useNamespace('product', resources);
  return (
    <ResourcePage<SnRule>
      bare
      path="/product-service/sn-rules"
      testId="product-sn-rules"
      name={(rule) => rule.formName}
      actions={{ add: 'product:snrule:edit', edit: 'product:snrule:edit', delete: 'product:snrule:edit' }}
      addLabel={t('addSnRule')}
      addTestId="add-sn-rule"
      defaults={{ inputMethod: 'input', maxLength: 32, required: true, splice: true, yearOption: false, monthOption: false }}
      query={(values) => ({ ...values, modelId: model.id }) as Record<string, string>}
      transform={(values) => ({ ...values, modelId: model.id, options: Array.isArray(values.options) ? values.options.join(',') : (values.options ?? '') })}
      toForm={(rule) => ({ options: Array.isArray(rule.options) ? rule.options.join(', ') : rule.options })}
      columns={[
        { title: t('sortNo'), dataIndex: 'sort', width: 80 },
        { title: t('formName'), dataIndex: 'formName' },
        { title: t('attribute'), dataIndex: 'attribute' },
        { title: t('inputMethod'), render: (_, rule) => t(`input_${rule.inputMethod}`) },
        { title: t('options'), render: (_, rule) => (Array.isArray(rule.options) ? rule.options.join(', ') : rule.options) },
        { title: t('splice'), render: (_, rule) => (rule.splice ? t('yes') : t('no')) },
        { title: t('requiredFlag'), render: (_, rule) => (rule.required ? t('yes') : t('no')) },
      ]}
      form={
        <>
          <Form.Item name="formName" label={t('formName')} rules={[{ required: true, message: t('required') }, { max: 80 }]}>
            <Input />
          </Form.Item>
          <Form.Item
            name="attribute"
            label={t('attribute')}
            rules={[
              { required: true, message: t('required') },
              { pattern: /^[A-Za-z][A-Za-z0-9_]{0,49}$/, message: t('identifierRule') },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="inputMethod" label={t('inputMethod')} rules={[{ required: true }]}>
            <Select options={['input', 'select'].map((m) => ({ value: m, label: t(`input_${m}`) }))} />
          </Form.Item>
          <Form.Item name="options" label={t('options')} extra={t('optionsHint')}>
            <Input />
          </Form.Item>
          <Space wrap>
            <Form.Item name="yearOption" label={t('yearOption')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="monthOption" label={t('monthOption')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="required" label={t('requiredFlag')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="splice" label={t('splice')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item name="maxLength" label={t('maxLength')}>
              <InputNumber min={1} max={32} />
            </Form.Item>
            <Form.Item name="sort" label={t('sortNo')} rules={[{ required: true, message: t('required') }]}>
              <InputNumber />
            </Form.Item>
          </Space>
        </>
      }
    />
  );
}
