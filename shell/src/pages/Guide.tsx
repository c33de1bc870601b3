import { api, useCurrentUser, type ApiSchemas } from '@console/sdk';
import { Card, Col, Empty, Input, List, Row, Steps, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PageCard } from './common';

type Entry = ApiSchemas['GuideEntry'];
type GuideDocument = ApiSchemas['GuideDocument'];

/** The operation guide: first steps, then the help documents in the user's language, searchable. */
export default function Guide() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const steps = t('guide.steps', { returnObjects: true }) as string[];
  const [question, setQuestion] = useState('');
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [open, setOpen] = useState<GuideDocument | null>(null);

  useEffect(() => {
    setEntries(null);
    api.get<Entry[]>(`/authority-service/guide/list?q=${encodeURIComponent(question)}`).then(setEntries, () => setEntries([]));
  }, [question, i18n.language]);
  useEffect(() => {
    const slug = open?.slug ?? entries?.[0]?.slug;
    if (!slug || (open && open.slug === slug && entries === null)) return;
    api.get<GuideDocument>(`/authority-service/guide/document?slug=${encodeURIComponent(slug)}`).then(setOpen, () => setOpen(null));
    // Reopen the same document when the language changes; the first one otherwise.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language, entries === null ? null : entries[0]?.slug]);

  const show = (slug: string) => api.get<GuideDocument>(`/authority-service/guide/document?slug=${encodeURIComponent(slug)}`).then(setOpen);
  return (
    <PageCard title={t('menu.1')}>
      <Typography.Title level={3}>{t('guide.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {user?.name} · {t('guide.intro')}
      </Typography.Paragraph>
      <Steps direction="vertical" size="small" current={-1} items={(Array.isArray(steps) ? steps : []).map((title) => ({ title }))} />
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card size="small" title={t('guide.documents')}>
            <Input.Search allowClear placeholder={t('guide.search')} aria-label={t('guide.search')} onSearch={setQuestion} data-testid="guide-search" style={{ marginBottom: 8 }} />
            <List<Entry>
              loading={entries === null}
              dataSource={entries ?? []}
              locale={{ emptyText: <Empty description={t('guide.noResults', { q: question })} /> }}
              renderItem={(entry) => (
                <List.Item style={{ cursor: 'pointer' }} onClick={() => void show(entry.slug)} data-testid={`guide-${entry.slug}`}>
                  <List.Item.Meta title={<a aria-current={open?.slug === entry.slug ? 'page' : undefined}>{entry.title}</a>} description={entry.excerpt} />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} md={16}>
          {open && (
            <Card size="small" title={open.title} data-testid="guide-document">
              {/* The host renders the Markdown with raw HTML escaped (host/src/guide.rs). */}
              <div className="guide-document" dangerouslySetInnerHTML={{ __html: open.html }} />
            </Card>
          )}
        </Col>
      </Row>
    </PageCard>
  );
}
