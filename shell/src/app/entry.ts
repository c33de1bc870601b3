import { session } from '@console/sdk';

/**
 * What the console accepts at entry (spec §2): `authorization` (sign-in from a portal), with
 * optional `from` (the portal to return to) and `url` (the page to open), and `areaId`.
 * Returns the path to open, with those parameters removed from the address bar.
 */
export function acceptEntryParameters(location: Location, history: History): string | null {
  const params = new URLSearchParams(location.search);
  const area = params.get('areaId');
  if (area) session.setArea(area);
  const token = params.get('authorization');
  let next: string | null = null;
  if (token) {
    session.setToken(token);
    session.setPortal(params.get('from'));
    next = params.get('url');
  }
  for (const key of ['authorization', 'from', 'url']) params.delete(key);
  const rest = params.toString();
  if (token) history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
  return next && next.startsWith('/') ? next : null;
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
