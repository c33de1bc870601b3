// What remotes' page tests share (`@console/sdk/testing`, for tests only): the host played by a
// stubbed fetch that records every call, the upload's XMLHttpRequest, and a page rendered in the
// console's context with the buttons the user holds.
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ComponentType } from 'react';
import { vi } from 'vitest';

import { ConsoleContext } from './context';
import type { MenuNode, UserInfo } from './types';

// antd renders slowly under jsdom, the more so with the other test files running beside: the
// `find…` and `waitFor` queries of the files that use these helpers wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

export interface Sent {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** What the host answers: `data` (success) or an envelope of its own (a refusal). */
export type Answer = { data: unknown } | { code: number; msg: string; data?: unknown };

/** Stubs fetch: `answer` gets each call (path without `/api`) and says what the host answers. */
export function serve(answer: (call: Sent) => Answer) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (input: URL, init: RequestInit) => {
    const url = new URL(String(input));
    const call: Sent = { method: init.method ?? 'GET', path: url.pathname.replace(/^\/api/, ''), query: url.searchParams, body: init.body ? JSON.parse(String(init.body)) : undefined };
    sent.push(call);
    const reply = answer(call);
    const envelope = 'code' in reply ? reply : { code: 200, msg: 'ok', data: reply.data };
    return Promise.resolve(new Response(JSON.stringify(envelope)));
  });
  return sent;
}

/** The browser's XMLHttpRequest as far as the upload field uses it; the test plays the host. */
export class FakeUpload {
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

/** A page of a list. */
export const page = <T,>(list: T[]) => ({ data: { list, total: list.length, page: 1, pageSize: 20 } });

const menu = (menuId: number, path: string, actions: string[]): MenuNode => ({
  menuId,
  id: path,
  name: path,
  icon: '',
  menuType: 'page',
  hidden: false,
  buttonVoList: actions.map((action) => ({ action })),
});

/**
 * Renders `Page` as the page at `path` with `actions`; `others` are the user's other pages and
 * their actions (another page's view right, say).
 */
export function renderPage(Page: ComponentType, path: string, actions: string[], others: Record<string, string[]> = {}) {
  const current = menu(1, path, actions);
  const rest = Object.entries(others).map(([p, a], i) => menu(i + 2, p, a));
  const user = { userMenuVoList: [current, ...rest] } as unknown as UserInfo;
  return render(
    <ConsoleContext.Provider value={{ user, tenant: '0', page: current }}>
      <App>
        <Page />
      </App>
    </ConsoleContext.Provider>,
  );
}

/** Chooses `label` in the antd select inside the element `testId`. */
export function choose(testId: string, label: string) {
  const root = screen.getByTestId(testId);
  const box = root.getAttribute('role') === 'combobox' ? root : (within(root.closest('.ant-select') ?? root).queryByRole('combobox') ?? root);
  fireEvent.mouseDown(box);
  const options = screen.getAllByText(label).filter((el) => el.closest('.ant-select-item-option'));
  fireEvent.click(options.at(-1) ?? (screen.getAllByText(label).at(-1) as HTMLElement));
}

/** Types into the input `testId` (or the input inside it). */
export function typeInto(testId: string, value: string) {
  const el = screen.getByTestId(testId);
  const input = el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' ? el : (el.querySelector('input, textarea') ?? el);
  fireEvent.change(input, { target: { value } });
}
