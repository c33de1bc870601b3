import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { configureRequest, request, RequestError, settle, TIMEOUT_MS } from './request';
import { session } from './session';

describe('the request layer', () => {
  let notify: ReturnType<typeof vi.fn<(message: string, seconds: number) => void>>;
  let onSessionEnd: ReturnType<typeof vi.fn<(code: number) => void>>;
  let now = 0;

  beforeEach(() => {
    localStorage.clear();
    notify = vi.fn<(message: string, seconds: number) => void>();
    onSessionEnd = vi.fn<(code: number) => void>();
    now = 10_000;
    configureRequest({
      notify,
      onSessionEnd,
      now: () => now,
      systemException: () => 'System exception',
      networkAbnormal: () => 'Network abnormal',
      menuId: () => undefined,
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('treats 200, 0 and 99 as success and returns data', () => {
    for (const code of [200, 0, 99]) expect(settle(code, 'ok', { a: code })).toEqual({ a: code });
    expect(notify).not.toHaveBeenCalled();
  });

  it.each([401, 403, 506, 507, 508])('code %i clears the session and ends it, without a toast', (code) => {
    session.setUser({ id: 1, tenantId: 3, userName: 'u', name: 'U', headImageUrl: '', userMenuVoList: [] });
    session.setTenant('3');
    localStorage.setItem('authorization', 'a token an older console kept');
    expect(() => settle(code, 'bye', null)).toThrow(RequestError);
    expect(session.signedIn()).toBe(false);
    expect(localStorage.getItem('authorization')).toBeNull();
    expect(session.tenant()).toBeNull();
    expect(onSessionEnd).toHaveBeenCalledWith(code);
    expect(notify).not.toHaveBeenCalled();
  });

  it('shows nothing for 500', () => {
    expect(() => settle(500, 'boom', null)).toThrow();
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts other codes with the server message, or the system-exception text, for 3 s', () => {
    expect(() => settle(400, 'name: required', { field: 'name' })).toThrow(expect.objectContaining({ code: 400, field: 'name' }));
    expect(notify).toHaveBeenLastCalledWith('name: required', 3);
    now += 600;
    expect(() => settle(409, '', null)).toThrow();
    expect(notify).toHaveBeenLastCalledWith('System exception', 3);
  });

  it('toasts at most once per 500 ms', () => {
    for (let i = 0; i < 5; i++) expect(() => settle(400, `e${i}`, null)).toThrow();
    expect(notify).toHaveBeenCalledTimes(1);
    now += 499;
    expect(() => settle(400, 'again', null)).toThrow();
    expect(notify).toHaveBeenCalledTimes(1);
    now += 1;
    expect(() => settle(400, 'later', null)).toThrow();
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('does not toast quiet calls (forms show the error on the field)', () => {
    expect(() => settle(400, 'x', null, true)).toThrow();
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends the console headers under /api and times out after 20 minutes', async () => {
    session.setTenant('7');
    configureRequest({ menuId: () => 104, lang: () => 'en' });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: { ok: true } })));
    vi.stubGlobal('fetch', fetch);
    const data = await request('POST', '/authority-service/role/list', { data: { page: 1 } });
    expect(data).toEqual({ ok: true });
    const [url, init] = fetch.mock.calls[0] as unknown as [URL, RequestInit];
    expect(String(url)).toMatch(/\/api\/authority-service\/role\/list$/);
    expect(init.headers).not.toHaveProperty('authorization');
    expect(init.headers).toMatchObject({ 'x-console-session': 'cookie', tenantId: '7', menuId: '104', lang: 'en', 'content-type': 'application/json' });
    expect(init.body).toBe('{"page":1}');
    expect(TIMEOUT_MS).toBe(20 * 60 * 1000);
  });

  it("lets one request name its own enterprise over the header's (a platform user adding an account to one)", async () => {
    session.setTenant('7');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: null })));
    vi.stubGlobal('fetch', fetch);
    await request('POST', '/authority-service/account/add', { data: {}, headers: { tenantId: '12' } });
    await request('POST', '/authority-service/account/list', { data: {} });
    const sent = fetch.mock.calls.map((call) => ((call as unknown as [URL, RequestInit])[1].headers as Record<string, string>).tenantId);
    expect(sent).toEqual(['12', '7']);
  });

  it("sends the page's own tenancy over the header's while a page of the platform's own records is in view", async () => {
    session.setTenant('7');
    let own = true;
    configureRequest({ pageTenant: () => (own ? 'platform' : undefined) });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 200, msg: 'success', data: null })));
    vi.stubGlobal('fetch', fetch);
    await request('POST', '/authority-service/role/list', { data: {} });
    own = false;
    await request('POST', '/authority-service/role/list', { data: {} });
    configureRequest({ pageTenant: () => undefined });
    const sent = fetch.mock.calls.map((call) => ((call as unknown as [URL, RequestInit])[1].headers as Record<string, string>).tenantId);
    expect(sent).toEqual(['platform', '7']);
  });

  it('says "network abnormal" when no answer comes, and nothing for a call its caller gave up on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request('GET', '/authority-service/language/list')).rejects.toMatchObject({ code: -1, message: 'Network abnormal', shown: true });
    expect(notify).toHaveBeenLastCalledWith('Network abnormal', 3);
    now += 600;
    const gaveUp = new AbortController();
    gaveUp.abort();
    await expect(request('GET', '/authority-service/language/list', { signal: gaveUp.signal })).rejects.toMatchObject({ code: -1, shown: false });
    expect(notify).toHaveBeenCalledTimes(1);
  });
});
