// Seven languages, complete, for this remote (the same rule as shell/src/locales/complete.test.ts,
// which finds this remote on disk too): every key English has exists, non-empty, in each
// language, with the same placeholders; and every role an FAQ can be for has its label.
import { describe, expect, it } from 'vitest';

import { resources } from './i18n';
import { LANGS, ROLES } from './types';

/** The keys English has that `lang` lacks or leaves empty. */
function missing(lang: (typeof LANGS)[number]): string[] {
  const theirs = (resources[lang] ?? {}) as Record<string, unknown>;
  return Object.keys(resources.en ?? {}).filter((key) => typeof theirs[key] !== 'string' || theirs[key] === '');
}

/** Placeholders such as {{name}} in a text. */
const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('remote customer-service: seven languages, complete', () => {
  it('has all seven languages', () => {
    expect(Object.keys(resources).sort()).toEqual([...LANGS].sort());
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has every key English has', (lang) => {
    expect(missing(lang)).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s keeps every placeholder of the English text', (lang) => {
    const en = resources.en as Record<string, unknown>;
    const theirs = resources[lang] as Record<string, unknown>;
    const differing = Object.keys(en).filter((key) => placeholders(en[key]).join() !== placeholders(theirs[key]).join());
    expect(differing).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s has no key English lacks', (lang) => {
    const en = resources.en as Record<string, unknown>;
    expect(Object.keys(resources[lang] ?? {}).filter((key) => !(key in en))).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s translates what it shows, not only copies the English', (lang) => {
    const en = resources.en as Record<string, string>;
    const theirs = resources[lang] as Record<string, string>;
    // Texts that are the same in English and elsewhere by nature (codes, "FAQ", "Index", "Name").
    const same = new Set([
      'faq',
      'indexState',
      'score',
      'actions',
      'question',
      'image',
      'languageCode',
      'none',
      'defaultTag',
      'role_all',
      'languageName',
      // Words the languages share with English: Status, Details, Online, Chat, App, Console, Type, Description, Note, Assistant, units.
      'status',
      'seatStatus',
      'details',
      'type_online',
      'type_offline',
      'channel_chat',
      'channel_app',
      'channel_console',
      'live',
      'orderType',
      'description',
      'note',
      'bot',
      'minutes',
      'hours',
      'days',
      'status_urgent',
      'offline',
      'no',
      'minutesUnit',
      'queue',
    ]);
    const copied = Object.keys(en).filter((key) => !same.has(key) && theirs[key] === en[key]);
    expect(copied).toEqual([]);
  });

  it('labels every role an FAQ can be for, "everyone" included', () => {
    for (const lang of LANGS) {
      const texts = resources[lang] as Record<string, unknown>;
      expect(ROLES.map((role) => `role_${role || 'all'}`).filter((key) => !texts[key])).toEqual([]);
    }
  });
});
