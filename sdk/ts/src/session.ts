import type { Lang, UserInfo } from './types';

// What the console keeps in local storage (spec §7: authorization comes from local storage).
const KEYS = {
  token: 'authorization',
  user: 'userInfo',
  tenant: 'tenantId',
  area: 'areaId',
  lang: 'lang',
  portal: 'portal',
} as const;

const read = (key: string) => window.localStorage.getItem(key);
const write = (key: string, value: string | null) =>
  value === null ? window.localStorage.removeItem(key) : window.localStorage.setItem(key, value);

export const session = {
  token: () => read(KEYS.token),
  setToken: (token: string | null) => write(KEYS.token, token),
  user: (): UserInfo | null => {
    const text = read(KEYS.user);
    if (!text) return null;
    try {
      return JSON.parse(text) as UserInfo;
    } catch {
      return null;
    }
  },
  setUser: (user: UserInfo | null) => write(KEYS.user, user ? JSON.stringify(user) : null),
  /** The tenant the user acts for: `0` is all tenants (platform users only). */
  tenant: () => read(KEYS.tenant),
  setTenant: (tenant: string | null) => write(KEYS.tenant, tenant),
  area: () => read(KEYS.area),
  setArea: (area: string | null) => write(KEYS.area, area),
  lang: () => read(KEYS.lang) as Lang | null,
  setLang: (lang: Lang) => write(KEYS.lang, lang),
  /** Where the user came from (a portal), to return there when the session ends. */
  portal: () => read(KEYS.portal),
  setPortal: (url: string | null) => write(KEYS.portal, url),
  clear: () => {
    write(KEYS.token, null);
    write(KEYS.user, null);
    write(KEYS.tenant, null);
  },
};
