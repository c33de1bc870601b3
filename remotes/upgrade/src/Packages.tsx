import { Auth } from '@console/sdk';
import { type ListHandle, ListPage, SearchModeField } from '@console/sdk/ui';
import { Button, Card, Form, Input, Select, Space, Tag } from 'antd';
import { useRef, useState } from 'react';

import { PackageActions } from './PackageActions';
import { PackageDrawer, PackageFiles } from './PackageDrawer';
import { PackageForm } from './PackageForm';
import { ProductModelFilter, usePackageColumns, useStatusOptions, useTexts, when } from './parts';
import { RolloutForm } from './RolloutForm';
import { packages, param } from './service';
import { type FirmwarePackage, PACKAGE_TYPES } from './types';

/** The package form: closed, uploading a new package, or editing one. */
type Editing = { mode: 'closed' } | { mode: 'upload' } | { mode: 'edit'; pkg: FirmwarePackage };

/** Firmware packages (/ota-upgrade/publish): upload, edit, apply to go online, strategy and release. */
export default function Packages() {
  const { t } = useTexts();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [strategyOf, setStrategyOf] = useState<FirmwarePackage | null>(null);
  const [shown, setShown] = useState<{ pkg: FirmwarePackage; tab: 'package' | 'steps' } | null>(null);
  const statusOptions = useStatusOptions();
  const columns = usePackageColumns();
  const reload = () => list.current?.reload();

  return (
    <Card title={t('packages')} variant="borderless">
      <ListPage<FirmwarePackage>
        handle={list}
        rowKey="id"
        testId="firmware-packages"
        load={(q, page, pageSize) =>
          packages.list({
            productId: param(q.productId),
            modelId: param(q.modelId),
            packageType: param(q.packageType),
            status: param(q.status),
            targetVersionName: param(q.targetVersionName),
            mode: param(q.mode),
            page,
            pageSize,
          })
        }
        search={
          <>
            <ProductModelFilter />
            <Form.Item name="packageType" label={t('packageType')}>
              <Select allowClear style={{ width: 140 }} options={PACKAGE_TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))} />
            </Form.Item>
            <Form.Item name="status" label={t('status')}>
              <Select mode="multiple" allowClear maxTagCount="responsive" style={{ width: 240 }} options={statusOptions} data-testid="status-filter" />
            </Form.Item>
            <Form.Item name="targetVersionName" label={t('targetVersionName')}>
              <Input allowClear style={{ width: 140 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          <Auth action="ota:package:add">
            <Button type="primary" onClick={() => setEditing({ mode: 'upload' })} data-testid="upload-package">
              {t('uploadPackage')}
            </Button>
          </Auth>
        }
        expandable={{ expandedRowRender: (row) => <PackageFiles pkg={row} /> }}
        columns={[
          ...columns,
          {
            key: 'flags',
            title: t('flags'),
            render: (_, row) => (
              <Space size={2} wrap>
                {row.silent && <Tag>{t('silent')}</Tag>}
                {row.mustPass && <Tag color="red">{t('mustPass')}</Tag>}
                {row.ignoreCheck && <Tag>{t('ignoreCheck')}</Tag>}
              </Space>
            ),
          },
          { key: 'createdAt', title: t('uploadedAt'), render: (_, row) => when(row.createdAt) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => (
              <PackageActions
                pkg={row}
                reload={reload}
                onEdit={() => setEditing({ mode: 'edit', pkg: row })}
                onStrategy={() => setStrategyOf(row)}
                onSteps={() => setShown({ pkg: row, tab: 'steps' })}
              />
            ),
          },
        ]}
      />
      <PackageForm open={editing.mode !== 'closed'} editing={editing.mode === 'edit' ? editing.pkg : null} onClose={() => setEditing({ mode: 'closed' })} onSaved={reload} />
      <RolloutForm pkg={strategyOf} onClose={() => setStrategyOf(null)} onSaved={reload} />
      {shown && <PackageDrawer key={shown.pkg.id} pkg={shown.pkg} tab={shown.tab} onClose={() => setShown(null)} />}
    </Card>
  );
}
