import { usePermission } from '@console/sdk';
import { ResourcePage, SearchModeField, useConfirm } from '@console/sdk/ui';
import { App, Form, Input, Switch, Tag } from 'antd';

import { useTexts, ViewGuard } from './parts';
import { LANGUAGE_CODE } from './rules';
import { languages, PATHS } from './service';
import { type Language, MAX_LANGUAGE_CODE, MAX_NAME } from './types';

function LanguageFields({ editing }: { editing: Partial<Language> }) {
  const { t } = useTexts();
  const required = { required: true, whitespace: true, message: t('required') };
  // The default stays until another language is made the default.
  const keepsDefault = editing.id !== undefined && editing.isDefault === true;
  return (
    <>
      <Form.Item name="name" label={t('languageName')} extra={t('languageNameHint')} rules={[required, { max: MAX_NAME }]}>
        <Input maxLength={MAX_NAME} data-testid="language-name" />
      </Form.Item>
      <Form.Item name="englishName" label={t('englishName')} rules={[required, { max: MAX_NAME }]}>
        <Input maxLength={MAX_NAME} data-testid="language-english-name" />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('languageCode')}
        extra={t('languageCodeHint')}
        rules={[
          required,
          { max: MAX_LANGUAGE_CODE, message: t('languageCodeRule', { max: MAX_LANGUAGE_CODE }) },
          { pattern: LANGUAGE_CODE, message: t('languageCodeRule', { max: MAX_LANGUAGE_CODE }) },
        ]}
      >
        <Input maxLength={MAX_LANGUAGE_CODE} data-testid="language-code" />
      </Form.Item>
      <Form.Item name="isDefault" label={t('isDefault')} valuePropName="checked" extra={keepsDefault ? t('defaultKept') : t('defaultHint')}>
        <Switch disabled={keepsDefault} data-testid="language-default" />
      </Form.Item>
    </>
  );
}

/**
 * Service languages (/customerService/language): the languages FAQs are written in and chats are
 * served in; one of them is the default.
 */
export default function Languages() {
  const { t } = useTexts();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const may = usePermission();

  /** Makes `row` the default (the other fields as they are); the old default gives way. */
  const makeDefault = (row: Language, reload: () => void) =>
    confirm(t('setDefaultTitle', { name: row.name }), t('setDefaultHint'), () =>
      languages.update(row.id, { name: row.name, englishName: row.englishName, code: row.code, isDefault: true, version: row.version }).then(
        () => {
          void message.success(t('defaultSet', { name: row.name }));
          reload();
        },
        // Refused (changed meanwhile): the request layer said why.
        () => reload(),
      ),
    );

  return (
    <ViewGuard action="cs:language:view">
      <ResourcePage<Language>
        title={t('serviceLanguages')}
        path={PATHS.languages}
        testId="languages"
        name={(row) => row.name}
        actions={{ add: 'cs:language:edit', edit: 'cs:language:edit', delete: 'cs:language:delete' }}
        addLabel={t('addLanguage')}
        addTestId="add-language"
        defaults={{ isDefault: false }}
        transform={(values) => ({
          name: String(values.name ?? '').trim(),
          englishName: String(values.englishName ?? '').trim(),
          code: String(values.code ?? '').trim(),
          isDefault: values.isDefault === true,
        })}
        search={
          <>
            <Form.Item name="name" label={t('languageName')}>
              <Input allowClear style={{ width: 180 }} />
            </Form.Item>
            <SearchModeField />
          </>
        }
        columns={[
          {
            key: 'name',
            title: t('languageName'),
            render: (_, row) => (
              <>
                {row.name}
                {row.isDefault && (
                  <Tag color="blue" style={{ marginInlineStart: 8 }} data-testid={`default-${row.code}`}>
                    {t('defaultTag')}
                  </Tag>
                )}
              </>
            ),
          },
          { key: 'englishName', title: t('englishName'), dataIndex: 'englishName' },
          { key: 'code', title: t('languageCode'), dataIndex: 'code' },
        ]}
        rowExtra={(row, reload) =>
          may('cs:language:edit') &&
          !row.isDefault && (
            <a onClick={() => makeDefault(row, reload)} data-testid={`set-default-${row.code}`}>
              {t('setDefault')}
            </a>
          )
        }
        form={(editing) => <LanguageFields editing={editing} />}
      />
    </ViewGuard>
  );
}
