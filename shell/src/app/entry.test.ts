import { beforeEach, describe, expect, it, vi } from 'vitest';

import { session } from '@console/sdk';

import { acceptEntryParameters, entryHasPortal, fetchPortalOrigins, httpsHref, keepEntrySession, MAX_CHUNK_RELOADS, reloadAfterChunkError, safePortal, safeReturnPath, takeEntryToken } from './entry';
import { pageTitle } from './title';

const PORTALS = ['https://portal.example', 'https://portal.example.com'];

/** Enters at `/?authorization=t&<key>=<value>` and returns what entry opens. */
function enter(key: 'from' | 'url', value: string, origins: readonly string[] = PORTALS) {
  window.history.replaceState(null, '', `/?authorization=t&${key}=${encodeURIComponent(value)}`);
  return acceptEntryParameters(window.location, window.history, origins);
}

describe('entry into the console', () => {
  beforeEach(() => localStorage.clear());

  it('accepts an authorization from a portal, with from and url, and cleans the address bar', () => {
    window.history.replaceState(null, '', '/?authorization=tok123&from=https%3A%2F%2Fportal.example%2F&url=%2Fsystem%2Frole&areaId=eu');
    const next = acceptEntryParameters(window.location, window.history, PORTALS);
    expect(takeEntryToken()).toBe('tok123');
    expect(takeEntryToken()).toBeNull();
    expect(localStorage.getItem('authorization')).toBeNull();
    expect(session.portal()).toBe('https://portal.example/');
    expect(session.area()).toBe('eu');
    expect(next).toBe('/system/role');
    expect(window.location.search).toBe('?areaId=eu');
  });

  it('stores an areaId on its own and never follows an absolute url', () => {
    window.history.replaceState(null, '', '/login?areaId=asia');
    expect(acceptEntryParameters(window.location, window.history, PORTALS)).toBeNull();
    expect(session.area()).toBe('asia');
    window.history.replaceState(null, '', '/?authorization=t&url=https%3A%2F%2Fevil.example');
    expect(acceptEntryParameters(window.location, window.history, PORTALS)).toBeNull();
  });

  // Each of these was stored, then followed by window.location.assign when the session ended.
  it.each([
    ['a javascript: URL (script in the console)', 'javascript:alert(1)'],
    ['a portal over http', 'http://portal.example.com'],
    ['an https origin not configured', 'https://evil.example'],
    ['a configured host as a prefix of another', 'https://portal.example.com.evil.example'],
    ['a configured host as credentials', 'https://portal.example.com@evil.example/'],
    ['a configured origin on another port', 'https://portal.example.com:8443/'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['a protocol-relative URL', '//portal.example.com/'],
    ['a URL with a tab in its scheme', 'java\tscript:alert(1)'],
    ['a URL with a leading space', ' https://portal.example.com/'],
  ])('refuses from = %s', (_, from) => {
    session.setPortal('https://portal.example.com/old');
    enter('from', from);
    expect(takeEntryToken()).toBe('t');
    expect(session.portal()).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('hands the portal token to the host once, in the header, and keeps the user it answers', async () => {
    const user = { id: 1, tenantId: 7, userName: 'ops', name: 'Ops', headImageUrl: '', userMenuVoList: [] };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: user })));
    vi.stubGlobal('fetch', fetch);
    await keepEntrySession('tok123');
    vi.unstubAllGlobals();
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toMatch(/\/api\/authority-service\/authority\/keepSession$/);
    expect(init.headers).toMatchObject({ authorization: 'tok123', 'x-console-session': 'cookie' });
    expect(session.user()?.userName).toBe('ops');
    expect(session.tenant()).toBe('7');
    expect(JSON.stringify(localStorage)).not.toContain('tok123');
  });

  it('stores a configured https portal, normalized', () => {
    enter('from', 'https://PORTAL.example.com/home?x=1');
    expect(session.portal()).toBe('https://portal.example.com/home?x=1');
  });

  it('refuses every portal when the host lists none', () => {
    enter('from', 'https://portal.example.com/', []);
    expect(session.portal()).toBeNull();
    window.history.replaceState(null, '', '/?authorization=t&from=https%3A%2F%2Fportal.example.com%2F');
    expect(acceptEntryParameters(window.location, window.history)).toBeNull();
    expect(session.portal()).toBeNull();
  });

  // Each of these was returned by entry and then followed (location.replace on the sign-in page).
  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash read as a slash', '/\\evil.example'],
    ['a backslash alone', '\\evil.example'],
    ['dot segments resolving to //host', '/..//evil.example'],
    ['dot segments and a backslash', '/a/../\\evil.example'],
    ['an absolute URL', 'https://evil.example/x'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'system/role'],
    ['a leading space', ' /system/role'],
    ['a trailing space', '/system/role '],
    ['a tab', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
  ])('refuses url = %s', (_, url) => {
    expect(enter('url', url)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('opens a path on this origin as given', () => {
    expect(enter('url', '/system/role?x=1#h')).toBe('/system/role?x=1#h');
    expect(enter('url', '/')).toBe('/');
  });

  it('checks paths and portals without entry', () => {
    const origin = 'https://console.example';
    expect(safeReturnPath('/a/b?c#d', origin)).toBe('/a/b?c#d');
    expect(safeReturnPath('/a/../b', origin)).toBe('/b');
    expect(safeReturnPath(null, origin)).toBeNull();
    expect(safeReturnPath('', origin)).toBeNull();
    expect(safePortal('https://portal.example.com', PORTALS)).toBe('https://portal.example.com/');
    expect(safePortal(null, PORTALS)).toBeNull();
    expect(httpsHref('https://portal.example.com/x')).toBe('https://portal.example.com/x');
    expect(httpsHref('javascript:alert(1)')).toBeNull();
    expect(httpsHref('not a url')).toBeNull();
  });

  it('needs the portal origins only for an authorization with from', () => {
    window.history.replaceState(null, '', '/?authorization=t&url=%2F');
    expect(entryHasPortal(window.location)).toBe(false);
    window.history.replaceState(null, '', '/?from=https%3A%2F%2Fportal.example.com');
    expect(entryHasPortal(window.location)).toBe(false);
    window.history.replaceState(null, '', '/?authorization=t&from=https%3A%2F%2Fportal.example.com');
    expect(entryHasPortal(window.location)).toBe(true);
  });

  it('reads the portal origins from the host, and none on any failure', async () => {
    const answer = (body: unknown) => vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body))));
    const ok = answer({ code: 200, msg: 'success', data: { origins: ['https://portal.example.com', 7] } });
    expect(await fetchPortalOrigins(ok)).toEqual(['https://portal.example.com']);
    expect(ok.mock.calls[0][0]).toBe('/api/authority-service/portal/origins');
    expect(await fetchPortalOrigins(answer({ code: 200, msg: 'success', data: { origins: [] } }))).toEqual([]);
    expect(await fetchPortalOrigins(answer({ code: 500, msg: 'x', data: { origins: ['https://portal.example.com'] } }))).toEqual([]);
    expect(await fetchPortalOrigins(answer({ code: 200, data: null }))).toEqual([]);
    expect(await fetchPortalOrigins(vi.fn<typeof fetch>(() => Promise.resolve(new Response('<html>'))))).toEqual([]);
    expect(await fetchPortalOrigins(vi.fn<typeof fetch>(() => Promise.reject(new TypeError('offline'))))).toEqual([]);
  });

  it('reloads after a failed page load at most 3 times', () => {
    const reload = vi.fn();
    const storage = window.sessionStorage;
    storage.clear();
    const results = Array.from({ length: 5 }, () => reloadAfterChunkError(storage, reload));
    expect(results).toEqual([true, true, true, false, false]);
    expect(reload).toHaveBeenCalledTimes(MAX_CHUNK_RELOADS);
  });

  it('titles a page with the route title and the product tag', () => {
    expect(pageTitle('角色管理', '设备控制台')).toBe('角色管理 - 设备控制台');
    expect(pageTitle('', 'Device Console')).toBe('Device Console');
  });
});
