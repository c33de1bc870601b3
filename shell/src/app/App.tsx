import { session, type Lang } from '@console/sdk';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';

import { ANTD_LOCALES } from '../i18n';
import { ConsoleLayout } from './Layout';
import { LoginPage } from './Login';
import { SessionWiring } from './SessionWiring';

/** Without a stored authorization every route goes to /login; with one, /login is not shown. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  return session.token() ? <>{children}</> : <Navigate to="/login" replace />;
}

export function App() {
  const { i18n } = useTranslation();
  const [lang, setLang] = useState<Lang>(i18n.language as Lang);
  useEffect(() => {
    const onChange = (next: string) => setLang(next as Lang);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[lang]} theme={{ algorithm: theme.defaultAlgorithm, token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntApp>
        <BrowserRouter>
          <SessionWiring />
          <Routes>
            <Route path="/login" element={session.token() ? <Navigate to="/" replace /> : <LoginPage />} />
            <Route
              path="/*"
              element={
                <RequireAuth>
                  <ConsoleLayout />
                </RequireAuth>
              }
            />
          </Routes>
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
