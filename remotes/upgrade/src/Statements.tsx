import { Auth, usePermission } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, SearchModeField, useConfirm } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Tag, Tooltip } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

import { LanguageTextsField, usePackageOptions, useTexts, when } from './parts';
import { type Body, param, statements } from './service';
import type { Statement } from './types';

/** The statement form: closed, adding, or editing one. */
type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; statement: Statement };

/** A statement's buttons; a published one is unpublished before it is edited or deleted. */
function StatementActions({ statement, onEdit, reload }: { statement: Statement; onEdit: () => void; reload: () => void }) {
  const { t } = useTexts();
  const may = usePermission();
  const confirm = useConfirm();
  const { message } = App.useApp();
  const { published, title } = statement;
  const locked = (link: ReactNode) => (published ? <Tooltip title={t('unpublishFirst')}>{link}</Tooltip> : link);
  const publish = () =>
    confirm(
      published ? t('unpublishTitle', { title }) : t('publishTitle', { title }),
      published ? t('unpublishHint') : t('publishHint'),
      () =>
        statements.publish(statement.id, !published).then(() => {
          void message.success(published ? t('unpublished') : t('published'));
          reload();
        }),
      published ? 'update' : 'publish',
    );
  return (
    <Space wrap size="small">
      {may('ota:statement:publish') && (
        <a onClick={publish} data-testid={`${published ? 'unpublish' : 'publish'}-${statement.id}`}>
          {published ? t('unpublish') : t('publish')}
        </a>
      )}
      {may('ota:statement:edit') && (
        <>
          {locked(
            <Button type="link" size="small" disabled={published} onClick={onEdit} data-testid={`edit-${statement.id}`}>
              {t('edit')}
            </Button>,
          )}
          {locked(
            <Popconfirm
              title={t('deleteStatementTitle', { title })}
              okText={t('delete')}
              okButtonProps={{ danger: true }}
              disabled={published}
              onConfirm={() =>
                statements.remove(statement.id).then(() => {
                  void message.success(t('deleted'));
                  reload();
                })
              }
            >
              <Button type="link" size="small" danger disabled={published} data-testid={`delete-${statement.id}`}>
                {t('delete')}
              </Button>
            </Popconfirm>,
          )}
        </>
      )}
    </Space>
  );
}

/** Release statements (/ota-upgrade/statement-publish): what a package changes, in each language. */
export default function Statements() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const packageOptions = usePackageOptions(statements.packageOptions);
  const reload = () => list.current?.reload();
  const editedOne = editing.mode === 'edit' ? editing.statement : null;

  const save = (values: Body) =>
    (editedOne ? statements.update(editedOne.id, { ...values, version: editedOne.version }) : statements.create(values)).then(() => {
      void message.success(t('saved'));
      reload();
    });

  return (
    <Card title={t('statements')} variant="borderless">
      <ListPage<Statement>
        handle={list}
        rowKey="id"
        testId="statements"
        load={(q, page, pageSize) => statements.list({ packageId: param(q.packageId), title: param(q.title), mode: param(q.mode), published: param(q.published), page, pageSize })}
        search={
          <>
            <Form.Item name="packageId" label={t('package')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 280 }} options={packageOptions} />
            </Form.Item>
            <Form.Item name="title" label={t('title')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <SearchModeField />
            <Form.Item name="published" label={t('publishState')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={[
                  { value: 'true', label: t('isPublished') },
                  { value: 'false', label: t('notPublished') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={
          <Auth action="ota:statement:edit">
            <Button type="primary" onClick={() => setEditing({ mode: 'add' })} data-testid="add-statement">
              {t('addStatement')}
            </Button>
          </Auth>
        }
        columns={[
          { key: 'title', title: t('title'), dataIndex: 'title' },
          { key: 'package', title: t('package'), dataIndex: 'package' },
          { key: 'published', title: t('publishState'), render: (_, row) => (row.published ? <Tag color="success">{t('isPublished')}</Tag> : <Tag>{t('notPublished')}</Tag>) },
          { key: 'publishedAt', title: t('publishedAt'), render: (_, row) => when(row.publishedAt) },
          { key: 'by', title: t('by'), dataIndex: 'by' },
          { key: 'updatedAt', title: t('updatedAt'), render: (_, row) => when(row.updatedAt) },
          { key: 'actions', title: t('actions'), render: (_, row) => <StatementActions statement={row} onEdit={() => setEditing({ mode: 'edit', statement: row })} reload={reload} /> },
        ]}
      />
      <ModalForm<Body>
        open={editing.mode !== 'closed'}
        title={editedOne ? t('editStatement') : t('addStatement')}
        initialValues={editedOne ? { packageId: editedOne.packageId, title: editedOne.title, contents: editedOne.contents } : undefined}
        width={720}
        onClose={() => setEditing({ mode: 'closed' })}
        onSubmit={save}
      >
        <Form.Item name="packageId" label={t('package')} rules={[{ required: true, message: t('required') }]}>
          <Select showSearch={{ optionFilterProp: 'label' }} options={packageOptions} data-testid="statement-package" />
        </Form.Item>
        <Form.Item name="title" label={t('title')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: 80 }]}>
          <Input maxLength={80} data-testid="statement-title" />
        </Form.Item>
        <LanguageTextsField name="contents" label={t('contents')} rows={6} />
      </ModalForm>
    </Card>
  );
}
