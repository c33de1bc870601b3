// The FAQ index: whether it exists and what it holds beside the database, and its four
// actions: create it, import the FAQs from the database into it, empty it, delete it.
import { useConfirm } from '@console/sdk/ui';
import { Alert, App, Button, Card, Col, Descriptions, Row, Space, Statistic, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';

import { useTexts, when } from './parts';
import { faqIndex } from './service';
import type { FaqIndexState } from './types';

type Act = 'create' | 'import' | 'clear' | 'delete';

/** The index panel; `refresh` loads the state again when it changes (an FAQ was saved or deleted). */
export function FaqIndexPanel({ refresh }: { refresh: number }) {
  const { t } = useTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [state, setState] = useState<FaqIndexState | null>(null);
  const [busy, setBusy] = useState<Act | null>(null);

  const load = useCallback(() => {
    faqIndex.state().then(setState, () => undefined);
  }, []);
  useEffect(() => load(), [load, refresh]);

  /** Runs an action, says what it did, and shows the index as it is now (also after a refusal, which the request layer said). */
  const run = (act: Act, call: () => Promise<string>) => {
    setBusy(act);
    return call()
      .then(
        (said) => void message.success(said),
        () => undefined,
      )
      .finally(() => {
        setBusy(null);
        load();
      });
  };

  const create = () => run('create', () => faqIndex.create().then((r) => (r.created ? t('indexCreated') : t('indexAlreadyExists'))));
  const importFaqs = () => run('import', () => faqIndex.importFaqs().then((r) => t('indexImported', { count: r.imported })));
  const clear = () => confirm(t('clearIndexTitle'), t('clearIndexHint'), () => run('clear', () => faqIndex.clear().then((r) => t('indexCleared', { count: r.removed }))));
  const remove = () => confirm(t('deleteIndexTitle'), t('deleteIndexHint'), () => run('delete', () => faqIndex.remove().then((r) => (r.deleted ? t('indexDeleted') : t('indexAlreadyGone')))));

  // Unknown until loaded: every action is offered (the server refuses what cannot be done).
  const exists = state?.exists;
  const outOfStep = state !== null && state.exists && state.documents !== state.faqs;
  return (
    <Card title={t('faqIndex')} variant="borderless" data-testid="faq-index">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'exists',
            label: t('indexState'),
            children:
              state === null ? (
                '—'
              ) : (
                <Tag color={state.exists ? 'success' : 'default'} data-testid="faq-index-exists">
                  {state.exists ? t('indexExists') : t('indexMissing')}
                </Tag>
              ),
          },
          { key: 'updatedAt', label: t('indexUpdatedAt'), children: when(state?.updatedAt) },
        ]}
      />
      <Row gutter={16} style={{ margin: '8px 0 16px' }}>
        <Col span={12}>
          <Statistic title={t('indexDocuments')} value={state?.documents ?? 0} formatter={(value) => <span data-testid="faq-index-documents">{state ? value : '—'}</span>} />
        </Col>
        <Col span={12}>
          <Statistic title={t('databaseFaqs')} value={state?.faqs ?? 0} formatter={(value) => <span data-testid="faq-index-faqs">{state ? value : '—'}</span>} />
        </Col>
      </Row>
      {state && !state.exists && <Alert type="info" showIcon title={t('indexMissingHint')} style={{ marginBottom: 16 }} />}
      {outOfStep && <Alert type="warning" showIcon title={t('indexOutOfStep')} style={{ marginBottom: 16 }} data-testid="faq-index-out-of-step" />}
      <Space wrap>
        <Button type="primary" onClick={create} loading={busy === 'create'} disabled={exists === true} data-testid="faq-index-create">
          {t('createIndex')}
        </Button>
        <Button onClick={importFaqs} loading={busy === 'import'} disabled={exists === false} data-testid="faq-index-import">
          {t('importIndex')}
        </Button>
        <Button danger onClick={clear} loading={busy === 'clear'} disabled={exists === false} data-testid="faq-index-clear">
          {t('clearIndex')}
        </Button>
        <Button danger onClick={remove} loading={busy === 'delete'} disabled={exists === false} data-testid="faq-index-delete">
          {t('deleteIndex')}
        </Button>
      </Space>
    </Card>
  );
}
