import { api, formatTime, useNamespace } from '@console/sdk';
import { ListPage, SearchModeField } from '@console/sdk/ui';
import { Card, Form, Input, Select, Tag } from 'antd';
import { useSearchParams } from 'react-router';

import { resources } from './i18n';
import { useReleasedModels } from './snModels';

export interface DeviceSn {
  id: string;
  sn: string;
  groupId: string;
  modelId: string;
  activated: boolean;
  activatedAt?: number;
  createdAt: number;
}

const when = formatTime;

/** The SN query (snGroupEvery): by SN, precise among millions or by its start, by model, group
 * and activation. Opened from a group, it shows that group's SNs. */
export default function SnQuery() {
  const { t } = useNamespace('product', resources);
  const [params, setParams] = useSearchParams();
  const groupId = params.get('groupId') ?? undefined;
  const models = useReleasedModels('/product-service/sn-query-models');
  const modelName = (id: string) => models.find((m) => m.id === id)?.code ?? id;
  return (
    <Card
      title={t('snQuery')}
      variant="borderless"
      extra={
        groupId ? (
          <Tag closable onClose={() => setParams({})} data-testid="sn-group-filter">
            {t('groupFilter', { label: params.get('group') ?? groupId })}
          </Tag>
        ) : null
      }
    >
      <ListPage<DeviceSn>
        params={{ groupId }}
        key={groupId ?? 'all'}
        rowKey="id"
        testId="sn-query"
        load={(values, page, pageSize) =>
          api.get('/product-service/sns', {
            sn: ((values.sn as string | undefined) ?? '').trim() || undefined,
            mode: values.mode as string | undefined,
            modelId: values.modelId as string | undefined,
            activated: values.activated as string | undefined,
            groupId,
            page,
            pageSize,
          })
        }
        search={
          <>
            <Form.Item name="sn" label="SN">
              <Input allowClear data-testid="sn-query-sn" />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="modelId" label={t('productModel')}>
              <Select allowClear style={{ width: 200 }} options={models.map((m) => ({ value: m.id, label: `${m.name} (${m.code})` }))} />
            </Form.Item>
            <Form.Item name="activated" label={t('activation')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={[
                  { value: 'true', label: t('activated') },
                  { value: 'false', label: t('notActivated') },
                ]}
              />
            </Form.Item>
          </>
        }
        columns={[
          { title: 'SN', dataIndex: 'sn', render: (sn: string) => <code>{sn}</code> },
          { title: t('productModel'), render: (_, row) => modelName(row.modelId) },
          { title: t('activation'), render: (_, row) => (row.activated ? <Tag color="green">{t('activated')}</Tag> : <Tag>{t('notActivated')}</Tag>) },
          { title: t('activatedAt'), render: (_, row) => when(row.activatedAt) },
          { title: t('createdAt'), render: (_, row) => when(row.createdAt) },
        ]}
      />
    </Card>
  );
}
