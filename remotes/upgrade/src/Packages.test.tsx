import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings, ConsoleContext, type MenuNode, type UserInfo } from '@console/sdk';

import Packages from './Packages';
import { firmwarePackage } from './testing';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL_ACTIONS = ['view', 'add', 'edit', 'delete', 'apply'].map((a) => `ota:package:${a}`).concat('ota:release:edit', 'ota:release:run');
const menu = (actions: string[]): MenuNode => ({
  menuId: 5801,
  id: '/ota-upgrade/publish',
  name: 'publish',
  icon: '',
  menuType: 'page',
  hidden: false,
  buttonVoList: actions.map((action) => ({ action })),
});

const pkg = firmwarePackage;

const ROWS = [
  pkg('review', 'pendingReview'),
  pkg('devpkg', 'testComplete', 'development'),
  pkg('paused', 'grayPaused', 'production', { pause: { automatic: true, by: 'auto-abort', at: 1, failed: 3, finished: 10 } }),
  pkg('released', 'released'),
];

/** The host: the package list, the product options, and every other call recorded. */
function serve() {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (input: URL, init: RequestInit) => {
    const url = new URL(String(input));
    sent.push({ method: init.method ?? 'GET', path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const data =
      url.pathname.endsWith('/packages') && init.method === 'GET'
        ? { list: ROWS, total: ROWS.length, page: 1, pageSize: 20 }
        : url.pathname.endsWith('/product-options')
          ? [{ productId: 'pr1', productName: 'Vacuum', models: [{ id: 'm1', code: 'V1', name: 'Vacuum one' }] }]
          : ROWS[1];
    return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data })));
  });
  return sent;
}

function renderPage(actions = ALL_ACTIONS) {
  const page = menu(actions);
  const user = { userMenuVoList: [page] } as unknown as UserInfo;
  return render(
    <ConsoleContext.Provider value={{ user, tenant: '0', page }}>
      <App>
        <Packages />
      </App>
    </ConsoleContext.Provider>,
  );
}

// antd renders slowly under jsdom.
describe('the firmware package page', { timeout: 20_000 }, () => {
  it('shows each status’s buttons, and why a package waits or paused', async () => {
    serve();
    renderPage();
    expect(await screen.findByTestId('waiting-review-review')).toBeTruthy();
    expect(screen.queryByTestId('edit-review')).toBeNull();
    expect(screen.queryByTestId('delete-review')).toBeNull();
    // Tested: edit, delete, apply; no release buttons yet.
    expect(screen.getByTestId('edit-devpkg')).toBeTruthy();
    expect(screen.getByTestId('delete-devpkg')).toBeTruthy();
    expect(screen.getByTestId('apply-devpkg')).toBeTruthy();
    expect(screen.queryByTestId('release-devpkg')).toBeNull();
    // Paused by itself: resume and revoke, and it says so.
    expect(screen.getByText('Paused automatically')).toBeTruthy();
    expect(screen.getByTestId('pause-paused').textContent).toContain('3 of 10 finished devices failed, more than the abort threshold of 20%');
    expect(screen.getByTestId('resume-paused')).toBeTruthy();
    expect(screen.getByTestId('revoke-paused')).toBeTruthy();
    // Released: final.
    for (const act of ['edit', 'delete', 'revoke', 'strategy', 'release']) expect(screen.queryByTestId(`${act}-released`)).toBeNull();
    expect(screen.getAllByText('Released').length).toBeGreaterThan(0);
  });

  it('hides what the user may not do', async () => {
    serve();
    renderPage(['ota:package:view']);
    expect(await screen.findByTestId('waiting-review-review')).toBeTruthy();
    expect(screen.queryByTestId('upload-package')).toBeNull();
    expect(screen.queryByTestId('edit-devpkg')).toBeNull();
    expect(screen.queryByTestId('apply-devpkg')).toBeNull();
    expect(screen.queryByTestId('resume-paused')).toBeNull();
  });

  it('asks again before a development package applies to go online, then sends confirm', async () => {
    const sent = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('apply-devpkg'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Not a formal package').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((call) => call.path.endsWith('/packages/devpkg/application/apply'))).toBe(true));
    expect(sent.find((call) => call.path.endsWith('/application/apply'))?.body).toEqual({ confirm: true });
    expect(await screen.findByText('Application submitted: the package awaits official release.')).toBeTruthy();
  });

  it('refuses a target version code not above the current one as it is typed', async () => {
    const sent = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('upload-package'));
    const dialog = await screen.findByRole('dialog');
    const number = (testId: string) => within(dialog).getByTestId(testId).querySelector('input') ?? within(dialog).getByTestId(testId);
    fireEvent.change(number('current-version-code'), { target: { value: '100' } });
    fireEvent.change(number('target-version-code'), { target: { value: '100' } });
    expect(await within(dialog).findByText('Must be greater than the current version code 100')).toBeTruthy();
    fireEvent.change(number('target-version-code'), { target: { value: '101' } });
    await waitFor(() => expect(within(dialog).queryByText('Must be greater than the current version code 100')).toBeNull());
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });
});
