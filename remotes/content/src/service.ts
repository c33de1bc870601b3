// The content plugin's routes (plugins/content/plugin.toml), as the pages call them; and the
// core's enterprise list.
import { api, type Page } from '@console/sdk';

import type { Enterprise, Feedback, FileLink, LanguageOption, ProductOption } from './types';

export const MOUNT = 'content-service';
export const BASE = `/${MOUNT}`;

/** The resource paths (the SDK's Resource convention: list and add here, one at `<path>/<id>`). */
export const PATHS = {
  faqGroups: `${BASE}/faq-groups`,
  feedbackEmails: `${BASE}/feedback-emails`,
  agreements: `${BASE}/agreements`,
  manuals: `${BASE}/manuals`,
  portal: `${BASE}/portal`,
} as const;

export type Params = Record<string, string | number | boolean | undefined>;

const one = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** Options for selects: at most the first 100 (the page size of option lists). */
const OPTIONS = { page: 1, pageSize: 100 };

export const feedback = {
  list: (params: Params) => api.get<Page<Feedback>>(`${BASE}/feedback`, params),
  /** Quiet: a refused reply shows on its field. Answers the feedback, completed, with how its mail fared. */
  reply: (id: string, reply: string) => api.post<Feedback>(`${one(`${BASE}/feedback`, id)}/reply`, { reply }, { quiet: true }),
  /** Not quiet: a refusal (completed already, 409) is the server's, toasted. */
  complete: (id: string) => api.post<Feedback>(`${one(`${BASE}/feedback`, id)}/complete`, {}),
  fileUrl: (id: string) => api.get<FileLink>(`${one(`${BASE}/feedback`, id)}/file`),
};

/** The platform's languages, through the route of each page's own view action. */
export const languages = {
  options: () => api.get<LanguageOption[]>(`${BASE}/languages`, undefined, { quiet: true }),
  forManuals: () => api.get<LanguageOption[]>(`${BASE}/manual-languages`, undefined, { quiet: true }),
  forPortal: () => api.get<LanguageOption[]>(`${BASE}/portal-languages`, undefined, { quiet: true }),
};

/** The products a manual can be for (the manual page's view action). */
export const products = {
  options: () => api.get<ProductOption[]>(`${BASE}/products`, undefined, { quiet: true }),
};

/** The enterprises an agreement can be for: a core route every signed-in user may call. */
export const enterprises = {
  options: () => api.get<{ list: Enterprise[] }>('/authority-service/tenantInfo/list', OPTIONS, { quiet: true }),
};

/** A query form's text value as a query parameter. */
export function param(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
