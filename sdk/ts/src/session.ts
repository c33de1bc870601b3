import type { Lang, UserInfo } from './types';

// What the console keeps in local storage. Not the session token (it was kept there once): the
// remotes run in this origin, so the host keeps the session in an HttpOnly cookie instead.
const KEYS = {
  legacyToken: 'authorization',
  user: 'userInfo',
  tenant: 'tenantId',
  area: 'areaId',
  lang: 'lang',
  portal: 'portal',
} as const;

const read = (key: string) => window.localStorage.getItem(key);
const write = (key: string, value: string | null) => (value === null ? window.localStorage.removeItem(key) : window.localStorage.setItem(key, value));

export const session = {
  /** Signed in, as far as the shell knows: the host answers 401 when the cookie says otherwise. */
  signedIn: () => read(KEYS.user) !== null,
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
    write(KEYS.legacyToken, null);
    write(KEYS.user, null);
    write(KEYS.tenant, null);
  },
};
