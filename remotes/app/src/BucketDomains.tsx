import { usePermission } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, SearchModeField } from '@console/sdk/ui';
import { App, Card, Form, Input, Tag } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { useLinkRules, useTexts, ViewGuard } from './parts';
import { bucketDomains, param } from './service';
import type { BucketDomains as Row } from './types';

/** Object domains (/media/bucket): the domains each bucket's objects are served from. */
export default function BucketDomains() {
  return (
    <ViewGuard action="app:domain:view">
      <DomainList />
    </ViewGuard>
  );
}

function DomainList() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Row | null>(null);
  const linkRules = useLinkRules(false);
  const load = useCallback((q: Record<string, unknown>, page: number, pageSize: number) => bucketDomains.list({ objectName: param(q.objectName), mode: param(q.mode), page, pageSize }), []);
  return (
    <Card title={t('objectDomains')} variant="borderless">
      <ListPage<Row>
        handle={list}
        rowKey="id"
        testId="bucket-domains"
        load={load}
        search={
          <>
            <Form.Item name="objectName" label={t('objectName')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          { key: 'objectName', title: t('objectName'), dataIndex: 'objectName' },
          { key: 'cloudService', title: t('cloudService'), render: (_, row) => t(`cloud_${row.cloudService}`) },
          { key: 'objectDomain', title: t('objectDomain'), render: (_, row) => row.objectDomain || '—' },
          { key: 'cdnDomain', title: t('cdnDomain'), render: (_, row) => row.cdnDomain || '—' },
          { key: 'accessRight', title: t('accessRight'), render: (_, row) => <Tag>{t(`right_${row.accessRight}`)}</Tag> },
          { key: 'enterprise', title: t('enterprise'), dataIndex: 'enterpriseName' },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) =>
              may('app:domain:edit') ? (
                <a onClick={() => setEditing(row)} data-testid={`edit-domains-${row.objectName}`}>
                  {t('editDomains')}
                </a>
              ) : null,
          },
        ]}
      />
      <ModalForm<{ objectDomain?: string; cdnDomain?: string }>
        open={editing !== null}
        title={`${t('editDomains')} · ${editing?.objectName ?? ''}`}
        initialValues={editing ? { objectDomain: editing.objectDomain, cdnDomain: editing.cdnDomain } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={(values) =>
          bucketDomains.update(editing?.id ?? '', { objectDomain: values.objectDomain ?? '', cdnDomain: values.cdnDomain ?? '', version: editing?.version ?? 0 }).then(() => {
            void message.success(t('saved'));
            list.current?.reload();
          })
        }
      >
        <Form.Item name="objectDomain" label={t('objectDomain')} extra={t('objectDomainHint')} rules={linkRules}>
          <Input placeholder="https://" />
        </Form.Item>
        <Form.Item name="cdnDomain" label={t('cdnDomain')} extra={t('cdnDomainHint')} rules={linkRules}>
          <Input placeholder="https://" />
        </Form.Item>
      </ModalForm>
    </Card>
  );
}
