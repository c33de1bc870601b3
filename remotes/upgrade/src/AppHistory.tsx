import { ListPage } from '@console/sdk/ui';
import { Card } from 'antd';

import { AppFilters, PublicationTag, useAppColumns, useTexts, when } from './parts';
import { appPackages, param } from './service';
import type { AppPackage } from './types';

/** App upgrade history (/app-manage/app-upgrade-history): packages released, scheduled or revoked, newest release first. */
export default function AppHistory() {
  const { t } = useTexts();
  const columns = useAppColumns();
  return (
    <Card title={t('appHistory')} variant="borderless">
      <ListPage<AppPackage>
        rowKey="id"
        testId="app-history"
        load={(q, page, pageSize) => appPackages.history({ appName: param(q.appName), mode: param(q.mode), platform: param(q.platform), page, pageSize })}
        search={<AppFilters />}
        columns={[
          ...columns,
          { key: 'publication', title: t('publishState'), render: (_, row) => <PublicationTag publication={row.publication} /> },
          { key: 'releaseAt', title: t('releaseAt'), render: (_, row) => when(row.releasedAt ?? row.releaseAt) },
          { key: 'operator', title: t('operator'), dataIndex: 'operator' },
          { key: 'policy', title: t('policy'), render: (_, row) => t(`policy_${row.policy}`) },
        ]}
      />
    </Card>
  );
}
