// The upgrade plugin's routes (plugin.toml), as the pages call them.
import { api, type Page } from '@console/sdk';

import type { AppDownload, AppPackage, Execution, FirmwarePackage, FlowStep, IssueTask, PackageOption, ProductOption, RolloutProgress, Statement, TaskDevice, VersionChange } from './types';

export const MOUNT = 'upgrade-service';
const BASE = `/${MOUNT}`;

type Params = Record<string, string | number | boolean | undefined>;
/** Form values as they are sent: a package's or a statement's body. */
export type Body = Record<string, unknown>;

const packagePath = (id: string) => `${BASE}/packages/${encodeURIComponent(id)}`;

/** What a package's buttons send: a reconfirmed go-online application, a test conclusion. */
export interface ActionBody {
  confirm?: boolean;
  conclusion?: string;
}

export const packages = {
  list: (params: Params) => api.get<Page<FirmwarePackage>>(`${BASE}/packages`, params),
  inTest: (params: Params) => api.get<Page<FirmwarePackage>>(`${BASE}/test/packages`, params),
  productOptions: () => api.get<ProductOption[]>(`${BASE}/product-options`),
  flashOrderProducts: () => api.get<ProductOption[]>(`${BASE}/flash-order-products`),
  create: (body: Body) => api.post<FirmwarePackage>(`${BASE}/packages`, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<FirmwarePackage>(packagePath(id), body, { quiet: true }),
  /** Deleted with its name typed again (`modelCode targetVersionName`). */
  remove: (id: string, confirmName: string) => api.delete(packagePath(id), { confirmName }),
  steps: (id: string) => api.get<FlowStep[]>(`${packagePath(id)}/steps`),
  setTestDevices: (id: string, sns: string, riskConfirmed: boolean) => api.put<FirmwarePackage>(`${packagePath(id)}/test-devices`, { sns, riskConfirmed }, { quiet: true }),
  setRollout: (id: string, body: Body) => api.put<FirmwarePackage>(`${packagePath(id)}/rollout`, body, { quiet: true }),
  test: (id: string, action: 'start' | 'cancel' | 'pass' | 'fail', body: ActionBody = {}) => api.post<FirmwarePackage>(`${packagePath(id)}/test/${action}`, body),
  application: (id: string, action: 'apply' | 'cancel', body: ActionBody = {}) => api.post<FirmwarePackage>(`${packagePath(id)}/application/${action}`, body),
  release: (id: string, action: 'confirm' | 'pause' | 'resume' | 'revoke') => api.post<FirmwarePackage>(`${packagePath(id)}/release/${action}`, {}),
};

const rolloutPath = (id: string) => `${BASE}/rollouts/${encodeURIComponent(id)}`;

export const rollouts = {
  list: (params: Params) => api.get<Page<FirmwarePackage>>(`${BASE}/rollouts`, params),
  /** Polled: its errors are not toasted after the first answer. */
  progress: (id: string, quiet: boolean) => api.get<RolloutProgress>(`${rolloutPath(id)}/progress`, undefined, { quiet }),
  executions: (id: string, params: Params) => api.get<Page<Execution>>(`${rolloutPath(id)}/executions`, params),
};

export const issueTasks = {
  list: (params: Params) => api.get<Page<IssueTask>>(`${BASE}/issue-tasks`, params),
  packageOptions: () => api.get<PackageOption[]>(`${BASE}/issue-tasks/packages`),
  create: (body: { packageId: string; sns: string; riskConfirmed: boolean }) => api.post<IssueTask>(`${BASE}/issue-tasks`, body, { quiet: true }),
  detail: (id: string, quiet: boolean) => api.get<{ task: IssueTask; devices: TaskDevice[] }>(`${BASE}/issue-tasks/${encodeURIComponent(id)}`, undefined, { quiet }),
};

const statementPath = (id: string) => `${BASE}/statements/${encodeURIComponent(id)}`;

export const statements = {
  list: (params: Params) => api.get<Page<Statement>>(`${BASE}/statements`, params),
  packageOptions: () => api.get<PackageOption[]>(`${BASE}/statements/packages`),
  create: (body: Body) => api.post<Statement>(`${BASE}/statements`, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<Statement>(statementPath(id), body, { quiet: true }),
  remove: (id: string) => api.delete(statementPath(id)),
  publish: (id: string, publish: boolean) => api.post<Statement>(`${statementPath(id)}/${publish ? 'publish' : 'unpublish'}`, {}),
};

export const deviceHistory = {
  list: (params: Params) => api.get<Page<VersionChange>>(`${BASE}/device-history`, params),
};

const appPackagePath = (id: string) => `${BASE}/app-packages/${encodeURIComponent(id)}`;

/** What an app package's flow buttons send: a test's report (upload id) and conclusion, a release time (Unix ms). */
export interface AppActionBody {
  report?: string;
  conclusion?: string;
  releaseAt?: number;
}

export const appPackages = {
  list: (params: Params) => api.get<Page<AppPackage>>(`${BASE}/app-packages`, params),
  create: (body: Body) => api.post<AppPackage>(`${BASE}/app-packages`, body, { quiet: true }),
  update: (id: string, body: Body) => api.put<AppPackage>(appPackagePath(id), body, { quiet: true }),
  remove: (id: string) => api.delete(appPackagePath(id)),
  restore: (id: string) => api.post<AppPackage>(`${appPackagePath(id)}/restore`, {}),
  test: (id: string, action: 'submit' | 'pass' | 'fail', body: AppActionBody = {}) => api.post<AppPackage>(`${appPackagePath(id)}/test/${action}`, body),
  submitReview: (id: string) => api.post<AppPackage>(`${appPackagePath(id)}/review`, {}),
  release: (id: string, action: 'schedule' | 'cancel' | 'revoke', body: AppActionBody = {}) => api.post<AppPackage>(`${appPackagePath(id)}/release/${action}`, body),
  discard: (id: string) => api.post<AppPackage>(`${appPackagePath(id)}/discard`, {}),
  history: (params: Params) => api.get<Page<AppPackage>>(`${BASE}/app-history`, params),
  downloads: () => api.get<AppDownload[]>(`${BASE}/app-downloads`),
};

/** A query form's text or list value as a query parameter (a multiple select as a comma list). */
export function param(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.length ? value.join(',') : undefined;
  return typeof value === 'string' && value !== '' ? value : undefined;
}
