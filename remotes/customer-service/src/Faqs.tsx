import { usePermission } from '@console/sdk';
import { type ListHandle, ListPage, RowActions, SearchModeField } from '@console/sdk/ui';
import { App, Button, Card, Col, Descriptions, Flex, Form, Input, Row, Select, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';

import { FaqForm } from './FaqForm';
import { FaqIndexPanel } from './FaqIndex';
import { FaqTryPanel } from './FaqTry';
import { languageLabel, LanguageSelect, TypeSelect, useFaqOptions, useProducts, useRoleName, useRoleOptions, useTexts, ViewGuard, when } from './parts';
import { faqs, param } from './service';
import type { Faq } from './types';

type Editing = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; faq: Faq };

/**
 * The FAQ (/customerService/faq): questions and answers by question type, product, role and
 * language, with the end users' votes; searched through the full-text index, which the page
 * creates, fills, empties and deletes, and which a question can be tried against.
 */
export default function Faqs() {
  return (
    <ViewGuard action="cs:faq:view">
      <FaqPage />
    </ViewGuard>
  );
}

function FaqPage() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const may = usePermission();
  const roleName = useRoleName();
  const roles = useRoleOptions(false);
  const { questionTypes: tree, languages } = useFaqOptions();
  const products = useProducts();
  const list = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  // Counts the FAQs saved and deleted: the index panel's database count follows.
  const [changes, setChanges] = useState(0);
  const changed = () => {
    list.current?.reload();
    setChanges((n) => n + 1);
  };

  const load = useCallback(
    (q: Record<string, unknown>, page: number, pageSize: number) =>
      faqs.list({
        question: param(q.question),
        mode: param(q.mode),
        questionTypeId: param(q.questionTypeId),
        language: param(q.language),
        productId: param(q.productId),
        role: param(q.role),
        page,
        pageSize,
      }),
    [],
  );

  return (
    <Flex vertical gap={16}>
      <Card title={t('faq')} variant="borderless">
        <ListPage<Faq>
          handle={list}
          rowKey="id"
          testId="faqs"
          load={load}
          search={
            <>
              <Form.Item name="question" label={t('question')}>
                <Input allowClear style={{ width: 200 }} />
              </Form.Item>
              <SearchModeField />
              <Form.Item name="questionTypeId" label={t('questionType')}>
                <TypeSelect tree={tree} testId="faq-type-filter" allowClear style={{ width: 200 }} />
              </Form.Item>
              <Form.Item name="language" label={t('language')}>
                <LanguageSelect list={languages} testId="faq-language-filter" allowClear style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name="productId" label={t('product')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} style={{ width: 180 }} options={products.map((p) => ({ value: p.id, label: p.name }))} />
              </Form.Item>
              {/* No "everyone" here: an empty role is no filter at all. */}
              <Form.Item name="role" label={t('role')}>
                <Select allowClear style={{ width: 180 }} options={roles} />
              </Form.Item>
            </>
          }
          toolbar={
            may('cs:faq:edit') && (
              <Button type="primary" onClick={() => setEditing({ mode: 'add' })} data-testid="add-faq">
                {t('addFaq')}
              </Button>
            )
          }
          expandable={{
            expandedRowRender: (row) => (
              <Descriptions
                size="small"
                column={1}
                items={[
                  { key: 'answer', label: t('answer'), children: <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row.answer}</Typography.Text> },
                  { key: 'image', label: t('image'), children: row.image?.fileName ?? t('none') },
                  { key: 'createdAt', label: t('createdAt'), children: when(row.createdAt) },
                ]}
              />
            ),
          }}
          columns={[
            {
              key: 'question',
              title: t('question'),
              render: (_, row) => (
                <Typography.Text ellipsis={{ tooltip: row.question }} style={{ maxWidth: 280 }}>
                  {row.question}
                </Typography.Text>
              ),
            },
            { key: 'questionType', title: t('questionType'), render: (_, row) => row.questionTypeName || row.questionTypeId },
            { key: 'product', title: t('product'), render: (_, row) => row.productName || (row.productId ? row.productId : t('anyProduct')) },
            { key: 'language', title: t('language'), render: (_, row) => languageLabel(languages, row.language) },
            { key: 'role', title: t('role'), render: (_, row) => <Tag data-testid={`role-${row.id}`}>{roleName(row.role)}</Tag> },
            { key: 'groupId', title: t('groupId'), render: (_, row) => row.groupId || '—' },
            { key: 'sortWeight', title: t('sortWeight'), dataIndex: 'sortWeight' },
            {
              key: 'votes',
              title: t('votes'),
              render: (_, row) => (
                <span data-testid={`votes-${row.id}`}>
                  <Tag color="success">{t('solvedCount', { count: row.solved })}</Tag>
                  <Tag color="error">{t('unsolvedCount', { count: row.unsolved })}</Tag>
                </span>
              ),
            },
            { key: 'updatedAt', title: t('updatedAt'), render: (_, row) => when(row.updatedAt) },
            {
              key: 'actions',
              title: t('actions'),
              render: (_, row) => (
                <RowActions
                  onEdit={may('cs:faq:edit') ? () => setEditing({ mode: 'edit', faq: row }) : undefined}
                  remove={
                    may('cs:faq:delete')
                      ? {
                          name: row.question,
                          confirm: (typed) =>
                            faqs.remove(row.id, typed).then(() => {
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
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={may('cs:faq:index') ? 14 : 24}>
          <FaqTryPanel languages={languages} />
        </Col>
        {may('cs:faq:index') && (
          <Col xs={24} xl={10}>
            <FaqIndexPanel refresh={changes} />
          </Col>
        )}
      </Row>
      <FaqForm
        open={editing.mode !== 'closed'}
        editing={editing.mode === 'edit' ? editing.faq : null}
        tree={tree}
        languages={languages}
        products={products}
        onClose={() => setEditing({ mode: 'closed' })}
        onSaved={() => {
          void message.success(t('saved'));
          changed();
        }}
      />
    </Flex>
  );
}
