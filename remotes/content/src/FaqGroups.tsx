import { ResourcePage, SearchModeField } from '@console/sdk/ui';
import { Form, Input, InputNumber, Typography } from 'antd';

import { useTexts, ViewGuard, when } from './parts';
import { param, PATHS } from './service';
import { type FaqGroup, MAX_DESCRIPTION, MAX_NAME, MAX_SORT } from './types';

function FaqGroupFields() {
  const { t } = useTexts();
  return (
    <>
      <Form.Item name="name" label={t('groupName')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: MAX_NAME }]}>
        <Input maxLength={MAX_NAME} showCount data-testid="faq-group-name" />
      </Form.Item>
      <Form.Item name="description" label={t('description')} rules={[{ max: MAX_DESCRIPTION }]}>
        <Input.TextArea rows={3} maxLength={MAX_DESCRIPTION} showCount data-testid="faq-group-description" />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')} extra={t('sortHint', { max: MAX_SORT })} rules={[{ type: 'integer', min: 0, max: MAX_SORT, message: t('sortRule', { max: MAX_SORT }) }]}>
        <InputNumber min={0} max={MAX_SORT} precision={0} style={{ width: 200 }} data-testid="faq-group-sort" />
      </Form.Item>
    </>
  );
}

/** FAQ groups (/content/faqGroup): the "ID groups" the customer-service FAQ files its entries in. */
export default function FaqGroups() {
  const { t } = useTexts();
  return (
    <ViewGuard action="content:faq-group:view">
      <ResourcePage<FaqGroup>
        title={t('faqGroups')}
        path={PATHS.faqGroups}
        testId="faq-groups"
        name={(row) => row.name}
        actions={{ add: 'content:faq-group:edit', edit: 'content:faq-group:edit', delete: 'content:faq-group:delete' }}
        addLabel={t('addFaqGroup')}
        addTestId="add-faq-group"
        defaults={{ sort: 0 }}
        query={(values) => ({ name: param(values.name), mode: param(values.mode) })}
        transform={(values) => ({
          name: String(values.name ?? '').trim(),
          description: String(values.description ?? '').trim(),
          sort: typeof values.sort === 'number' ? values.sort : 0,
        })}
        search={
          <>
            <Form.Item name="name" label={t('groupName')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { key: 'name', title: t('groupName'), dataIndex: 'name' },
          {
            key: 'description',
            title: t('description'),
            render: (_, row) =>
              row.description ? (
                <Typography.Text ellipsis={{ tooltip: row.description }} style={{ maxWidth: 320 }}>
                  {row.description}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          { key: 'sort', title: t('sort'), dataIndex: 'sort' },
          { key: 'updatedAt', title: t('updatedAt'), render: (_, row) => when(row.updatedAt) },
        ]}
        form={<FaqGroupFields />}
      />
    </ViewGuard>
  );
}
