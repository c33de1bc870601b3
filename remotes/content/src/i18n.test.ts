// Seven languages, complete, for this remote (the same rule as shell/src/locales/complete.test.ts,
// which finds this remote on disk too): every key English has exists, non-empty, in each
// language, with the same placeholders; and every agreement type, feedback status, mail outcome
// and console language has its label.
import { describe, expect, it } from 'vitest';

import { resources } from './i18n';
import { AGREEMENT_TYPES, FEEDBACK_STATUSES, LANGS } from './types';

/** The keys English has that `lang` lacks or leaves empty. */
function missing(lang: (typeof LANGS)[number]): string[] {
  const theirs = (resources[lang] ?? {}) as Record<string, unknown>;
  return Object.keys(resources.en ?? {}).filter((key) => typeof theirs[key] !== 'string' || theirs[key] === '');
}

/** Placeholders such as {{name}} in a text. */
const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('remote content: seven languages, complete', () => {
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
    // Words that are the same in English and elsewhere by nature (Status, Actions, Type, Name;
    // Banner, Text and Link in German, Page in French).
    const same = new Set(['actions', 'description', 'contact', 'status', 'agreementType', 'recipientName', 'portalKind_banner', 'portalKind_page', 'portalBody', 'portalLink']);
    const copied = Object.keys(en).filter((key) => !same.has(key) && theirs[key] === en[key]);
    expect(copied).toEqual([]);
  });

  it('labels every agreement type, feedback status, mail outcome and console language', () => {
    const keys = [
      ...AGREEMENT_TYPES.map((type) => `type_${type}`),
      ...FEEDBACK_STATUSES.map((status) => `status_${status}`),
      'mail_sent',
      'mail_failed',
      'mail_none',
      ...LANGS.map((lang) => `lang_${lang}`),
    ];
    for (const lang of LANGS) {
      const texts = resources[lang] as Record<string, unknown>;
      expect(keys.filter((key) => !texts[key])).toEqual([]);
    }
  });
});
