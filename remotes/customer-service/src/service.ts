// The customer-service plugin's routes (plugins/customer-service/plugin.toml), as the pages call them.
import { api, type Page } from '@console/sdk';

import type { Faq, FaqHit, FaqIndexState, FaqOptions, Language, ProductOption, QuestionType, TypeNode } from './types';

export const MOUNT = 'customer-service';
export const BASE = `/${MOUNT}`;

/** The resource paths (the SDK's Resource convention: list and add here, one at `<path>/<id>`). */
export const PATHS = {
  faqs: `${BASE}/faqs`,
  questionTypes: `${BASE}/question-types`,
  languages: `${BASE}/languages`,
} as const;

export type Params = Record<string, string | number | boolean | undefined>;
/** Form values as they are sent. */
export type Body = Record<string, unknown>;

const one = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** Options for selects: at most the first 100 (the spec's page size of option lists). */
const OPTIONS = { page: 1, pageSize: 100 };
/** Question types are few and shown as one tree: all of them at once (the server's largest page). */
const ALL_TYPES = 1000;

export const faqs = {
  list: (params: Params) => api.get<Page<Faq>>(PATHS.faqs, params),
  /** Quiet: a refused field shows on it in the form. */
  create: (body: Body) => api.post<Faq>(PATHS.faqs, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<Faq>(one(PATHS.faqs, id), body, { quiet: true }),
  remove: (id: string, confirmName: string) => api.delete(one(PATHS.faqs, id), { confirmName }),
  /** Not quiet: a refusal (no index yet, 409) is the server's, toasted. */
  search: (q: string, language: string | undefined) => api.get<FaqHit[]>(`${PATHS.faqs}/search`, { q, language }),
  /** The products an FAQ can be for. */
  products: () => api.get<ProductOption[]>(`${BASE}/products`, undefined, { quiet: true }),
  /** The question types and languages an FAQ is filed under (the FAQ page's own view action). */
  options: () => api.get<FaqOptions>(`${BASE}/faq-options`, undefined, { quiet: true }),
};

/** The FAQ index (§7): its state and the four actions. */
export const faqIndex = {
  state: () => api.get<FaqIndexState>(`${BASE}/faq-index`),
  create: () => api.post<{ created: boolean }>(`${BASE}/faq-index/create`, {}),
  importFaqs: () => api.post<{ imported: number }>(`${BASE}/faq-index/import`, {}),
  clear: () => api.post<{ removed: number }>(`${BASE}/faq-index/clear`, {}),
  remove: () => api.post<{ deleted: boolean }>(`${BASE}/faq-index/delete`, {}),
};

export const questionTypes = {
  /** Every type matching the query, to be nested on the page. */
  all: (params: Params) => api.get<Page<QuestionType>>(PATHS.questionTypes, { ...params, page: 1, pageSize: ALL_TYPES }),
  tree: () => api.get<TypeNode[]>(`${PATHS.questionTypes}/tree`, undefined, { quiet: true }),
  create: (body: Body) => api.post<QuestionType>(PATHS.questionTypes, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<QuestionType>(one(PATHS.questionTypes, id), body, { quiet: true }),
  remove: (id: string, confirmName: string) => api.delete(one(PATHS.questionTypes, id), { confirmName }),
};

export const languages = {
  options: () => api.get<Page<Language>>(PATHS.languages, OPTIONS, { quiet: true }),
  update: (id: string, body: Body) => api.put<Language>(one(PATHS.languages, id), body),
};

/** A query form's text value as a query parameter. */
export function param(value: unknown): string | undefined {
  if (typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
