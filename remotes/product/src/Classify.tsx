import { api, useNamespace } from '@console/sdk';
import { ResourcePage, SearchModeField, UploadField } from '@console/sdk/ui';
import { Drawer, Form, Image, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';

import { resources } from './i18n';

export interface CategoryNode {
  id: string;
  name: string;
  identifier: string;
  children: CategoryNode[];
}

interface StoredFile {
  fileName: string;
  object: string;
  size: number;
}

export interface Category {
  id: string;
  version: number;
  name: string;
  descriptionEn: string;
  parentId: string;
  identifier: string;
  region: string;
  picture?: StoredFile | string;
  pictureUrl?: string;
}

export interface Consumable {
  id: string;
  version: number;
  categoryId: string;
  identifier: string;
  name: string;
  lifetimeHours: number;
  templateId: string;
  purchaseLink: string;
  showLink: boolean;
}

const REGIONS = ['asia', 'europe', 'america'] as const;

/** The category tree, for pickers: from the route the page's own action opens (a refused call signs the user out). */
export function useCategoryTree(refresh = 0, path = '/product-service/category-tree') {
  const [tree, setTree] = useState<CategoryNode[]>([]);
  useEffect(() => {
    void api
      .get<CategoryNode[]>(path)
      .then(setTree)
      .catch(() => setTree([]));
  }, [refresh, path]);
  return tree;
}

/** Product categories, each with its consumables. */
export default function Classify() {
  const { t } = useNamespace('product', resources);
  const [refresh, setRefresh] = useState(0);
  const tree = useCategoryTree(refresh);
  const [consumablesOf, setConsumablesOf] = useState<Category | null>(null);
  return (
    <>
      <ResourcePage<Category>
        title={t('categories')}
        path="/product-service/categories"
        testId="product-categories"
        name={(row) => row.name}
        actions={{ add: 'product:category:add', edit: 'product:category:edit', delete: 'product:category:delete' }}
        addLabel={t('addCategory')}
        addTestId="add-category"
        defaults={{ region: 'asia', parentId: '' }}
        search={
          <>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="parentId" label={t('parent')}>
              <TreeSelect allowClear style={{ width: 200 }} treeData={tree} fieldNames={{ label: 'name', value: 'id', children: 'children' }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { title: t('picture'), width: 72, render: (_, row) => (row.pictureUrl ? <Image src={row.pictureUrl} width={40} height={40} alt={row.name} /> : null) },
          { title: t('name'), dataIndex: 'name' },
          { title: t('identifier'), dataIndex: 'identifier' },
          { title: t('descriptionEn'), dataIndex: 'descriptionEn' },
          { title: t('region'), render: (_, row) => t(`region_${row.region}`) },
        ]}
        rowExtra={(row) => (
          <a onClick={() => setConsumablesOf(row)} data-testid={`consumables-${row.name}`}>
            {t('consumables')}
          </a>
        )}
        // A stored picture stays unless a new one was uploaded (the form holds the stored file then).
        transform={(values) => {
          setRefresh((n) => n + 1);
          return { ...values, picture: typeof values.picture === 'string' ? values.picture : '', parentId: values.parentId ?? '' };
        }}
        form={(editing) => (
          <>
            <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required') }, { max: 80 }]}>
              <Input data-testid="category-name" />
            </Form.Item>
            <Form.Item
              name="identifier"
              label={t('identifier')}
              rules={[
                { required: true, message: t('required') },
                { pattern: /^[A-Za-z0-9_-]{1,64}$/, message: t('codeRule') },
              ]}
            >
              <Input data-testid="category-identifier" />
            </Form.Item>
            <Form.Item name="descriptionEn" label={t('descriptionEn')} rules={[{ max: 800 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="parentId" label={t('parent')}>
              <TreeSelect allowClear treeData={tree} fieldNames={{ label: 'name', value: 'id', children: 'children' }} />
            </Form.Item>
            <Form.Item name="region" label={t('region')} rules={[{ required: true, message: t('required') }]}>
              <Select options={REGIONS.map((r) => ({ value: r, label: t(`region_${r}`) }))} />
            </Form.Item>
            <UploadField name="picture" label={t('pictureRule')} mount="product-service" purpose="category-picture" accept="image/png" maxMib={1} required={!editing.id} />
          </>
        )}
      />
      <Drawer open={consumablesOf !== null} onClose={() => setConsumablesOf(null)} size={900} title={`${t('consumables')}: ${consumablesOf?.name ?? ''}`} destroyOnHidden>
        {consumablesOf ? <Consumables category={consumablesOf} /> : null}
      </Drawer>
    </>
  );
}

/** The consumables of one category. */
function Consumables({ category }: { category: Category }) {
  const { t } = useNamespace('product', resources);
  // The consumable page's own route: its users need no right to the template page.
  const [templates, setTemplates] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    void api.get<{ id: string; name: string }[]>('/product-service/consumable-templates', { categoryId: category.id }, { quiet: true }).then(setTemplates, () => setTemplates([]));
  }, [category.id]);
  const templateName = (id: string) => (id ? (templates.find((x) => x.id === id)?.name ?? id) : '—');
  return (
    <ResourcePage<Consumable>
      bare
      path="/product-service/consumables"
      testId="product-consumables"
      name={(row) => row.name}
      actions={{ add: 'product:consumable:add', edit: 'product:consumable:edit', delete: 'product:consumable:delete' }}
      addLabel={t('addConsumable')}
      addTestId="add-consumable"
      defaults={{ showLink: false }}
      query={(values) => ({ ...values, categoryId: category.id }) as Record<string, string>}
      transform={(values) => ({ ...values, categoryId: category.id })}
      columns={[
        { title: t('identifier'), dataIndex: 'identifier' },
        { title: t('name'), dataIndex: 'name' },
        { title: t('lifetimeHours'), dataIndex: 'lifetimeHours' },
        { title: t('consumableTemplate'), dataIndex: 'templateId', render: (id: string) => templateName(id) },
        {
          title: t('purchaseLink'),
          render: (_, row) =>
            row.showLink ? (
              <a href={row.purchaseLink} target="_blank" rel="noreferrer">
                {row.purchaseLink}
              </a>
            ) : (
              row.purchaseLink
            ),
        },
      ]}
      form={
        <>
          <Form.Item
            name="identifier"
            label={t('identifier')}
            rules={[
              { required: true, message: t('required') },
              { pattern: /^reserved[A-Za-z0-9_]*$/, message: t('reservedRule') },
            ]}
          >
            <Input data-testid="consumable-identifier" placeholder="reserved…" />
          </Form.Item>
          <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required') }, { max: 80 }]}>
            <Input data-testid="consumable-name" />
          </Form.Item>
          <Form.Item
            name="lifetimeHours"
            label={t('lifetimeHours')}
            rules={[
              { required: true, message: t('lifetimeRule') },
              { type: 'number', min: 0.001, message: t('lifetimeRule') },
            ]}
          >
            <InputNumber data-testid="consumable-lifetime" min={0} max={87600} />
          </Form.Item>
          <Form.Item name="templateId" label={t('consumableTemplate')} extra={t('consumableTemplateHint')}>
            <Select data-testid="consumable-template" allowClear showSearch optionFilterProp="label" options={templates.map((x) => ({ value: x.id, label: x.name }))} />
          </Form.Item>
          <Form.Item name="purchaseLink" label={t('purchaseLink')} rules={[{ type: 'url', message: t('urlRule') }]}>
            <Input />
          </Form.Item>
          <Form.Item name="showLink" label={t('showLink')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      }
    />
  );
}
