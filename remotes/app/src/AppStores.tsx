import { ResourcePage, SearchModeField, UploadField } from '@console/sdk/ui';
import { Form, Input } from 'antd';

import { Link, useLinkRules, useTexts, ViewGuard } from './parts';
import { DOMAIN_PREFIX } from './rules';
import { MOUNT, PATHS } from './service';
import type { AppStore } from './types';

/** The icon as an upload id; empty keeps the stored one. */
const toBody = (values: Record<string, unknown>) => ({ ...values, icon: typeof values.icon === 'string' ? values.icon : '' });
const toForm = (row: AppStore) => ({ icon: undefined, storedIcon: row.icon });

function StoreFields({ editing }: { editing: Partial<AppStore> & { storedIcon?: AppStore['icon'] } }) {
  const { t } = useTexts();
  const linkRules = useLinkRules(true);
  return (
    <>
      <Form.Item name="storeName" label={t('storeName')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 80 }]}>
        <Input data-testid="store-name" />
      </Form.Item>
      <UploadField
        name="icon"
        label={editing.id ? t('storeIconReplace', { name: editing.storedIcon?.fileName ?? t('none') }) : t('storeIconRule')}
        mount={MOUNT}
        purpose="store-icon"
        accept="image/png,image/jpeg,image/gif"
        maxMib={1}
        required={false}
      />
      <Form.Item name="downloadAddress" label={t('downloadAddress')} rules={linkRules}>
        <Input data-testid="store-download-address" placeholder="https://" />
      </Form.Item>
      <Form.Item
        name="domainPrefix"
        label={t('domainPrefix')}
        extra={t('domainPrefixHint')}
        rules={[{ required: true, message: t('required') }, { max: 253 }, { pattern: DOMAIN_PREFIX, message: t('domainPrefixRule') }]}
      >
        <Input data-testid="store-domain-prefix" placeholder="apps.apple.com" />
      </Form.Item>
    </>
  );
}

/** The app store list (/app-manage/app-store): where an app is downloaded. */
export default function AppStores() {
  const { t } = useTexts();
  return (
    <ViewGuard action="app:store:view">
      <ResourcePage<AppStore>
        title={t('appStores')}
        path={PATHS.appStores}
        testId="app-stores"
        name={(row) => row.storeName}
        actions={{ add: 'app:store:edit', edit: 'app:store:edit', delete: 'app:store:delete' }}
        addLabel={t('addStore')}
        addTestId="add-store"
        transform={toBody}
        toForm={toForm}
        search={
          <>
            <Form.Item name="storeName" label={t('storeName')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { key: 'storeName', title: t('storeName'), dataIndex: 'storeName' },
          { key: 'icon', title: t('storeIcon'), render: (_, row) => row.icon?.fileName ?? '—' },
          { key: 'downloadAddress', title: t('downloadAddress'), render: (_, row) => <Link href={row.downloadAddress} /> },
          { key: 'domainPrefix', title: t('domainPrefix'), dataIndex: 'domainPrefix' },
        ]}
        form={(editing) => <StoreFields editing={editing} />}
      />
    </ViewGuard>
  );
}
