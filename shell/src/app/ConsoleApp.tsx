import type { Lang } from '@console/sdk';
import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { ANTD_LOCALES } from './antdLocales';
import { ConsoleLayout } from './Layout';
import { SessionWiring } from './SessionWiring';
import { CONSOLE_THEME } from './theme';

/** The signed-in console: antd's theme and locale, the request layer's toasts, the layout. */
export default function ConsoleApp() {
  const { i18n } = useTranslation();
  const [lang, setLang] = useState<Lang>(i18n.language as Lang);
  useEffect(() => {
    const onChange = (next: string) => setLang(next as Lang);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={CONSOLE_THEME}>
      <AntApp>
        <SessionWiring />
        <ConsoleLayout />
      </AntApp>
    </ConfigProvider>
  );
}
