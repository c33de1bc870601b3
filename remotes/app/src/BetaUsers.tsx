import { usePermission } from '@console/sdk';
import { LinesField, type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Switch, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { IdList, ProductIdsField, useTexts, ViewGuard, when } from './parts';
import { tags } from './rules';
import { betaUsers, param } from './service';
import { type BetaAdded, type BetaUser, MAX_BETA_BATCH } from './types';

interface BetaValues {
  usernames: string;
  remarkName?: string;
  allProducts: boolean;
  productIds?: string[];
}

function BetaFields() {
  const { t } = useTexts();
  return (
    <>
      <LinesField name="usernames" label={t('accounts')} max={MAX_BETA_BATCH} />
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        {t('accountsHint')}
      </Typography.Paragraph>
      <Form.Item name="remarkName" label={t('remarkName')} rules={[{ max: 80 }]}>
        <Input data-testid="beta-remark" />
      </Form.Item>
      <Form.Item name="allProducts" label={t('allProducts')} valuePropName="checked">
        <Switch data-testid="beta-all-products" />
      </Form.Item>
      <Form.Item noStyle dependencies={['allProducts']}>
        {({ getFieldValue }) => (getFieldValue('allProducts') ? null : <ProductIdsField required label={t('availableProducts')} testId="beta-products" />)}
      </Form.Item>
    </>
  );
}

/** Internal beta users (/system/betaAppUser): app accounts that get beta builds, of every product or the ones named. */
export default function BetaUsers() {
  return (
    <ViewGuard action="app:beta:view">
      <BetaUserList />
    </ViewGuard>
  );
}

function BetaUserList() {
  const { t } = useTexts();
  const { message, modal } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [adding, setAdding] = useState(false);
  const reload = () => list.current?.reload();

  const load = useCallback(
    (q: Record<string, unknown>, page: number, pageSize: number) => betaUsers.list({ username: param(q.username), remarkName: param(q.remarkName), mode: param(q.mode), page, pageSize }),
    [],
  );

  const added = (answer: BetaAdded) => {
    reload();
    modal.success({
      title: t('betaAdded', { count: answer.added.length }),
      content: (
        <div data-testid="beta-added">
          {answer.added.length > 0 && <p>{t('addedAccounts', { accounts: answer.added.join(', ') })}</p>}
          {answer.alreadyListed.length > 0 && <p>{t('alreadyListed', { accounts: answer.alreadyListed.join(', ') })}</p>}
        </div>
      ),
    });
  };

  return (
    <Card title={t('betaUsers')} variant="borderless">
      <ListPage<BetaUser>
        handle={list}
        rowKey="id"
        testId="beta-users"
        load={load}
        search={
          <>
            <Form.Item name="username" label={t('username')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="remarkName" label={t('remarkName')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          may('app:beta:edit') && (
            <Button type="primary" onClick={() => setAdding(true)} data-testid="add-beta">
              {t('addBeta')}
            </Button>
          )
        }
        columns={[
          { key: 'remarkName', title: t('remarkName'), render: (_, row) => row.remarkName || '—' },
          { key: 'username', title: t('username'), dataIndex: 'username' },
          { key: 'userId', title: t('userId'), render: (_, row) => row.userId || <Typography.Text type="secondary">{t('notUsedYet')}</Typography.Text> },
          { key: 'products', title: t('availableProducts'), render: (_, row) => (row.allProducts ? <Tag color="blue">{t('allProducts')}</Tag> : <IdList ids={row.productIds} />) },
          { key: 'createdAt', title: t('addedAt'), render: (_, row) => when(row.createdAt) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) =>
              may('app:beta:edit') ? (
                <RowActions
                  remove={{
                    name: row.username,
                    label: t('remove'),
                    confirm: (typed) =>
                      betaUsers.remove(row.id, typed).then(() => {
                        void message.success(t('removed'));
                        reload();
                      }),
                  }}
                />
              ) : null,
          },
        ]}
      />
      <ModalForm<BetaValues>
        open={adding}
        title={t('addBeta')}
        initialValues={{ allProducts: true }}
        onClose={() => setAdding(false)}
        onSubmit={(values) =>
          betaUsers
            .add({
              usernames: values.usernames,
              remarkName: (values.remarkName ?? '').trim(),
              allProducts: values.allProducts,
              productIds: values.allProducts ? [] : tags(values.productIds),
            })
            .then(added)
        }
      >
        <BetaFields />
      </ModalForm>
    </Card>
  );
}
