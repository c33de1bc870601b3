import { ResourcePage } from '@console/sdk/ui';
import { Form, Input, InputNumber, Select, Switch, Tag, Typography } from 'antd';

import { LanguageSelect, Link, noSpaces, useLanguageLabel, useLanguages, useLinkRules, useTexts, ViewGuard, when } from './parts';
import { param, PATHS } from './service';
import { type LanguageOption, MAX_LINK, MAX_SORT, PORTAL_KINDS, type PortalEntry, type PortalKind } from './types';

/** What an entry's form sends. */
export function portalBody(values: Record<string, unknown>): Record<string, unknown> {
  const text = (key: string) => String(values[key] ?? '').trim();
  return {
    kind: text('kind'),
    language: text('language'),
    title: text('title'),
    summary: text('summary'),
    body: String(values.body ?? ''),
    link: text('link'),
    sort: typeof values.sort === 'number' ? values.sort : 0,
    published: values.published === true,
  };
}

function PortalFields({ languages }: { languages: LanguageOption[] }) {
  const { t } = useTexts();
  const kind = Form.useWatch<PortalKind | undefined>('kind');
  const linkRules = useLinkRules(kind === 'banner');
  const required = { required: true, message: t('required') };
  return (
    <>
      <Form.Item name="kind" label={t('portalKind')} rules={[required]}>
        <Select data-testid="portal-kind" options={PORTAL_KINDS.map((k) => ({ value: k, label: t(`portalKind_${k}`) }))} />
      </Form.Item>
      <Form.Item name="language" label={t('language')} rules={[{ ...required, whitespace: true }, { max: 16 }]}>
        <LanguageSelect list={languages} testId="portal-language" />
      </Form.Item>
      <Form.Item name="title" label={t('portalTitle')} rules={[{ ...required, whitespace: true }, { max: 120 }]}>
        <Input maxLength={120} data-testid="portal-title" />
      </Form.Item>
      <Form.Item name="summary" label={t('portalSummary')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="body" label={t('portalBody')} extra={t('portalBodyHint')} rules={kind === 'banner' ? [{ max: 100000 }] : [{ ...required, whitespace: true }, { max: 100000 }]}>
        <Input.TextArea rows={8} data-testid="portal-body" />
      </Form.Item>
      <Form.Item name="link" label={t('portalLink')} extra={t('portalLinkHint')} rules={linkRules} normalize={noSpaces}>
        <Input maxLength={MAX_LINK} placeholder="https://" data-testid="portal-link" />
      </Form.Item>
      <Form.Item name="sort" label={t('sort')} extra={t('sortHint', { max: MAX_SORT })} rules={[{ type: 'integer', min: 0, max: MAX_SORT, message: t('sortRule', { max: MAX_SORT }) }]}>
        <InputNumber min={0} max={MAX_SORT} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="published" label={t('portalPublished')} valuePropName="checked" extra={t('portalPublishedHint')}>
        <Switch data-testid="portal-published" />
      </Form.Item>
    </>
  );
}

/** Portal content (/content/portal): banners, news, announcements and pages of the public website. */
export default function Portal() {
  const { t } = useTexts();
  const languages = useLanguages('portal');
  const languageLabel = useLanguageLabel(languages);
  return (
    <ViewGuard action="content:portal:view">
      <ResourcePage<PortalEntry>
        title={t('portal')}
        path={PATHS.portal}
        testId="portal"
        name={(row) => row.title}
        actions={{ add: 'content:portal:edit', edit: 'content:portal:edit', delete: 'content:portal:delete' }}
        addLabel={t('addPortal')}
        addTestId="add-portal"
        formWidth={720}
        defaults={{ kind: 'news', sort: 0, published: false }}
        query={(values) => ({ kind: param(values.kind), language: param(values.language), title: param(values.title) })}
        transform={portalBody}
        search={
          <>
            <Form.Item name="kind" label={t('portalKind')}>
              <Select allowClear style={{ width: 160 }} options={PORTAL_KINDS.map((k) => ({ value: k, label: t(`portalKind_${k}`) }))} />
            </Form.Item>
            <Form.Item name="language" label={t('language')}>
              <LanguageSelect list={languages} testId="portal-language-filter" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="title" label={t('portalTitle')}>
              <Input allowClear />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'title', title: t('portalTitle'), render: (_, row) => <Typography.Text strong>{row.title}</Typography.Text> },
          { key: 'kind', title: t('portalKind'), render: (_, row) => t(`portalKind_${row.kind}`) },
          { key: 'language', title: t('language'), render: (_, row) => languageLabel(row.language) },
          { key: 'link', title: t('portalLink'), render: (_, row) => (row.link ? <Link href={row.link} /> : '—') },
          { key: 'sort', title: t('sort'), dataIndex: 'sort' },
          { key: 'published', title: t('portalPublished'), render: (_, row) => (row.published ? <Tag color="green">{t('portalPublishedTag')}</Tag> : <Tag>{t('portalDraft')}</Tag>) },
          { key: 'publishedAt', title: t('portalPublishedAt'), render: (_, row) => when(row.publishedAt) },
          { key: 'updatedAt', title: t('updatedAt'), render: (_, row) => when(row.updatedAt) },
        ]}
        form={<PortalFields languages={languages} />}
      />
    </ViewGuard>
  );
}
