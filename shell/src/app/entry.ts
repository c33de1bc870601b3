import { api, session, type UserInfo } from '@console/sdk';

// Control characters or surrounding whitespace: the URL parser silently strips or drops them, so
// what it resolves would differ from what was checked.
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const SMUGGLED = /[\u0000-\u001F\u007F]/;
const unclean = (raw: string) => SMUGGLED.test(raw) || raw.trim() !== raw;
// `//x` and `/\x` are protocol-relative (browsers treat `\` as `/`): another host.
const ONE_SLASH = /^\/(?![/\\])/;

/** `url` at entry: a path on this origin (`pathname + search + hash`), or null. */
export function safeReturnPath(raw: string | null, origin: string): string | null {
  if (!raw || unclean(raw) || !ONE_SLASH.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can still resolve to `//host` (`/..//evil`), which would leave the origin when followed.
  return url.origin === origin && ONE_SLASH.test(path) ? path : null;
}

/** The normalized `href` of an absolute `https:` URL without credentials, or null. */
export function httpsHref(raw: string | null): string | null {
  if (!raw || unclean(raw)) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : null;
  } catch {
    return null;
  }
}

/** `from` at entry: an `https:` URL on one of the configured portal origins (exact match), or null. */
export function safePortal(raw: string | null, allowedOrigins: readonly string[]): string | null {
  const href = httpsHref(raw);
  return href && allowedOrigins.includes(new URL(href).origin) ? href : null;
}

/** The host's portal origins, for checking `from`; empty (refuse every portal) on any failure. */
export async function fetchPortalOrigins(fetcher: typeof fetch = fetch): Promise<string[]> {
  try {
    // A hung host must not hold the console's start for long.
    const response = await fetcher('/api/authority-service/portal/origins', { signal: AbortSignal.timeout(5000) });
    const body = (await response.json()) as { code?: unknown; data?: { origins?: unknown } } | null;
    const origins = body?.code === 200 ? body.data?.origins : undefined;
    return Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether entry handling needs the portal origins (fetch them only then, to keep start fast). */
export const entryHasPortal = (location: Location) => {
  const params = new URLSearchParams(location.search);
  return params.has('authorization') && params.has('from');
};

let entryToken: string | null = null;

/** The token a portal handed over at entry, once: it is never stored in the page. */
export function takeEntryToken(): string | null {
  const token = entryToken;
  entryToken = null;
  return token;
}

/** Keeps a portal's session as the host's HttpOnly cookie and signs the shell in with it. */
export async function keepEntrySession(token: string): Promise<void> {
  const user = await api.post<UserInfo>('/authority-service/authority/keepSession', {}, { headers: { authorization: token }, quiet: true });
  session.setUser(user);
  session.setTenant(user.tenantId === 0 ? '0' : String(user.tenantId));
}

/**
 * What the console accepts at entry: `authorization` (sign-in from a portal), with
 * optional `from` (the portal to return to, kept only if on one of `portalOrigins`: none given,
 * none kept) and `url` (the page to open, only a path on this origin), and `areaId`.
 * Returns the path to open, with those parameters removed from the address bar.
 */
export function acceptEntryParameters(location: Location, history: History, portalOrigins: readonly string[] = []): string | null {
  const params = new URLSearchParams(location.search);
  const area = params.get('areaId');
  if (area) session.setArea(area);
  const token = params.get('authorization');
  let next: string | null = null;
  entryToken = token;
  if (token) {
    session.setPortal(safePortal(params.get('from'), portalOrigins));
    next = safeReturnPath(params.get('url'), location.origin);
  }
  for (const key of ['authorization', 'from', 'url']) params.delete(key);
  const rest = params.toString();
  if (token) history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return next;
}

const RELOADS_KEY = 'console.chunkReloads';
export const MAX_CHUNK_RELOADS = 3;

/** A dynamic page failed to load (a new deployment replaced its chunk): reload, at most 3 times. */
export function reloadAfterChunkError(storage: Storage = window.sessionStorage, reload: () => void = () => window.location.reload()): boolean {
  const count = Number(storage.getItem(RELOADS_KEY) ?? '0');
  if (count >= MAX_CHUNK_RELOADS) return false;
  storage.setItem(RELOADS_KEY, String(count + 1));
  reload();
  return true;
}

/** A page loaded fine: the next failure may reload again. */
export function chunkLoaded(storage: Storage = window.sessionStorage) {
  storage.removeItem(RELOADS_KEY);
}
