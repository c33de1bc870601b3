import { ListPage } from '@console/sdk/ui';
import { Card } from 'antd';
import { useState } from 'react';

import { ProductModelFilter, usePackageColumns, useTexts, when } from './parts';
import { RolloutDrawer } from './RolloutDrawer';
import { param, rollouts } from './service';
import type { FirmwarePackage } from './types';

/** Upgrade history (/ota-upgrade/history): packages tested or released; each opens its rollout's progress. */
export default function History() {
  const { t } = useTexts();
  const [open, setOpen] = useState<FirmwarePackage | null>(null);
  const columns = usePackageColumns();
  return (
    <Card title={t('history')} variant="borderless">
      <ListPage<FirmwarePackage>
        rowKey="id"
        testId="rollouts"
        load={(q, page, pageSize) => rollouts.list({ productId: param(q.productId), modelId: param(q.modelId), page, pageSize })}
        search={<ProductModelFilter />}
        columns={[
          ...columns,
          { key: 'grayStartedAt', title: t('grayStartedAt'), render: (_, row) => when(row.grayStartedAt) },
          { key: 'releasedAt', title: t('releasedAt'), render: (_, row) => when(row.releasedAt) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => (
              <a onClick={() => setOpen(row)} data-testid={`rollout-open-${row.id}`}>
                {t('progress')}
              </a>
            ),
          },
        ]}
      />
      {open && <RolloutDrawer key={open.id} rollout={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
