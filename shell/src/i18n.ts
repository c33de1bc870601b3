import { LANGUAGES, type Lang, session } from '@console/sdk';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/pt';
import 'dayjs/locale/ru';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import de from './locales/de';
import en from './locales/en';
import es from './locales/es';
import fr from './locales/fr';
import pt from './locales/pt';
import ru from './locales/ru';
import zhCn from './locales/zhCn';

const DAYJS_LOCALES: Record<Lang, string> = { zhCn: 'zh-cn', en: 'en', de: 'de', es: 'es', fr: 'fr', pt: 'pt', ru: 'ru' };
export const LANGUAGE_NAMES: Record<Lang, string> = { zhCn: '简体中文', en: 'English', de: 'Deutsch', es: 'Español', fr: 'Français', pt: 'Português', ru: 'Русский' };

/** The console's language for a browser tag: one of the seven, else undefined. */
export function fromBrowserTag(tag: string): Lang | undefined {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zhCn';
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Lang) : undefined;
}

/** The stored choice, else the first browser language among the seven, else Simplified Chinese. */
export function initialLanguage(stored: string | null, browser: readonly string[]): Lang {
  if (stored && (LANGUAGES as readonly string[]).includes(stored)) return stored as Lang;
  for (const tag of browser) {
    const lang = fromBrowserTag(tag);
    if (lang) return lang;
  }
  return 'zhCn';
}

export function setupI18n() {
  const lng = initialLanguage(session.lang(), navigator.languages ?? [navigator.language]);
  void i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { zhCn: { translation: zhCn }, en: { translation: en }, de: { translation: de }, es: { translation: es }, fr: { translation: fr }, pt: { translation: pt }, ru: { translation: ru } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  dayjs.locale(DAYJS_LOCALES[lng]);
  i18next.on('languageChanged', (next) => {
    const lang = next as Lang;
    session.setLang(lang);
    dayjs.locale(DAYJS_LOCALES[lang] ?? 'en');
    document.documentElement.lang = lang === 'zhCn' ? 'zh-CN' : lang;
  });
  return i18next;
}

/** Adds a plugin's manifest translations (`menu.<id>` keys) to the shell's namespace. */
export function addPluginTranslations(translations: Record<string, Record<string, string>>) {
  for (const [lng, texts] of Object.entries(translations)) {
    const menu: Record<string, string> = {};
    for (const [key, text] of Object.entries(texts)) {
      if (key.startsWith('menu.')) menu[key.slice(5)] = text;
    }
    i18next.addResourceBundle(lng, 'translation', { menu }, true, true);
  }
}
