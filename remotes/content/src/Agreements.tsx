import { ResourcePage } from '@console/sdk/ui';
import { App, Form, Input, Select, Space, Tag, Typography } from 'antd';

import { LanguageSelect, Link, noSpaces, useEnterprises, useLanguageLabel, useLanguages, useLinkRules, useTexts, useTypeLabel, useTypeOptions, ViewGuard, when } from './parts';
import { param, PATHS } from './service';
import { type Agreement, type Enterprise, type LanguageOption, MAX_CONTENT, MAX_LINK } from './types';

/** What an agreement's form sends: the enterprise as its number, trimmed texts, no address as empty. */
export function agreementBody(values: Record<string, unknown>): Record<string, unknown> {
  return {
    enterpriseId: typeof values.enterpriseId === 'number' ? values.enterpriseId : Number(values.enterpriseId),
    language: String(values.language ?? ''),
    type: String(values.type ?? ''),
    content: String(values.content ?? ''),
    address: String(values.address ?? '').trim(),
  };
}

/** The first characters of an agreement's text, on one line. */
const preview = (content: string) => content.replace(/\s+/g, ' ').trim();

function AgreementFields({ editing, enterprises, languages }: { editing: Partial<Agreement>; enterprises: Enterprise[]; languages: LanguageOption[] }) {
  const { t } = useTexts();
  const types = useTypeOptions();
  const linkRules = useLinkRules(false);
  const required = { required: true, message: t('required') };
  // The stored enterprise stays choosable when it is no longer among the options.
  const enterpriseOptions = enterprises.map((e) => ({ value: e.id, label: e.tenantName }));
  if (editing.enterpriseId !== undefined && !enterprises.some((e) => e.id === editing.enterpriseId)) {
    enterpriseOptions.push({ value: editing.enterpriseId, label: editing.enterpriseName || `#${editing.enterpriseId}` });
  }
  return (
    <>
      <Typography.Paragraph type="secondary">{t('oneAgreementHint')}</Typography.Paragraph>
      <Space wrap align="start">
        <Form.Item name="enterpriseId" label={t('enterprise')} rules={[required]}>
          <Select style={{ width: 260 }} showSearch={{ optionFilterProp: 'label' }} placeholder={t('chooseEnterprise')} data-testid="agreement-enterprise" options={enterpriseOptions} />
        </Form.Item>
        <Form.Item name="language" label={t('language')} rules={[required]}>
          <LanguageSelect list={languages} testId="agreement-language" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="type" label={t('agreementType')} rules={[required]}>
          <Select style={{ width: 200 }} placeholder={t('chooseType')} data-testid="agreement-type" options={types} />
        </Form.Item>
      </Space>
      <Form.Item name="content" label={t('content')} extra={t('contentHint')} rules={[{ ...required, whitespace: true }, { max: MAX_CONTENT }]}>
        <Input.TextArea rows={12} maxLength={MAX_CONTENT} showCount data-testid="agreement-content" />
      </Form.Item>
      <Form.Item name="address" label={t('address')} extra={t('agreementAddressHint')} rules={linkRules} normalize={noSpaces}>
        <Input maxLength={MAX_LINK} placeholder="https://" data-testid="agreement-address" />
      </Form.Item>
    </>
  );
}

/**
 * Agreements (/content/agreement): the user agreement, privacy policy, children's privacy and
 * third-party sharing an app shows, one per enterprise, language and type.
 */
export default function Agreements() {
  const { t } = useTexts();
  const { modal } = App.useApp();
  const enterprises = useEnterprises();
  const languages = useLanguages('agreement');
  const languageLabel = useLanguageLabel(languages);
  const typeLabel = useTypeLabel();
  const types = useTypeOptions();

  /** The whole text, read in a dialog. */
  const show = (row: Agreement) =>
    modal.info({
      title: `${row.enterpriseName || `#${row.enterpriseId}`} · ${typeLabel(row.type)} · ${languageLabel(row.language)}`,
      width: 760,
      content: (
        <div style={{ whiteSpace: 'pre-wrap', maxHeight: '60vh', overflow: 'auto' }} data-testid="agreement-full-content">
          {row.content}
        </div>
      ),
    });

  return (
    <ViewGuard action="content:agreement:view">
      <ResourcePage<Agreement>
        title={t('agreements')}
        path={PATHS.agreements}
        testId="agreements"
        name={(row) => row.enterpriseName}
        actions={{ add: 'content:agreement:edit', edit: 'content:agreement:edit', delete: 'content:agreement:delete' }}
        addLabel={t('addAgreement')}
        addTestId="add-agreement"
        formWidth={800}
        query={(values) => ({ enterpriseId: param(values.enterpriseId), language: param(values.language), type: param(values.type) })}
        transform={agreementBody}
        search={
          <>
            <Form.Item name="enterpriseId" label={t('enterprise')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 200 }}
                data-testid="agreement-enterprise-filter"
                options={enterprises.map((e) => ({ value: e.id, label: e.tenantName }))}
              />
            </Form.Item>
            <Form.Item name="language" label={t('language')}>
              <LanguageSelect list={languages} testId="agreement-language-filter" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="type" label={t('agreementType')}>
              <Select allowClear style={{ width: 180 }} data-testid="agreement-type-filter" options={types} />
            </Form.Item>
          </>
        }
        columns={[
          { key: 'enterprise', title: t('enterprise'), render: (_, row) => row.enterpriseName || `#${row.enterpriseId}` },
          { key: 'language', title: t('language'), render: (_, row) => languageLabel(row.language) },
          { key: 'type', title: t('agreementType'), render: (_, row) => <Tag data-testid={`type-${row.id}`}>{typeLabel(row.type)}</Tag> },
          {
            key: 'content',
            title: t('content'),
            render: (_, row) => (
              <Typography.Text ellipsis style={{ maxWidth: 280 }}>
                {preview(row.content).slice(0, 200)}
              </Typography.Text>
            ),
          },
          { key: 'address', title: t('address'), render: (_, row) => <Link href={row.address} /> },
          { key: 'updatedAt', title: t('updatedAt'), render: (_, row) => when(row.updatedAt) },
        ]}
        rowExtra={(row) => (
          <a onClick={() => show(row)} data-testid={`show-${row.id}`}>
            {t('showContent')}
          </a>
        )}
        form={(editing) => <AgreementFields editing={editing} enterprises={enterprises} languages={languages} />}
      />
    </ViewGuard>
  );
}
