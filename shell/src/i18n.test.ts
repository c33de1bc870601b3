import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

import { session } from '@console/sdk';

import { fromBrowserTag, initialLanguage, setupI18n } from './i18n';

describe('the console language', () => {
  it('defaults to Simplified Chinese', () => {
    expect(initialLanguage(null, [])).toBe('zhCn');
    expect(initialLanguage(null, ['ja-JP', 'ko'])).toBe('zhCn');
  });

  it('takes the browser language when it is one of the seven', () => {
    expect(initialLanguage(null, ['ja-JP', 'fr-FR', 'en'])).toBe('fr');
    expect(initialLanguage(null, ['zh-TW'])).toBe('zhCn');
    expect(fromBrowserTag('pt-BR')).toBe('pt');
  });

  it('keeps the stored choice', () => {
    expect(initialLanguage('ru', ['en-US'])).toBe('ru');
    expect(initialLanguage('xx', ['de'])).toBe('de');
  });

  it('switches language, remembers it and translates', async () => {
    localStorage.clear();
    setupI18n();
    await i18next.changeLanguage('en');
    expect(i18next.t('menu.103')).toBe('Roles');
    expect(session.lang()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await i18next.changeLanguage('zhCn');
    expect(i18next.t('menu.103')).toBe('角色管理');
    expect(document.documentElement.lang).toBe('zh-CN');
    await i18next.changeLanguage('de');
    expect(i18next.t('layout.logout')).toBe('Abmelden');
    expect(i18next.t('tenants.creditCode')).toBe('Einheitlicher Sozialkreditcode');
  });
});
