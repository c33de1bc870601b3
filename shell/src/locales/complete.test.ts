// Seven languages, complete: every string a user can see exists in each of the
// console's languages, in the shell, the SDK and every remote. A key English has and another
// language lacks fails here (it would fall back to English on screen).
import { describe, expect, it } from 'vitest';

import { sdkStrings } from '../../../sdk/ts/src/sdk-i18n';
import de from './de';
import en from './en';
import es from './es';
import fr from './fr';
import pt from './pt';
import ru from './ru';
import zhCn from './zhCn';

const LANGS = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'] as const;

/** Every leaf of a resource tree as `a.b.c`, with its text. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (tree && typeof tree === 'object' && !Array.isArray(tree)) {
    for (const [key, value] of Object.entries(tree)) {
      for (const [leaf, text] of leaves(value, prefix ? `${prefix}.${key}` : key)) found.set(leaf, text);
    }
  } else {
    found.set(prefix, tree);
  }
  return found;
}

/** The keys English has that `lang` lacks or leaves empty. */
function missing(bundles: Record<string, unknown>, lang: string): string[] {
  const theirs = leaves(bundles[lang]);
  return [...leaves(bundles.en).keys()].filter((key) => {
    const text = theirs.get(key);
    return text === undefined || text === '' || (Array.isArray(text) && text.length === 0);
  });
}

/** Every remote's strings, found on disk: a new remote is checked without being listed here. */
const REMOTES = import.meta.glob<{ resources: Record<string, unknown> }>('../../../remotes/*/src/i18n.ts', { eager: true });

const BUNDLES: Record<string, Record<string, unknown>> = {
  shell: { zhCn, en, de, es, fr, pt, ru },
  sdk: sdkStrings,
  ...Object.fromEntries(Object.entries(REMOTES).map(([path, module]) => [`remote ${path.split('/remotes/')[1].split('/')[0]}`, module.resources])),
};

it('finds every remote', () => {
  expect(Object.keys(BUNDLES)).toEqual(expect.arrayContaining(['remote device', 'remote pet', 'remote upgrade']));
});

describe('seven languages, complete', () => {
  for (const [name, bundles] of Object.entries(BUNDLES)) {
    it.each(LANGS.filter((l) => l !== 'en'))(`${name}: %s has every key English has`, (lang) => {
      expect(missing(bundles, lang)).toEqual([]);
    });
  }
});
