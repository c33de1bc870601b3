import { Auth } from '@console/sdk';
import { type ListHandle, ListPage } from '@console/sdk/ui';
import { Button, Card, Form, Select, Space, Switch, Tag } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { type AppDialog, AppPackageActions } from './AppPackageActions';
import { AppPackageDetails, BuildLink } from './AppPackageDetails';
import { AppDialogs } from './AppPackageDialogs';
import { AppPackageForm } from './AppPackageForm';
import { AppFilters, AppPackageStatus, useAppColumns, useTextOptions, useTexts, when } from './parts';
import { appPackages, param } from './service';
import { APP_STATUSES, type AppPackage, PUBLICATIONS } from './types';

/** The package form: closed, uploading a new package, or editing one. */
type Editing = { mode: 'closed' } | { mode: 'upload' } | { mode: 'edit'; pkg: AppPackage };

/** App upgrade packages (/app-manage/app-upgrade): upload, test, review, release at a later time; deleted ones to restore. */
export default function AppPackages() {
  const { t } = useTexts();
  const list = useRef<ListHandle>(null);
  const [deleted, setDeleted] = useState(false);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [dialog, setDialog] = useState<AppDialog | null>(null);
  const columns = useAppColumns();
  const statusOptions = useTextOptions('appStatus', APP_STATUSES);
  const publicationOptions = useTextOptions('publication', PUBLICATIONS);
  const reload = () => list.current?.reload();
  // The list reads again when the deleted switch turns (its `params`).
  const load = useCallback(
    (q: Record<string, unknown>, page: number, pageSize: number) =>
      appPackages.list({
        appName: param(q.appName),
        mode: param(q.mode),
        platform: param(q.platform),
        status: param(q.status),
        publication: param(q.publication),
        deleted,
        page,
        pageSize,
      }),
    [deleted],
  );

  return (
    <Card title={t('appPackages')} variant="borderless">
      <ListPage<AppPackage>
        params={{ deleted }}
        handle={list}
        rowKey="id"
        testId="app-packages"
        load={load}
        search={
          <>
            <AppFilters />
            <Form.Item name="status" label={t('status')}>
              <Select allowClear style={{ width: 150 }} options={statusOptions} data-testid="app-status-filter" />
            </Form.Item>
            <Form.Item name="publication" label={t('publishState')}>
              <Select allowClear style={{ width: 150 }} options={publicationOptions} data-testid="publication-filter" />
            </Form.Item>
          </>
        }
        toolbar={
          <Space size="large">
            <Auth action="app:upgrade:add">
              <Button type="primary" onClick={() => setEditing({ mode: 'upload' })} data-testid="upload-app-package">
                {t('uploadAppPackage')}
              </Button>
            </Auth>
            <Space size="small">
              <Switch checked={deleted} onChange={setDeleted} data-testid="show-deleted" aria-label={t('showDeleted')} />
              <span>{t('showDeleted')}</span>
            </Space>
          </Space>
        }
        expandable={{ expandedRowRender: (row) => <AppPackageDetails pkg={row} /> }}
        columns={[
          ...columns,
          { key: 'type', title: t('packageType'), render: (_, row) => (row.packageType === 'custom' ? row.customType : t(`appType_${row.packageType}`)) },
          { key: 'status', title: t('status'), render: (_, row) => <AppPackageStatus pkg={row} /> },
          {
            key: 'flags',
            title: t('flags'),
            render: (_, row) => (
              <Space size={2} wrap>
                {row.silent && <Tag>{t('silent')}</Tag>}
                {row.mustPass && <Tag color="red">{t('mustPass')}</Tag>}
                {row.ignoreVerification && <Tag>{t('ignoreVerification')}</Tag>}
              </Space>
            ),
          },
          { key: 'policy', title: t('policy'), render: (_, row) => t(`policy_${row.policy}`) },
          { key: 'download', title: t('download'), render: (_, row) => <BuildLink build={row.build} testId={`download-${row.id}`} /> },
          { key: 'releaseAt', title: t('releaseAt'), render: (_, row) => when(row.releasedAt ?? row.releaseAt) },
          { key: 'operator', title: t('operator'), dataIndex: 'operator' },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => <AppPackageActions pkg={row} reload={reload} onEdit={() => setEditing({ mode: 'edit', pkg: row })} onDialog={setDialog} />,
          },
        ]}
      />
      <AppPackageForm open={editing.mode !== 'closed'} editing={editing.mode === 'edit' ? editing.pkg : null} onClose={() => setEditing({ mode: 'closed' })} onSaved={reload} />
      <AppDialogs dialog={dialog} onClose={() => setDialog(null)} onSaved={reload} />
    </Card>
  );
}
