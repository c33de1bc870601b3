// Seven languages, complete, for this remote (the same rule as shell/src/locales/complete.test.ts):
// every key English has exists, non-empty, in each language, with the same placeholders; and
// every library, region, QR purpose, cloud service, access right and language the server knows
// has its label.
import { describe, expect, it } from 'vitest';

import { resources } from './i18n';
import { ACCESS_RIGHTS, CLOUD_SERVICES, LANGS, LIBRARIES, QR_PURPOSES, REGIONS } from './types';

/** The keys English has that `lang` lacks or leaves empty. */
function missing(lang: (typeof LANGS)[number]): string[] {
  const theirs = (resources[lang] ?? {}) as Record<string, unknown>;
  return Object.keys(resources.en ?? {}).filter((key) => typeof theirs[key] !== 'string' || theirs[key] === '');
}

/** Placeholders such as {{name}} in a text. */
const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('remote app: seven languages, complete', () => {
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

  it('labels every library, region, QR purpose, cloud service, access right and language', () => {
    const en = resources.en as Record<string, unknown>;
    const keys = [
      ...LIBRARIES.map((s) => `library_${s}`),
      ...REGIONS.map((s) => `region_${s}`),
      ...QR_PURPOSES.map((s) => `purpose_${s}`),
      ...CLOUD_SERVICES.map((s) => `cloud_${s}`),
      ...ACCESS_RIGHTS.map((s) => `right_${s}`),
      ...LANGS.map((s) => `lang_${s}`),
    ];
    expect(keys.filter((key) => !en[key])).toEqual([]);
  });
});
