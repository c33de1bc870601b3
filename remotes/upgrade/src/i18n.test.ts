// Seven languages, complete, for this remote (the same rule as shell/src/locales/complete.test.ts):
// every key English has exists, non-empty, in each language; and every status, state, source and
// package type the server sends has its label, for firmware and for app packages.
import { describe, expect, it } from 'vitest';

import { resources } from './i18n';
import { APP_PACKAGE_TYPES, APP_STATUSES, EXEC_STATES, FILE_SOURCES, GRAY_MODES, PACKAGE_TYPES, PLATFORMS, POLICIES, PUBLICATIONS, REGIONS, SOURCES, STATUSES } from './types';

const LANGS = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'] as const;

/** The keys English has that `lang` lacks or leaves empty. */
function missing(lang: (typeof LANGS)[number]): string[] {
  const theirs = (resources[lang] ?? {}) as Record<string, unknown>;
  return Object.keys(resources.en ?? {}).filter((key) => typeof theirs[key] !== 'string' || theirs[key] === '');
}

/** Placeholders such as {{name}} in a text. */
const placeholders = (text: unknown) => [...String(text).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('remote upgrade: seven languages, complete', () => {
  it.each(LANGS.filter((l) => l !== 'en'))('%s has every key English has', (lang) => {
    expect(missing(lang)).toEqual([]);
  });

  it.each(LANGS.filter((l) => l !== 'en'))('%s keeps every placeholder of the English text', (lang) => {
    const en = resources.en as Record<string, unknown>;
    const theirs = resources[lang] as Record<string, unknown>;
    const differing = Object.keys(en).filter((key) => placeholders(en[key]).join() !== placeholders(theirs[key]).join());
    expect(differing).toEqual([]);
  });

  it('labels every status, execution state, source, package type, gray mode and language', () => {
    const en = resources.en as Record<string, unknown>;
    const keys = [
      ...STATUSES.map((s) => `status_${s}`),
      ...[...EXEC_STATES, 'waiting'].map((s) => `state_${s}`),
      ...SOURCES.map((s) => `source_${s}`),
      ...PACKAGE_TYPES.map((s) => `type_${s}`),
      ...GRAY_MODES.map((s) => `grayMode_${s}`),
      ...LANGS.map((s) => `lang_${s}`),
    ];
    expect(keys.filter((key) => !en[key])).toEqual([]);
  });

  it('labels every app status, publication, platform, package type, region, file source and policy', () => {
    const en = resources.en as Record<string, unknown>;
    const keys = [
      ...APP_STATUSES.map((s) => `appStatus_${s}`),
      ...PUBLICATIONS.map((s) => `publication_${s}`),
      ...PLATFORMS.map((s) => `platform_${s}`),
      ...APP_PACKAGE_TYPES.map((s) => `appType_${s}`),
      ...REGIONS.map((s) => `region_${s}`),
      ...FILE_SOURCES.map((s) => `fileSource_${s}`),
      ...POLICIES.map((s) => `policy_${s}`),
    ];
    expect(keys.filter((key) => !en[key])).toEqual([]);
  });
});
