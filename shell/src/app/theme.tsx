import type { Lang } from '@console/sdk';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { ANTD_LOCALES } from './antdLocales';

/**
 * antd's default blue under white text is 4.1:1 and its tertiary text (#8c8c8c) 3.4:1, short of
 * WCAG AA's 4.5:1 (the axe check of every page in e2e/every-page.e2e.mjs): a darker primary (antd's
 * blue-7) and darker secondary texts and placeholders.
 */
export const CONSOLE_THEME = {
  algorithm: theme.defaultAlgorithm,
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // antd derives a lighter hover (#2e7ae6, 4.2:1 under white text); hovered and pressed
    // buttons and links stay at AA too (5.8:1, 7.2:1).
    colorPrimaryHover: '#165fd3',
    colorPrimaryActive: '#0b4fc2',
    colorLinkHover: '#165fd3',
    colorLinkActive: '#0b4fc2',
    // antd's red (#ff4d4f) is 3.3:1 on white, as text and under white text.
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
};

/** antd's theme and locale, following the language i18next switches to, around `children`. */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  const { i18n, t } = useTranslation();
  const [lang, setLang] = useState<Lang>(i18n.language as Lang);
  useEffect(() => {
    const onChange = (next: string) => setLang(next as Lang);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return (
    // antd's message for a value a pattern refuses shows the pattern (`/^[A-Za-z0-9_-]+$/`) to
    // the user: every form of the shell and the remotes says it in words instead.
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={CONSOLE_THEME} form={{ validateMessages: { pattern: { mismatch: t('form.patternMismatch', { lng: lang }) } } }}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
