import { beforeEach, describe, expect, it, vi } from 'vitest';

import { session } from '@console/sdk';

import { acceptEntryParameters, MAX_CHUNK_RELOADS, reloadAfterChunkError } from './entry';
import { pageTitle } from './title';

describe('entry into the console (spec §2)', () => {
  beforeEach(() => localStorage.clear());

  it('accepts an authorization from a portal, with from and url, and cleans the address bar', () => {
    window.history.replaceState(null, '', '/?authorization=tok123&from=https%3A%2F%2Fportal.example%2F&url=%2Fsystem%2Frole&areaId=eu');
    const next = acceptEntryParameters(window.location, window.history);
    expect(session.token()).toBe('tok123');
    expect(session.portal()).toBe('https://portal.example/');
    expect(session.area()).toBe('eu');
    expect(next).toBe('/system/role');
    expect(window.location.search).toBe('?areaId=eu');
  });

  it('stores an areaId on its own and never follows an absolute url', () => {
    window.history.replaceState(null, '', '/login?areaId=asia');
    expect(acceptEntryParameters(window.location, window.history)).toBeNull();
    expect(session.area()).toBe('asia');
    window.history.replaceState(null, '', '/?authorization=t&url=https%3A%2F%2Fevil.example');
    expect(acceptEntryParameters(window.location, window.history)).toBeNull();
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
