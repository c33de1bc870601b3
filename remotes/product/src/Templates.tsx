import { api, formatTime, useNamespace, usePermission } from '@console/sdk';
import { ResourcePage, SearchModeField, useConfirm } from '@console/sdk/ui';
import { App, Button, Descriptions, Drawer, Form, Input, Select, Space, Switch, Table, Tag, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';

import { resources } from './i18n';
import { GuideScreens } from './GuideScreens';
import { ThingModelEditor } from './ThingModelEditor';
import { emptyModel, type ThingModel, type Unit } from './thingModel';
import { useCategoryTree } from './Classify';

export interface Template {
  id: string;
  version: number;
  templateKey: string;
  versionNo: number;
  latest: boolean;
  status: 'configuring' | 'published';
  name: string;
  versionName: string;
  description: string;
  remark: string;
  developmentMethod: string;
  transportProtocol: string;
  productModel: string;
  categoryId: string;
  templateRequired: boolean;
  isTemplate: boolean;
  cleaningExpiryDays: number;
  content: ThingModel;
  publishedAt?: number;
}

interface VersionSummary {
  id: string;
  versionNo: number;
  versionName: string;
  status: string;
  latest: boolean;
  publishedAt?: number;
  updatedAt: number;
}

interface Comparison {
  added: string[];
  removed: string[];
  changed: string[];
}

export function useUnits() {
  const [units, setUnits] = useState<Unit[]>([]);
  const reload = () =>
    api
      .get<{ list: Unit[] }>('/product-service/units', { page: 1, pageSize: 1000 })
      .then((page) => setUnits(page.list))
      .catch(() => setUnits([]));
  useEffect(() => {
    void reload();
  }, []);
  return { units, reload };
}

export default function Templates() {
  const { t } = useNamespace('product', resources);
  const { message } = App.useApp();
  const confirm = useConfirm();
  const mayPublish = usePermission()('product:template:publish');
  const tree = useCategoryTree(0, '/product-service/category-options');
  const { units, reload: reloadUnits } = useUnits();
  const [history, setHistory] = useState<Template | null>(null);
  const [unitsOpen, setUnitsOpen] = useState(false);

  const publish = (row: Template, reload: () => void) =>
    confirm(
      t('publishTitle'),
      t('publishHint'),
      () =>
        api.post(`/product-service/templates/${row.id}/publish`, { version: row.version }).then(() => {
          message.success(t('published'));
          reload();
        }),
      'publish',
    );

  const mayEdit = usePermission()('product:template:edit');

  const exportModel = async (row: Template) => {
    const exported = await api.get<{ fileName: string; document: unknown }>(`/product-service/templates/${row.id}/export`);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([JSON.stringify(exported.document, null, 2)], { type: 'application/json' }));
    link.download = exported.fileName;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  // This console's export or Alibaba Cloud TSL, read in the browser and checked by the server.
  const importModel = (row: Template, reload: () => void) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = 'application/json,.json';
    input.onchange = async () => {
      const file = input.files?.[0];
      if (!file) return;
      const imported = await api.post<{ unitsAdded: string[] }>(`/product-service/templates/${row.id}/import`, { document: await file.text() });
      message.success(imported.unitsAdded.length > 0 ? t('importedUnits', { units: imported.unitsAdded.join(', ') }) : t('imported'));
      reload();
    };
    input.click();
  };

  return (
    <>
      <ResourcePage<Template>
        title={
          <Space>
            {t('templates')}
            <Button size="small" onClick={() => setUnitsOpen(true)} data-testid="open-units">
              {t('units')}
            </Button>
            <GuideScreens />
          </Space>
        }
        path="/product-service/templates"
        testId="product-templates"
        name={(row) => row.name}
        actions={{ add: 'product:template:add', edit: 'product:template:edit', delete: 'product:template:delete' }}
        // A published version stays: products are built on it (the plugin refuses its deletion).
        deletable={(row) => row.status === 'configuring'}
        addLabel={t('addTemplate')}
        addTestId="add-template"
        formWidth={1100}
        defaults={{ developmentMethod: 'custom', transportProtocol: 'mqtt', cleaningExpiryDays: 90, templateRequired: false, isTemplate: true, content: emptyModel() }}
        search={
          <>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 140 }} options={['configuring', 'published'].map((v) => ({ value: v, label: t(`status_${v}`) }))} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { title: t('name'), dataIndex: 'name' },
          { title: t('versionName'), render: (_, row) => `${row.versionName} (v${row.versionNo})` },
          { title: t('status'), render: (_, row) => <Tag color={row.status === 'published' ? 'green' : 'blue'}>{t(`status_${row.status}`)}</Tag> },
          { title: t('transportProtocol'), dataIndex: 'transportProtocol' },
          { title: t('features'), render: (_, row) => row.content.properties.length + row.content.events.length + row.content.services.length },
        ]}
        rowExtra={(row, reload) => (
          <Space>
            {row.status === 'configuring' && mayPublish ? (
              <a onClick={() => publish(row, reload)} data-testid={`publish-${row.name}`}>
                {t('publish')}
              </a>
            ) : null}
            <a onClick={() => setHistory(row)}>{t('versions')}</a>
            <a onClick={() => void exportModel(row)}>{t('export')}</a>
            {row.status === 'configuring' && mayEdit ? (
              <a onClick={() => importModel(row, reload)} data-testid={`import-${row.name}`}>
                {t('import')}
              </a>
            ) : null}
          </Space>
        )}
        form={(editing) => (
          <>
            {editing.status === 'published' ? <Tag color="orange">{t('newVersionHint')}</Tag> : null}
            <Space wrap>
              <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required') }, { max: 80 }]}>
                <Input data-testid="template-name" />
              </Form.Item>
              <Form.Item name="versionName" label={t('versionName')} rules={[{ required: true, message: t('required') }, { max: 32 }]}>
                <Input data-testid="template-version" style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name="categoryId" label={t('category')} rules={[{ required: true, message: t('required') }]}>
                <TreeSelect data-testid="template-category" style={{ width: 200 }} treeData={tree} fieldNames={{ label: 'name', value: 'id', children: 'children' }} />
              </Form.Item>
            </Space>
            <Space wrap>
              <Form.Item name="developmentMethod" label={t('developmentMethod')} rules={[{ required: true }]}>
                <Select style={{ width: 120 }} options={[{ value: 'custom', label: t('custom') }]} />
              </Form.Item>
              <Form.Item name="transportProtocol" label={t('transportProtocol')} rules={[{ required: true }]}>
                <Select style={{ width: 120 }} options={['mqtt', 'http', 'coap'].map((v) => ({ value: v, label: v.toUpperCase() }))} />
              </Form.Item>
              <Form.Item name="cleaningExpiryDays" label={t('cleaningExpiry')} rules={[{ required: true }]}>
                <Select style={{ width: 120 }} options={[90, 180, 365].map((v) => ({ value: v, label: t(`expiry_${v}`) }))} />
              </Form.Item>
              <Form.Item name="productModel" label={t('productModel')}>
                <Input style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="templateRequired" label={t('templateRequired')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Form.Item name="isTemplate" label={t('isTemplate')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Space>
            <Form.Item name="description" label={t('description')} rules={[{ required: true, message: t('required') }, { max: 800 }]}>
              <Input.TextArea data-testid="template-description" rows={2} />
            </Form.Item>
            <Form.Item name="remark" label={t('remark')} rules={[{ required: true, message: t('required') }, { max: 800 }]}>
              <Input.TextArea data-testid="template-remark" rows={2} />
            </Form.Item>
            <Form.Item name="content" label={t('thingModel')}>
              <ThingModelEditor units={units} />
            </Form.Item>
          </>
        )}
      />
      <VersionsDrawer template={history} units={units} onClose={() => setHistory(null)} />
      <UnitsDrawer
        open={unitsOpen}
        onClose={() => {
          setUnitsOpen(false);
          void reloadUnits();
        }}
      />
    </>
  );
}

/** A template's versions; any two compared, any one viewed read-only. */
function VersionsDrawer({ template, units, onClose }: { template: Template | null; units: Unit[]; onClose: () => void }) {
  const { t } = useNamespace('product', resources);
  const [versions, setVersions] = useState<VersionSummary[]>([]);
  const [picked, setPicked] = useState<string[]>([]);
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [viewed, setViewed] = useState<Template | null>(null);
  useEffect(() => {
    setComparison(null);
    setPicked([]);
    setViewed(null);
    if (template) void api.get<VersionSummary[]>(`/product-service/templates/${template.id}/versions`).then(setVersions);
  }, [template]);
  const compare = () => {
    const [to, from] = picked; // newest first
    void api.get<Comparison>('/product-service/template-comparison', { from, to }).then(setComparison);
  };
  return (
    <Drawer open={template !== null} onClose={onClose} size={900} title={`${t('versions')}: ${template?.name ?? ''}`}>
      <Table<VersionSummary>
        size="small"
        rowKey="id"
        dataSource={versions}
        pagination={false}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked((keys as string[]).slice(0, 2)) }}
        columns={[
          { title: 'v', dataIndex: 'versionNo' },
          { title: t('versionName'), dataIndex: 'versionName' },
          { title: t('status'), render: (_, v) => t(`status_${v.status}`) },
          { title: t('publishedAt'), render: (_, v) => formatTime(v.publishedAt) },
          { title: t('actions'), render: (_, v) => <a onClick={() => void api.get<Template>(`/product-service/templates/${v.id}`).then(setViewed)}>{t('view')}</a> },
        ]}
      />
      <Button disabled={picked.length !== 2} onClick={compare} style={{ marginTop: 12 }}>
        {t('compare')}
      </Button>
      {comparison ? (
        <Descriptions column={1} size="small" style={{ marginTop: 12 }} bordered>
          <Descriptions.Item label={t('added')}>{comparison.added.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('removed')}>{comparison.removed.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('changed')}>{comparison.changed.join(', ') || '—'}</Descriptions.Item>
        </Descriptions>
      ) : null}
      {viewed ? <ThingModelEditor value={viewed.content} units={units} readOnly /> : null}
    </Drawer>
  );
}

/** The unit list (symbol and name) the editor offers. */
function UnitsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useNamespace('product', resources);
  return (
    <Drawer open={open} onClose={onClose} size={640} title={t('units')} destroyOnHidden>
      <ResourcePage<Unit & { id: string; version: number }>
        bare
        path="/product-service/units"
        testId="product-units"
        name={(u) => u.symbol}
        actions={{ add: 'product:unit:edit', edit: 'product:unit:edit', delete: 'product:unit:edit' }}
        addLabel={t('addUnit')}
        columns={[
          { title: t('symbol'), dataIndex: 'symbol' },
          { title: t('name'), dataIndex: 'name' },
        ]}
        form={
          <>
            <Form.Item name="symbol" label={t('symbol')} rules={[{ required: true, message: t('required') }, { max: 16 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="name" label={t('name')} rules={[{ required: true, message: t('required') }, { max: 80 }]}>
              <Input />
            </Form.Item>
          </>
        }
      />
    </Drawer>
  );
}
