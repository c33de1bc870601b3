import { api, LANGUAGES, RequestError, session, type ApiSchemas, type Lang } from '@console/sdk';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { LANGUAGE_NAMES } from '../i18n';
import { usePageTitle } from './title';

type LoginAnswer = ApiSchemas['LoginAnswer'];

/** The sign-in screen: plain elements, no antd, so the first screen loads little. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  usePageTitle(t('login.submit'));
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const userName = String(form.get('userName') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!userName || !password) {
      setError(t('login.required'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      // The host keeps the session in an HttpOnly cookie; the answer's token is empty.
      const { token: _inTheCookie, ...user } = await api.post<LoginAnswer>('/authority-service/authority/login', { userName, password }, { quiet: true });
      session.setUser(user);
      session.setTenant(user.tenantId === 0 ? '0' : String(user.tenantId));
      window.location.replace('/');
    } catch (cause) {
      setError(cause instanceof RequestError ? cause.message : t('errors.systemException'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="login-screen">
      <select className="login-lang" aria-label={t('layout.language')} value={i18n.language} onChange={(e) => void i18n.changeLanguage(e.target.value as Lang)} data-testid="login-language">
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </select>
      <form className="login-card" onSubmit={(e) => void submit(e)} noValidate>
        <div className="login-logo" aria-hidden="true" />
        <h1>{t('login.title')}</h1>
        <p className="login-subtitle">{t('login.subtitle')}</p>
        <label>
          {t('login.userName')}
          <input name="userName" autoComplete="username" autoFocus aria-describedby="login-user-hint" />
          <small id="login-user-hint" className="login-hint">
            {t('login.userNameHint')}
          </small>
        </label>
        <label>
          {t('login.password')}
          <input name="password" type="password" autoComplete="current-password" />
        </label>
        {error && (
          <p className="login-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? '…' : t('login.submit')}
        </button>
      </form>
    </div>
  );
}
