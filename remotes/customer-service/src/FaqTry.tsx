// "Try a question": what a question finds in the FAQ index, best first, as end users' questions
// would find it. A refusal (no index yet) is the server's, toasted by the request layer.
import { Card, Empty, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';

import { LanguageSelect, useTexts } from './parts';
import { faqs } from './service';
import { type FaqHit, type LanguageChoice, MAX_QUESTION } from './types';

/** Hits best first (the server sends them so; kept so whatever the order they came in). */
export const bestFirst = (hits: FaqHit[]) => [...hits].sort((a, b) => b.score - a.score);

export function FaqTryPanel({ languages }: { languages: LanguageChoice[] }) {
  const { t } = useTexts();
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [hits, setHits] = useState<FaqHit[] | null>(null);
  const [busy, setBusy] = useState(false);

  const search = (text: string) => {
    const q = text.trim();
    if (!q) return;
    setBusy(true);
    faqs
      .search(q, language)
      .then(
        (found) => setHits(bestFirst(found)),
        () => setHits(null),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Card title={t('tryQuestion')} variant="borderless" data-testid="faq-try">
      <Typography.Paragraph type="secondary">{t('tryQuestionHint')}</Typography.Paragraph>
      <Space.Compact style={{ width: '100%' }}>
        <LanguageSelect list={languages} value={language} onChange={setLanguage} allowClear placeholder={t('allLanguages')} testId="faq-try-language" style={{ width: 200 }} />
        <Input.Search
          placeholder={t('tryQuestionPlaceholder')}
          enterButton={t('tryButton')}
          maxLength={MAX_QUESTION}
          loading={busy}
          onSearch={search}
          aria-label={t('tryQuestion')}
          data-testid="faq-try-input"
        />
      </Space.Compact>
      {hits !== null && (
        <div data-testid="faq-try-results" style={{ marginTop: 16 }}>
          {hits.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tryNothingFound')} data-testid="faq-try-empty" />
          ) : (
            <ol style={{ margin: 0, paddingInlineStart: 20 }}>
              {hits.map((hit) => (
                <li key={hit.id} data-testid={`faq-try-hit-${hit.id}`} style={{ marginBottom: 12 }}>
                  <Space size={8} wrap>
                    <Typography.Text strong>{hit.question}</Typography.Text>
                    <Tag color="blue" data-testid={`faq-try-score-${hit.id}`}>
                      {t('score', { score: hit.score.toFixed(2) })}
                    </Tag>
                  </Space>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, expandable: true }} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
                    {hit.answer}
                  </Typography.Paragraph>
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </Card>
  );
}
