import type { components, paths } from './api.gen';

/** The core API's schemas, generated from the host's OpenAPI document (`api.gen.ts`). */
export type ApiSchemas = components['schemas'];

/** What a core route answers as `data` on success: `ApiData<'/api/…', 'post'>`. */
export type ApiData<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

/** The signed-in user's info. */
export type ButtonVo = ApiSchemas['ButtonVo'];
export type MenuNode = ApiSchemas['MenuNode'];
export type UserInfo = ApiSchemas['UserInfo'];

/** A page of a list: the shape of every paged answer. */
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

// `Page` is the one type written here: tsc refuses this line when the host's pages differ.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const PAGE_AGREES_WITH_THE_HOST: Same<Page<ApiSchemas['TenantRow']>, ApiData<'/api/authority-service/tenantInfo/page', 'post'>> = true;

/** The seven console languages. */
export const LANGUAGES = ['zhCn', 'en', 'de', 'es', 'fr', 'pt', 'ru'] as const;
export type Lang = (typeof LANGUAGES)[number];
