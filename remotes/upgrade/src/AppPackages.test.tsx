import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings, ConsoleContext, type MenuNode, type UserInfo } from '@console/sdk';

import AppPackages from './AppPackages';
import type { AppPackage, AppStatus, Publication } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => {
  FakeUpload.sent = [];
  vi.unstubAllGlobals();
});

const ALL_ACTIONS = ['view', 'add', 'edit', 'delete', 'test', 'release'].map((a) => `app:upgrade:${a}`);
const menu = (actions: string[]): MenuNode => ({
  menuId: 5810,
  id: '/app-manage/app-upgrade',
  name: 'app upgrade',
  icon: '',
  menuType: 'page',
  hidden: false,
  buttonVoList: actions.map((action) => ({ action })),
});

function pkg(id: string, status: AppStatus, publication: Publication, extra: Partial<AppPackage> = {}): AppPackage {
  return {
    id,
    version: 1,
    createdAt: 0,
    updatedAt: 0,
    appName: `App-${id}`,
    platform: 'android',
    packageType: 'release',
    customType: '',
    versionName: '1.2.0',
    versionCode: 120,
    packer: 'ann',
    internalDescription: 'Internal',
    releaseDescriptions: { en: 'Fixes' },
    versionFeature: '',
    region: 'europe',
    fileSource: 'address',
    build: { file: null, address: `https://dl.example.com/${id}.apk`, md5: 'b'.repeat(32), size: 2048 },
    harmony: null,
    policy: 'all',
    whitelist: [],
    minCompatibleCode: 100,
    silent: false,
    mustPass: false,
    ignoreVerification: false,
    status,
    publication,
    deleted: false,
    testReport: null,
    testConclusion: '',
    approvalId: '',
    releaseAt: null,
    releasedAt: null,
    operator: 'ann',
    ...extra,
  };
}

const ROWS = [
  pkg('dev', 'development', 'unpublished'),
  pkg('testing', 'testing', 'unpublished'),
  pkg('tested', 'tested', 'unpublished'),
  pkg('review', 'underReview', 'unpublished'),
  pkg('ready', 'reviewed', 'unpublished'),
  pkg('sched', 'reviewed', 'scheduled', { releaseAt: Date.now() + 3_600_000 }),
  pkg('out', 'reviewed', 'published', { releasedAt: Date.now() - 3_600_000 }),
  pkg('gone', 'discarded', 'unpublished'),
];
const DELETED_ROWS = [pkg('binned', 'development', 'unpublished', { deleted: true })];

/** The host: the list (deleted ones on request), and every call recorded. */
function serve() {
  const sent: { method: string; path: string; query: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', (input: URL, init: RequestInit) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    sent.push({ method, path: url.pathname, query: url.search, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const rows = url.searchParams.get('deleted') === 'true' ? DELETED_ROWS : ROWS;
    const data = method === 'GET' ? { list: rows, total: rows.length, page: 1, pageSize: 20 } : ROWS[2];
    return Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data })));
  });
  return sent;
}

/** The browser's XMLHttpRequest as far as the upload field uses it; the test plays the host. */
class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  url = '';
  status = 0;
  responseText = '';
  open(_method: string, url: URL) {
    this.url = String(url);
  }
  setRequestHeader() {}
  send() {
    FakeUpload.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  answer(envelope: unknown) {
    this.status = 200;
    this.responseText = JSON.stringify(envelope);
    this.onload?.();
  }
}

function renderPage(actions = ALL_ACTIONS) {
  const page = menu(actions);
  const user = { userMenuVoList: [page] } as unknown as UserInfo;
  return render(
    <ConsoleContext.Provider value={{ user, tenant: '0', page }}>
      <App>
        <AppPackages />
      </App>
    </ConsoleContext.Provider>,
  );
}

const shown = (testId: string) => screen.queryByTestId(testId) !== null;
/** Which of `acts` a row shows. */
const buttonsOf = (id: string, acts: string[]) => acts.filter((act) => shown(`${act}-${id}`));
const FLOW = ['edit', 'submit-test', 'pass-test', 'fail-test', 'submit-review', 'schedule', 'cancel-release', 'revoke', 'discard', 'delete', 'restore'];

// antd renders slowly under jsdom.
describe('the app upgrade page', { timeout: 30_000 }, () => {
  it('shows the buttons the flow allows in each state', async () => {
    serve();
    renderPage();
    expect(await screen.findByTestId('waiting-review-review')).toBeTruthy();
    expect(buttonsOf('dev', FLOW)).toEqual(['edit', 'submit-test', 'discard', 'delete']);
    expect(buttonsOf('testing', FLOW)).toEqual(['pass-test', 'fail-test', 'discard', 'delete']);
    expect(buttonsOf('tested', FLOW)).toEqual(['submit-review', 'discard', 'delete']);
    // Waiting in the process centre: nothing to do here.
    expect(buttonsOf('review', FLOW)).toEqual([]);
    expect(buttonsOf('ready', FLOW)).toEqual(['schedule', 'discard', 'delete']);
    // Out with users, or about to be: neither discarded nor deleted.
    expect(buttonsOf('sched', FLOW)).toEqual(['cancel-release']);
    expect(buttonsOf('out', FLOW)).toEqual(['revoke']);
    expect(buttonsOf('gone', FLOW)).toEqual(['delete']);
    // Translated tags: the status, and where a reviewed package stands.
    expect(screen.getByTestId('appStatus-development').textContent).toBe('Under development');
    expect(screen.getByTestId('publication-scheduled').textContent).toBe('Release scheduled');
  });

  it('shows each button only with its action', async () => {
    serve();
    const view = renderPage(['app:upgrade:view']);
    expect(await screen.findByTestId('waiting-review-review')).toBeTruthy();
    expect(shown('upload-app-package')).toBe(false);
    for (const row of ROWS) expect(buttonsOf(row.id, FLOW)).toEqual([]);
    view.unmount();

    serve();
    renderPage(['app:upgrade:view', 'app:upgrade:test']);
    expect(await screen.findByTestId('submit-test-dev')).toBeTruthy();
    expect(buttonsOf('dev', FLOW)).toEqual(['submit-test']);
    expect(buttonsOf('testing', FLOW)).toEqual(['pass-test', 'fail-test']);
    expect(buttonsOf('ready', FLOW)).toEqual([]);
  });

  it('asks before submitting to test, and lists deleted packages to restore', async () => {
    const sent = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('submit-test-dev'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Submit App-dev 1.2.0 (120) · Android to test?').length).toBeGreaterThan(0);
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST' && call.path.endsWith('/app-packages/dev/test/submit'))).toBe(true));

    fireEvent.click(screen.getByTestId('show-deleted'));
    expect(await screen.findByTestId('restore-binned')).toBeTruthy();
    expect(sent.some((call) => call.method === 'GET' && call.query.includes('deleted=true'))).toBe(true);
    expect(buttonsOf('binned', FLOW)).toEqual(['restore']);
  });

  it('passes a test only with its report and a conclusion', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const sent = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('pass-test-testing'));
    const dialog = await screen.findByRole('dialog');
    const errors = () => [...dialog.querySelectorAll('.ant-form-item-explain-error')].map((error) => error.textContent);
    const ok = () => fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));

    ok();
    await waitFor(() => expect(errors()).toEqual(['Choose a file', 'Give the test conclusion']));
    fireEvent.change(within(dialog).getByTestId('test-conclusion'), { target: { value: 'Works on every phone we tried' } });
    ok();
    await waitFor(() => expect(errors()).toEqual(['Choose a file']));
    expect(sent.some((call) => call.method === 'POST')).toBe(false);

    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['report'], 'report.pdf')] } });
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(FakeUpload.sent[0].url).toContain('/api/files/upload/upgrade-service/test-report?fileName=report.pdf');
    act(() => FakeUpload.sent[0].answer({ code: 200, msg: 'ok', data: { uploadId: 'r1', fileName: 'report.pdf', size: 6 } }));
    await within(dialog).findByText('report.pdf (6 B)');
    ok();
    await waitFor(() => expect(sent.find((call) => call.path.endsWith('/app-packages/testing/test/pass'))?.body).toEqual({ report: 'r1', conclusion: 'Works on every phone we tried' }));
    // Said once done (the status tag of a tested package says the same words).
    await waitFor(() => expect(document.querySelector('.ant-message')?.textContent).toBe('Test passed'));
  });

  it('edits a package under development, sending its address build as the server takes it', async () => {
    const sent = serve();
    renderPage();
    fireEvent.click(await screen.findByTestId('edit-dev'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByTestId('build-address') as HTMLInputElement).value).toBe('https://dl.example.com/dev.apk'));
    fireEvent.change(within(dialog).getByTestId('version-name'), { target: { value: '1.2.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    const put = sent.find((call) => call.method === 'PUT');
    expect(put?.path).toMatch(/\/app-packages\/dev$/);
    expect(put?.body).toMatchObject({
      version: 1,
      versionName: '1.2.1',
      fileSource: 'address',
      build: { address: 'https://dl.example.com/dev.apk', md5: 'b'.repeat(32), size: 2048 },
      harmony: null,
      policy: 'all',
      silent: false,
      mustPass: false,
      ignoreVerification: false,
      releaseDescriptions: { en: 'Fixes' },
    });
    expect(Object.keys(put?.body as object).filter((key) => key.includes('.'))).toEqual([]);
  });
});
