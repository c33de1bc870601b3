import { usePermission } from '@console/sdk';
import { type ListHandle, ListPage, RowActions, SearchModeField, useConfirm } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { AppProductSelect, IdList, Link, ProjectSelect, useAppProducts, useProjects, useTexts, ViewGuard, when } from './parts';
import { QuestionnaireForm } from './QuestionnaireForm';
import { param, questionnaires } from './service';
import type { Questionnaire } from './types';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; questionnaire: Questionnaire };

/**
 * Survey questionnaires (/app-manage/app-questionnaire): shown by a project's app for their
 * lifecycle, at least their interval after the one before; saved once their preview is
 * confirmed; refreshed at most once a day.
 */
export default function Questionnaires() {
  return (
    <ViewGuard action="app:questionnaire:view">
      <QuestionnaireList />
    </ViewGuard>
  );
}

function QuestionnaireList() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const may = usePermission();
  const projects = useProjects();
  const products = useAppProducts();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const reload = () => list.current?.reload();
  const appName = (id: string) => {
    const product = products.find((p) => p.id === id);
    return product ? `${product.appProductName} · ${product.appName}` : id;
  };

  const load = useCallback(
    (q: Record<string, unknown>, page: number, pageSize: number) =>
      questionnaires.list({
        name: param(q.name),
        projectName: param(q.projectName),
        mode: param(q.mode),
        projectId: param(q.projectId),
        appProductId: param(q.appProductId),
        enabled: param(q.enabled),
        page,
        pageSize,
      }),
    [],
  );

  const refresh = (row: Questionnaire) =>
    confirm(t('refreshTitle', { name: row.name }), t('refreshHint', { days: row.lifecycle }), () =>
      questionnaires.refresh(row.id).then(
        () => {
          void message.success(t('refreshed'));
          reload();
        },
        // Refused (within 24 hours): the request layer said why.
        () => undefined,
      ),
    );

  return (
    <Card title={t('questionnaires')} variant="borderless">
      <ListPage<Questionnaire>
        handle={list}
        rowKey="id"
        testId="questionnaires"
        load={load}
        search={
          <>
            <Form.Item name="name" label={t('questionnaireName')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="projectName" label={t('projectName')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="projectId" label={t('project')}>
              <ProjectSelect projects={projects} testId="questionnaire-project-filter" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="appProductId" label={t('boundApp')}>
              <AppProductSelect products={products} testId="questionnaire-app-filter" allowClear style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="enabled" label={t('enabled')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 'true', label: t('on') },
                  { value: 'false', label: t('off') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          may('app:questionnaire:edit') && (
            <Button type="primary" onClick={() => setEditing({ mode: 'add' })} data-testid="add-questionnaire">
              {t('addQuestionnaire')}
            </Button>
          )
        }
        expandable={{
          rowExpandable: (row) => row.subQuestionnaires.length > 0,
          expandedRowRender: (row) => (
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {row.subQuestionnaires.map((sub, i) => (
                <li key={i}>
                  {sub.name}: <Link href={sub.address} />
                </li>
              ))}
            </ul>
          ),
        }}
        columns={[
          { key: 'name', title: t('questionnaireName'), dataIndex: 'name' },
          { key: 'project', title: t('projectName'), dataIndex: 'projectName' },
          { key: 'app', title: t('boundApp'), render: (_, row) => appName(row.appProductId) },
          { key: 'type', title: t('questionnaireType'), render: (_, row) => row.questionnaireType || '—' },
          { key: 'productIds', title: t('productIds'), render: (_, row) => <IdList ids={row.productIds} /> },
          { key: 'address', title: t('address'), render: (_, row) => <Link href={row.address} /> },
          { key: 'intervalDays', title: t('intervalDays'), dataIndex: 'intervalDays' },
          {
            key: 'lifecycle',
            title: t('lifecycleRemaining'),
            render: (_, row) => <span data-testid={`remaining-${row.id}`}>{t('remainingOf', { remaining: row.remainingLifecycle, lifecycle: row.lifecycle })}</span>,
          },
          {
            key: 'enabled',
            title: t('status'),
            render: (_, row) => (
              <Space size={2} wrap>
                <Tag color={row.enabled ? 'success' : 'default'}>{row.enabled ? t('on') : t('off')}</Tag>
                {row.enabled && <Tag color={row.remainingLifecycle > 0 ? 'processing' : 'default'}>{row.remainingLifecycle > 0 ? t('continuing') : t('ended')}</Tag>}
              </Space>
            ),
          },
          { key: 'refreshedAt', title: t('refreshedAt'), render: (_, row) => <Typography.Text type="secondary">{when(row.refreshedAt)}</Typography.Text> },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={
                  may('app:questionnaire:edit') && (
                    <a onClick={() => refresh(row)} data-testid={`refresh-${row.id}`}>
                      {t('refresh')}
                    </a>
                  )
                }
                onEdit={may('app:questionnaire:edit') ? () => setEditing({ mode: 'edit', questionnaire: row }) : undefined}
                remove={
                  may('app:questionnaire:delete')
                    ? {
                        name: row.name,
                        confirm: (typed) =>
                          questionnaires.remove(row.id, typed).then(() => {
                            void message.success(t('deleted'));
                            reload();
                          }),
                      }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <QuestionnaireForm
        open={editing.mode !== 'closed'}
        editing={editing.mode === 'edit' ? editing.questionnaire : null}
        projects={projects}
        products={products}
        onClose={() => setEditing({ mode: 'closed' })}
        onSaved={() => {
          void message.success(t('saved'));
          reload();
        }}
      />
    </Card>
  );
}
