import { api, useNamespace, usePermission } from '@console/sdk';
import { ResourcePage, SearchModeField, UploadField } from '@console/sdk/ui';
import { App, Form, Image, Input, InputNumber, Modal, Select, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';

import { resources } from './i18n';
import { CONTENT_LANGS, RTL, STARTUP_SLOTS, toBody, toForm, type ProductRow } from './productForm';

interface TemplateOption {
  id: string;
  name: string;
  versionName: string;
  versionNo: number;
}

/** Products. */
export default function Products() {
  const { t } = useNamespace('product', resources);
  const { message } = App.useApp();
  const [templates, setTemplates] = useState<TemplateOption[]>([]);
  const may = usePermission();
  const mayApply = may('product:audit:apply');
  const maySort = may('product:product:edit');
  const [applying, setApplying] = useState<{ row: ProductRow; reload: () => void } | null>(null);
  const [applyForm] = Form.useForm<{ status: string; reason: string }>();
  useEffect(() => {
    void api
      .get<TemplateOption[]>('/product-service/published-templates')
      .then(setTemplates)
      .catch(() => setTemplates([]));
  }, []);

  // Sorting needs every product on page one; the server checks it again.
  const moveUp = async (row: ProductRow, reload: () => void) => {
    const page = await api.get<{ list: ProductRow[]; total: number }>('/product-service/products', { page: 1, pageSize: 1000 });
    const ids = page.list.map((p) => p.id);
    const at = ids.indexOf(row.id);
    if (at <= 0) return;
    [ids[at - 1], ids[at]] = [ids[at], ids[at - 1]];
    await api.put('/product-service/product-order', { ids });
    message.success(t('sorted'));
    reload();
  };

  const upload = (name: string, label: string) => (
    <UploadField name={name} label={label} mount="product-service" purpose="product-picture" accept="image/png,image/jpeg,image/gif,image/webp" maxMib={1} required={false} />
  );

  // A new status is applied for and decided in the process centre.
  const apply = async () => {
    if (!applying) return;
    const values = await applyForm.validateFields();
    await api.post(`/product-service/products/${applying.row.id}/status-applications`, values);
    message.success(t('applied'));
    applying.reload();
    setApplying(null);
  };

  return (
    <>
      <ResourcePage<ProductRow>
        title={t('products')}
        path="/product-service/products"
        testId="product-products"
        name={(row) => row.name}
        actions={{ add: 'product:product:add', edit: 'product:product:edit', delete: 'product:product:delete' }}
        addLabel={t('addProduct')}
        addTestId="add-product"
        formWidth={960}
        defaults={{ connection: 'wifi', regions: ['asia'], clearHistory: false } as Partial<ProductRow>}
        transform={toBody}
        toForm={toForm}
        search={
          <>
            <Form.Item name="name" label={t('name')}>
              <Input allowClear />
            </Form.Item>
            <Form.Item name="productKey" label={t('productKey')}>
              <Input allowClear />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { title: t('picture'), width: 72, render: (_, row) => (row.imageUrl ? <Image src={row.imageUrl} width={40} height={40} alt={row.name} /> : null) },
          { title: t('name'), dataIndex: 'name' },
          {
            title: t('productKey'),
            dataIndex: 'productKey',
            render: (key: string) => (
              <Typography.Text copyable data-testid="product-key">
                {key}
              </Typography.Text>
            ),
          },
          { title: t('connection'), render: (_, row) => t(`connection_${row.connection}`) },
          { title: t('regions'), render: (_, row) => row.regions.map((r) => <Tag key={r}>{t(`region_${r}`)}</Tag>) },
          { title: t('status'), render: (_, row) => t(`product_${row.status}`) },
        ]}
        rowExtra={(row, reload) => (
          <Space>
            {maySort ? (
              <a onClick={() => void moveUp(row, reload)} title={t('sortHint')}>
                {t('moveUp')}
              </a>
            ) : null}
            {mayApply ? (
              <a
                onClick={() => {
                  applyForm.resetFields();
                  setApplying({ row, reload });
                }}
                data-testid={`apply-${row.name}`}
              >
                {t('applyStatus')}
              </a>
            ) : null}
          </Space>
        )}
        form={
          <Tabs
            items={[
              {
                key: 'basic',
                label: t('basic'),
                forceRender: true,
                children: (
                  <>
                    <Form.Item
                      name="name"
                      label={t('name')}
                      rules={[
                        { required: true, message: t('required') },
                        { pattern: /^[\p{L}\p{N}\p{P}\p{S}]{2,16}$/u, message: t('productNameRule') },
                      ]}
                    >
                      <Input data-testid="product-name" />
                    </Form.Item>
                    <Form.Item name="templateId" label={t('template')} rules={[{ required: true, message: t('required') }]}>
                      <Select data-testid="product-template" options={templates.map((tpl) => ({ value: tpl.id, label: `${tpl.name} ${tpl.versionName} (v${tpl.versionNo})` }))} />
                    </Form.Item>
                    <Space wrap>
                      <Form.Item name="connection" label={t('connection')} rules={[{ required: true }]}>
                        <Select style={{ width: 180 }} options={['wifi', 'bluetooth', 'wifi-bluetooth'].map((c) => ({ value: c, label: t(`connection_${c}`) }))} />
                      </Form.Item>
                      {/* Each prefix is required by the connection that names devices with it, as the plugin checks. */}
                      <Form.Item noStyle dependencies={['connection']}>
                        {({ getFieldValue }) => {
                          const connection = String(getFieldValue('connection') ?? '');
                          return (
                            <>
                              <Form.Item name="bluetoothPrefix" label={t('bluetoothPrefix')} rules={[{ required: connection.includes('bluetooth'), message: t('required') }, { max: 32 }]}>
                                <Input />
                              </Form.Item>
                              <Form.Item name="hotspotPrefix" label={t('hotspotPrefix')} rules={[{ required: connection.includes('wifi'), message: t('required') }, { max: 32 }]}>
                                <Input data-testid="product-hotspot" />
                              </Form.Item>
                            </>
                          );
                        }}
                      </Form.Item>
                    </Space>
                    <Form.Item name="regions" label={t('regions')} rules={[{ required: true, message: t('required') }]}>
                      <Select mode="multiple" options={['asia', 'europe', 'america'].map((r) => ({ value: r, label: t(`region_${r}`) }))} />
                    </Form.Item>
                    <Form.Item name="clearHistory" label={t('clearHistory')} valuePropName="checked">
                      <Switch />
                    </Form.Item>
                    {upload('image', t('productImage'))}
                  </>
                ),
              },
              {
                key: 'pairing',
                label: t('pairingGuide'),
                forceRender: true,
                children: (
                  <>
                    <Form.Item name="pairingTitle" label={t('guideTitle')} rules={[{ max: 80 }]}>
                      <Input />
                    </Form.Item>
                    <Form.Item name="pairingInstructions" label={t('instructions')} rules={[{ max: 800 }]}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                    {upload('pairingPicture', t('pairingPictureRule'))}
                    {upload('scenePicture', t('scenePicture'))}
                    <Form.Item name="pairingSteps" label={t('steps')} extra={t('onePerLine')}>
                      <Input.TextArea rows={3} />
                    </Form.Item>
                  </>
                ),
              },
              {
                key: 'startup',
                label: t('startupGuide'),
                forceRender: true,
                children: (
                  <>
                    {STARTUP_SLOTS.map((n) => (
                      <div key={n}>{upload(`startup${n}`, `${t('startupImageRule')} ${n + 1}`)}</div>
                    ))}
                    <Form.Item name="startupConfirm" label={t('confirmDescription')} rules={[{ max: 800 }]}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                    <Space wrap>
                      <Form.Item name="startupButton" label={t('buttonText')} rules={[{ max: 80 }]}>
                        <Input />
                      </Form.Item>
                      <Form.Item name="startupScreens" label={t('screens')}>
                        <InputNumber min={0} max={10} />
                      </Form.Item>
                    </Space>
                  </>
                ),
              },
              {
                key: 'content',
                label: t('content'),
                forceRender: true,
                children: CONTENT_LANGS.map((lang) => (
                  <Space key={lang} align="start" wrap>
                    <Form.Item name={`name_${lang}`} label={`${t(`lang_${lang}`)}`} rules={[{ max: 80 }]}>
                      <Input dir={RTL.has(lang) ? 'rtl' : undefined} style={{ width: 240 }} placeholder={t('name')} />
                    </Form.Item>
                    <Form.Item name={`description_${lang}`} rules={[{ max: 800 }]}>
                      <Input.TextArea dir={RTL.has(lang) ? 'rtl' : undefined} rows={1} style={{ width: 480 }} placeholder={t('description')} />
                    </Form.Item>
                  </Space>
                )),
              },
              {
                key: 'splash',
                label: t('splash'),
                forceRender: true,
                children: (
                  <>
                    {upload('splashImage', t('splashImage'))}
                    <Space wrap>
                      <Form.Item name="splashDuration" label={t('splashDuration')}>
                        <InputNumber min={0} max={30} />
                      </Form.Item>
                      <Form.Item name="splashVersion" label={t('resourceVersion')} rules={[{ max: 32 }]}>
                        <Input />
                      </Form.Item>
                    </Space>
                  </>
                ),
              },
              {
                key: 'service',
                label: t('customerService'),
                forceRender: true,
                children: (
                  <>
                    <Space wrap>
                      <Form.Item name="servicePhone" label={t('servicePhone')} rules={[{ pattern: /^\+?[\d -]{5,31}$/, message: t('phoneRule') }]}>
                        <Input />
                      </Form.Item>
                      <Form.Item name="serviceEmail" label={t('serviceEmail')} rules={[{ type: 'email', message: t('emailRule') }]}>
                        <Input />
                      </Form.Item>
                    </Space>
                    <Form.Item name="introZh" label={t('introZh')} rules={[{ max: 800 }]}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                    <Form.Item name="introEn" label={t('introEn')} rules={[{ max: 800 }]}>
                      <Input.TextArea rows={2} />
                    </Form.Item>
                    <Form.Item name="videoLink" label={t('videoLink')} rules={[{ type: 'url', message: t('urlRule') }]}>
                      <Input />
                    </Form.Item>
                  </>
                ),
              },
            ]}
          />
        }
      />
      <Modal open={applying !== null} title={`${t('applyStatus')}: ${applying?.row.name ?? ''}`} onCancel={() => setApplying(null)} onOk={() => void apply()} destroyOnHidden>
        <Form form={applyForm} layout="vertical">
          <Form.Item name="status" label={t('newStatus')} rules={[{ required: true, message: t('required') }]}>
            <Select
              data-testid="apply-status"
              options={['unpublished', 'development', 'testing', 'product-testing', 'done'].filter((s) => s !== applying?.row.status).map((s) => ({ value: s, label: t(`product_${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="reason" label={t('reason')} rules={[{ max: 800 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
