import { ResourcePage } from '@console/sdk/ui';
import { Form, Input, Select, Typography } from 'antd';

import { LanguageSelect, Link, noSpaces, useLanguageLabel, useLanguages, useLinkRules, useProducts, useTexts, ViewGuard, when } from './parts';
import { param, PATHS } from './service';
import { type LanguageOption, type Manual, MAX_LINK, type ProductOption } from './types';

/** What a manual's form sends. */
export function manualBody(values: Record<string, unknown>): Record<string, unknown> {
  return {
    productId: String(values.productId ?? ''),
    language: String(values.language ?? '').trim(),
    address: String(values.address ?? '').trim(),
  };
}

function ManualFields({ editing, products, languages }: { editing: Partial<Manual>; products: ProductOption[]; languages: LanguageOption[] }) {
  const { t } = useTexts();
  const linkRules = useLinkRules(true);
  const required = { required: true, message: t('required') };
  // The stored product stays choosable when it is no longer among the options.
  const productOptions = products.map((p) => ({ value: p.id, label: p.name }));
  if (editing.productId && !products.some((p) => p.id === editing.productId)) {
    productOptions.push({ value: editing.productId, label: editing.productName || editing.productId });
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('oneManualHint')}</Typography.Paragraph>
      <Form.Item name="productId" label={t('product')} rules={[required]}>
        <Select showSearch={{ optionFilterProp: 'label' }} placeholder={t('chooseProduct')} data-testid="manual-product" options={productOptions} />
      </Form.Item>
      <Form.Item name="language" label={t('language')} rules={[{ ...required, whitespace: true }, { max: 16 }]}>
        <LanguageSelect list={languages} testId="manual-language" />
      </Form.Item>
      <Form.Item name="address" label={t('manualAddress')} extra={t('manualAddressHint')} rules={linkRules} normalize={noSpaces}>
        <Input maxLength={MAX_LINK} placeholder="https://" data-testid="manual-address" />
      </Form.Item>
    </>
  );
}

/** Manuals (/content/manual): where a product's manual is, one address per product and language. */
export default function Manuals() {
  const { t } = useTexts();
  const products = useProducts();
  const languages = useLanguages('manual');
  const languageLabel = useLanguageLabel(languages);
  return (
    <ViewGuard action="content:manual:view">
      <ResourcePage<Manual>
        title={t('manuals')}
        path={PATHS.manuals}
        testId="manuals"
        name={(row) => row.productName}
        actions={{ add: 'content:manual:edit', edit: 'content:manual:edit', delete: 'content:manual:delete' }}
        addLabel={t('addManual')}
        addTestId="add-manual"
        formWidth={640}
        query={(values) => ({ productId: param(values.productId), language: param(values.language) })}
        transform={manualBody}
        search={
          <>
            <Form.Item name="productId" label={t('product')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 200 }}
                data-testid="manual-product-filter"
                options={products.map((p) => ({ value: p.id, label: p.name }))}
              />
            </Form.Item>
            <Form.Item name="language" label={t('language')}>
              <LanguageSelect list={languages} testId="manual-language-filter" allowClear style={{ width: 180 }} />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'product', title: t('product'), render: (_, row) => row.productName || row.productId },
          { key: 'language', title: t('language'), render: (_, row) => languageLabel(row.language) },
          { key: 'address', title: t('manualAddress'), render: (_, row) => <Link href={row.address} /> },
          { key: 'updatedAt', title: t('updatedAt'), render: (_, row) => when(row.updatedAt) },
        ]}
        form={(editing) => <ManualFields editing={editing} products={products} languages={languages} />}
      />
    </ViewGuard>
  );
}
