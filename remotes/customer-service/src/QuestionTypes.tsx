import { usePermission } from '@console/sdk';
import { type ListHandle, ListPage, ModalForm, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { useTexts, useTypeTree, ViewGuard, when } from './parts';
import { param, questionTypes } from './service';
import { MAX_NAME, MAX_SORT, type QuestionType, type TypeNode } from './types';

/** A type as the tree table shows it: a category with its subcategories. */
export interface TypeRow extends QuestionType {
  children?: TypeRow[];
  /** A subcategory shown without its category (a search found it, not its category). */
  alone?: boolean;
}

/**
 * The list's types as a tree, in the server's order: each subcategory under its category; one
 * whose category is not among them (a search found it, not its category) at the top level.
 */
export function nest(types: QuestionType[]): TypeRow[] {
  const rows = new Map<string, TypeRow>(types.map((type) => [type.id, { ...type }]));
  const roots: TypeRow[] = [];
  for (const row of rows.values()) {
    const parent = row.parentId ? rows.get(row.parentId) : undefined;
    if (parent) (parent.children ??= []).push(row);
    else roots.push(row.parentId ? { ...row, alone: true } : row);
  }
  return roots;
}

interface TypeValues {
  name: string;
  parentId?: string;
  sort?: number;
}

type Editing = { mode: 'closed' } | { mode: 'add'; parentId?: string } | { mode: 'edit'; type: QuestionType };

/**
 * Question types (/customerService/questionType): the categories and subcategories (two levels)
 * FAQs are filed under.
 */
export default function QuestionTypes() {
  return (
    <ViewGuard action="cs:type:view">
      <TypeList />
    </ViewGuard>
  );
}

function TypeList() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const may = usePermission();
  const list = useRef<ListHandle>(null);
  const [refresh, setRefresh] = useState(0);
  const tree = useTypeTree(refresh);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const changed = () => {
    list.current?.reload();
    setRefresh((n) => n + 1);
  };
  const categoryName = (id: string | null) => (id ? (tree.find((c) => c.id === id)?.name ?? id) : '');

  const load = useCallback(
    (q: Record<string, unknown>) =>
      questionTypes.all({ name: param(q.name), mode: param(q.mode) }).then((page) => {
        const rows = nest(page.list);
        // Every category open: the subcategories are what FAQs are mostly filed under.
        setExpanded(rows.filter((row) => row.children).map((row) => row.id));
        return { ...page, list: rows };
      }),
    [],
  );

  return (
    <Card title={t('questionTypes')} variant="borderless">
      <ListPage<TypeRow>
        handle={list}
        rowKey="id"
        testId="question-types"
        load={load}
        pagination={false}
        search={
          <>
            <Form.Item name="name" label={t('typeName')}>
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        toolbar={
          may('cs:type:edit') && (
            <Button type="primary" onClick={() => setEditing({ mode: 'add' })} data-testid="add-type">
              {t('addCategory')}
            </Button>
          )
        }
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        columns={[
          {
            key: 'name',
            title: t('typeName'),
            render: (_, row) => (
              <span data-testid={`type-${row.id}`}>
                {row.name}
                {/* A subcategory found without its category: which one it belongs to. */}
                {row.alone && <Typography.Text type="secondary"> ({categoryName(row.parentId)})</Typography.Text>}
              </span>
            ),
          },
          {
            key: 'level',
            title: t('level'),
            render: (_, row) => (row.parentId ? <Tag>{t('subcategory')}</Tag> : <Tag color="blue">{t('category')}</Tag>),
          },
          { key: 'sort', title: t('sort'), dataIndex: 'sort' },
          { key: 'createdAt', title: t('createdAt'), render: (_, row) => when(row.createdAt) },
          {
            key: 'actions',
            title: t('actions'),
            render: (_, row) => (
              <RowActions
                extra={
                  may('cs:type:edit') &&
                  !row.parentId && (
                    <a onClick={() => setEditing({ mode: 'add', parentId: row.id })} data-testid={`add-sub-${row.id}`}>
                      {t('addSubcategory')}
                    </a>
                  )
                }
                onEdit={may('cs:type:edit') ? () => setEditing({ mode: 'edit', type: row }) : undefined}
                remove={
                  may('cs:type:delete')
                    ? {
                        name: row.name,
                        confirm: (typed) =>
                          questionTypes.remove(row.id, typed).then(() => {
                            void message.success(t('deleted'));
                            changed();
                          }),
                      }
                    : undefined
                }
              />
            ),
          },
        ]}
      />
      <TypeForm
        editing={editing}
        tree={tree}
        onClose={() => setEditing({ mode: 'closed' })}
        onSaved={() => {
          void message.success(t('saved'));
          changed();
        }}
      />
    </Card>
  );
}

function TypeForm({ editing, tree, onClose, onSaved }: { editing: Editing; tree: TypeNode[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTexts();
  const current = editing.mode === 'edit' ? editing.type : null;
  // Two levels: a category with subcategories stays a category; a type is not its own parent.
  const hasSubs = current !== null && (tree.find((c) => c.id === current.id)?.children.length ?? 0) > 0;
  const categories = tree.filter((c) => c.id !== current?.id).map((c) => ({ value: c.id, label: c.name }));
  const initial: Partial<TypeValues> =
    editing.mode === 'edit'
      ? { name: editing.type.name, parentId: editing.type.parentId ?? undefined, sort: editing.type.sort }
      : { parentId: editing.mode === 'add' ? editing.parentId : undefined, sort: 0 };
  const title = current ? t('editType') : editing.mode === 'add' && editing.parentId ? t('addSubcategory') : t('addCategory');
  return (
    <ModalForm<TypeValues>
      open={editing.mode !== 'closed'}
      title={title}
      initialValues={initial}
      onClose={onClose}
      onSubmit={(values) => {
        const body = { name: values.name.trim(), parentId: values.parentId ?? null, sort: values.sort ?? 0 };
        return (current ? questionTypes.update(current.id, { ...body, version: current.version }) : questionTypes.create(body)).then(onSaved);
      }}
    >
      <Form.Item name="name" label={t('typeName')} rules={[{ required: true, whitespace: true, message: t('required') }, { max: MAX_NAME }]}>
        <Input maxLength={MAX_NAME} data-testid="type-name" />
      </Form.Item>
      <Form.Item name="parentId" label={t('parentCategory')} extra={hasSubs ? t('parentLocked') : t('parentHint')}>
        <Select allowClear disabled={hasSubs} placeholder={t('noParent')} showSearch={{ optionFilterProp: 'label' }} data-testid="type-parent" options={categories} />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')} extra={t('sortHint', { max: MAX_SORT })} rules={[{ type: 'integer', min: 0, max: MAX_SORT, message: t('sortRule', { max: MAX_SORT }) }]}>
        <InputNumber min={0} max={MAX_SORT} precision={0} style={{ width: 200 }} data-testid="type-sort" />
      </Form.Item>
    </ModalForm>
  );
}
