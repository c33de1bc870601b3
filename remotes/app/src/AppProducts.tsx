import { ResourcePage, SearchModeField, UploadField } from '@console/sdk/ui';
import { Descriptions, Form, Input, Typography } from 'antd';

import { IdList, Link, ProductIdsField, SecretField, SecretHintText, useLinkRules, useTexts, ViewGuard } from './parts';
import { hasUnderscore, tags } from './rules';
import { MOUNT, PATHS } from './service';
import type { AppProduct } from './types';

/** What an app product's form sends: the logo as an upload id (empty keeps it), the secret (empty keeps it). */
function toBody(values: Record<string, unknown>): Record<string, unknown> {
  return {
    ...values,
    logo: typeof values.logo === 'string' ? values.logo : '',
    secret: typeof values.secret === 'string' ? values.secret.trim() : '',
    productIds: tags(values.productIds as string[] | undefined),
  };
}

/** A row being edited: its stored logo and secret's hint, apart from their (empty) fields. */
type Editing = Partial<AppProduct> & { storedLogo?: AppProduct['logo']; storedSecret?: AppProduct['secret'] };

/** The form's values from a row: the stored logo and secret stay on the server until replaced. */
const toForm = (row: AppProduct) => ({ logo: undefined, secret: undefined, storedLogo: row.logo, storedSecret: row.secret });

function AppProductFields({ editing }: { editing: Editing }) {
  const { t } = useTexts();
  const linkRules = useLinkRules(true);
  const required = { required: true, whitespace: true, message: t('required') };
  return (
    <>
      {editing.id && (
        <Descriptions
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            {
              key: 'appProductId',
              label: t('appProductId'),
              children: (
                <Typography.Text copyable data-testid="app-product-id">
                  {editing.appProductId}
                </Typography.Text>
              ),
            },
            {
              key: 'clientId',
              label: t('clientId'),
              children: (
                <Typography.Text copyable data-testid="client-id">
                  {editing.clientId}
                </Typography.Text>
              ),
            },
            { key: 'logo', label: t('logo'), children: editing.storedLogo?.fileName ?? t('none') },
          ]}
        />
      )}
      <Form.Item name="appProductName" label={t('appProductName')} rules={[required, { max: 80 }]}>
        <Input data-testid="app-product-name" />
      </Form.Item>
      <Form.Item name="appName" label={t('appName')} rules={[required, { max: 80 }]}>
        <Input data-testid="app-name" />
      </Form.Item>
      <Form.Item
        name="appCode"
        label={t('appCode')}
        rules={[required, { max: 64 }, { validator: (_, code: string | undefined) => (code && hasUnderscore(code) ? Promise.reject(new Error(t('appCodeUnderscore'))) : Promise.resolve()) }]}
      >
        <Input data-testid="app-code" />
      </Form.Item>
      <Form.Item name="platformCode" label={t('platformCode')} rules={[required, { max: 32 }]}>
        <Input data-testid="platform-code" />
      </Form.Item>
      <UploadField name="logo" label={editing.id ? t('logoReplace') : t('logoRule')} mount={MOUNT} purpose="logo" accept="image/png,image/jpeg,image/gif" maxMib={1} required={false} />
      <Form.Item name="privacyLink" label={t('privacyLink')} rules={linkRules}>
        <Input data-testid="privacy-link" placeholder="https://" />
      </Form.Item>
      <SecretField name="secret" label={t('secret')} hint={editing.id ? (editing.storedSecret ?? { hint: '' }) : undefined} />
      <ProductIdsField />
    </>
  );
}

/** App products (/app-manage/app-product): the app a product is used with, its client id and secret. */
export default function AppProducts() {
  const { t } = useTexts();
  return (
    <ViewGuard action="app:product:view">
      <ResourcePage<AppProduct>
        title={t('appProducts')}
        path={PATHS.appProducts}
        testId="app-products"
        name={(row) => row.appProductName}
        actions={{ add: 'app:product:edit', edit: 'app:product:edit', delete: 'app:product:delete' }}
        addLabel={t('addAppProduct')}
        addTestId="add-app-product"
        formWidth={640}
        transform={toBody}
        toForm={toForm}
        search={
          <>
            <Form.Item name="appProductName" label={t('appProductName')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="appName" label={t('appName')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="appCode" label={t('appCode')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="platformCode" label={t('platformCode')}>
              <Input allowClear style={{ width: 120 }} />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'appProductName', title: t('appProductName'), dataIndex: 'appProductName' },
          { key: 'appName', title: t('appName'), dataIndex: 'appName' },
          { key: 'appCode', title: t('appCode'), dataIndex: 'appCode' },
          { key: 'platformCode', title: t('platformCode'), dataIndex: 'platformCode' },
          { key: 'appProductId', title: t('appProductId'), render: (_, row) => <Typography.Text copyable>{row.appProductId}</Typography.Text> },
          { key: 'clientId', title: t('clientId'), render: (_, row) => <Typography.Text copyable>{row.clientId}</Typography.Text> },
          { key: 'secret', title: t('secret'), render: (_, row) => <SecretHintText secret={row.secret} /> },
          { key: 'logo', title: t('logo'), render: (_, row) => row.logo?.fileName ?? '—' },
          { key: 'privacyLink', title: t('privacyLink'), render: (_, row) => <Link href={row.privacyLink} /> },
          { key: 'productIds', title: t('productIds'), render: (_, row) => <IdList ids={row.productIds} /> },
        ]}
        form={(editing) => <AppProductFields editing={editing} />}
      />
    </ViewGuard>
  );
}
