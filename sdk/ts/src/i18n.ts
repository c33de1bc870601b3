import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

import type { Lang } from './types';

/** A remote's own strings: per language, a flat or nested object of texts. */
export type Resources = Partial<Record<Lang, Record<string, unknown>>>;

const added = new Set<string>();

/**
 * Adds a namespace's strings to the shell's i18next (once) and returns its `t`. Remotes never
 * initialise i18next themselves: they follow the shell's language.
 */
export function useNamespace(ns: string, resources: Resources) {
  if (!added.has(ns)) {
    for (const [lng, strings] of Object.entries(resources)) {
      i18next.addResourceBundle(lng, ns, strings, true, true);
    }
    added.add(ns);
  }
  return useTranslation(ns);
}
