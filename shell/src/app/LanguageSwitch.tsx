import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Lang } from '@console/sdk';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

import { LANGUAGE_NAMES } from '../i18n';

/** zhCn, en, de, es, fr, pt, ru; antd and dayjs follow through i18next's languageChanged. */
export function LanguageSwitch() {
  const { i18n, t } = useTranslation();
  const current = i18n.language as Lang;
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((lang) => ({ key: lang, label: <span data-testid={`lang-${lang}`}>{LANGUAGE_NAMES[lang]}</span> })),
        onClick: ({ key }) => void i18n.changeLanguage(key),
      }}
    >
      {/* The name holds the visible text (WCAG 2.5.3, label in name): "Language: English". */}
      <Button type="text" icon={<GlobalOutlined />} aria-label={`${t('layout.language')}: ${LANGUAGE_NAMES[current]}`} data-testid="language-switch">
        {LANGUAGE_NAMES[current]}
      </Button>
    </Dropdown>
  );
}
