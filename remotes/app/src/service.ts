// The app plugin's routes (plugin.toml), as the pages call them; and the core's enterprise list.
import { api, type Page } from '@console/sdk';

import type {
  AccessUrl,
  AppLog,
  AppProduct,
  AppUser,
  BetaAdded,
  BetaUser,
  BucketDomains,
  CopyEntry,
  Enterprise,
  ExportedFile,
  ImportedExcel,
  ImportedPublic,
  Library,
  Project,
  Published,
  Questionnaire,
} from './types';

export const MOUNT = 'app-service';
export const BASE = `/${MOUNT}`;

/** The resource paths (the SDK's Resource convention: list and add here, one at `<path>/<id>`). */
export const PATHS = {
  appProducts: `${BASE}/app-products`,
  projects: `${BASE}/projects`,
  copies: `${BASE}/copies`,
  questionnaires: `${BASE}/questionnaires`,
  appStores: `${BASE}/app-stores`,
  qrCodes: `${BASE}/qr-codes`,
  buckets: `${BASE}/buckets`,
} as const;

export type Params = Record<string, string | number | boolean | undefined>;
/** Form values as they are sent. */
export type Body = Record<string, unknown>;

const one = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

/** Options for selects: at most the first 100 (the page size of option lists). */
const OPTIONS = { page: 1, pageSize: 100 };

export const appProducts = {
  options: () => api.get<Page<AppProduct>>(PATHS.appProducts, OPTIONS, { quiet: true }),
};

export const projects = {
  options: () => api.get<Page<Project>>(PATHS.projects, OPTIONS, { quiet: true }),
};

/** The library a copy list, import, export or publish is about. */
export interface LibraryScope {
  library: Library;
  /** The project of a project library; empty otherwise. */
  projectId: string;
}

export const copies = {
  list: (params: Params) => api.get<Page<CopyEntry>>(PATHS.copies, params),
  create: (body: Body) => api.post<CopyEntry>(PATHS.copies, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<CopyEntry>(one(PATHS.copies, id), body, { quiet: true }),
  remove: (id: string, confirmName: string) => api.delete(one(PATHS.copies, id), { confirmName }),
  importPublic: (projectId: string) => api.post<ImportedPublic>(`${PATHS.copies}/import-public`, { projectId }),
  /** Quiet: a row's refusal shows on the file field. */
  importExcel: (scope: LibraryScope, uploadId: string) => api.post<ImportedExcel>(`${PATHS.copies}/import`, { ...scope, uploadId }, { quiet: true }),
  /** The copy's export, run as a task (the SDK's `useExportTask`), and its query. */
  exportPath: `${PATHS.copies}/export`,
  exportQuery: (scope: LibraryScope) => ({ library: scope.library, projectId: scope.projectId || undefined }),
  /** Quiet: the page asks to confirm empty copy (409, field `confirm`) and says other refusals itself. */
  publish: (scope: LibraryScope, confirm: boolean) => api.post<Published>(`${PATHS.copies}/publish`, { ...scope, confirm }, { quiet: true }),
};

export const questionnaires = {
  list: (params: Params) => api.get<Page<Questionnaire>>(PATHS.questionnaires, params),
  create: (body: Body) => api.post<Questionnaire>(PATHS.questionnaires, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<Questionnaire>(one(PATHS.questionnaires, id), body, { quiet: true }),
  remove: (id: string, confirmName: string) => api.delete(one(PATHS.questionnaires, id), { confirmName }),
  refresh: (id: string) => api.post<Questionnaire>(`${one(PATHS.questionnaires, id)}/refresh`, {}),
};

export const qrCodes = {
  png: (id: string) => api.get<ExportedFile>(`${one(PATHS.qrCodes, id)}/png`),
};

export const bucketDomains = {
  list: (params: Params) => api.get<Page<BucketDomains>>(`${BASE}/bucket-domains`, params),
  /** Quiet: a refused address shows on its field. */
  update: (id: string, body: { objectDomain: string; cdnDomain: string; version: number }) => api.put<BucketDomains>(one(`${BASE}/bucket-domains`, id), body, { quiet: true }),
};

export const buckets = {
  /** Quiet: a refused key or validity shows on its field in the dialog. */
  accessUrl: (id: string, body: { objectKey: string; expiresSecs: number }) => api.post<AccessUrl>(`${one(PATHS.buckets, id)}/access-url`, body, { quiet: true }),
};

export const appUsers = {
  list: (params: Params) => api.get<Page<AppUser>>(`${BASE}/app-users`, params),
  block: (id: string, block: boolean) => api.post<AppUser>(`${one(`${BASE}/app-users`, id)}/${block ? 'block' : 'unblock'}`, {}),
  resetPassword: (id: string, body: { password: string; confirmPassword: string }) => api.post<AppUser>(`${one(`${BASE}/app-users`, id)}/password`, body, { quiet: true }),
};

export const appLogs = {
  list: (params: Params) => api.get<Page<AppLog>>(`${BASE}/app-logs`, params),
  fileUrl: (id: string) => api.get<{ url: string; fileName: string }>(`${one(`${BASE}/app-logs`, id)}/file`),
};

export const betaUsers = {
  list: (params: Params) => api.get<Page<BetaUser>>(`${BASE}/beta-users`, params),
  add: (body: Body) => api.post<BetaAdded>(`${BASE}/beta-users`, body, { quiet: true }),
  remove: (id: string, confirmName: string) => api.delete(one(`${BASE}/beta-users`, id), { confirmName }),
};

/** The enterprises a project may belong to: a core route every signed-in user may call. */
export const enterprises = {
  options: () => api.get<{ list: Enterprise[] }>('/authority-service/tenantInfo/list', OPTIONS, { quiet: true }),
};

/** A query form's text value as a query parameter. */
export function param(value: unknown): string | undefined {
  if (typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
