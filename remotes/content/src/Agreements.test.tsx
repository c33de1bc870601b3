import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import Agreements from './Agreements';
import { choose, page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { Agreement } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['view', 'edit', 'delete'].map((a) => `content:agreement:${a}`);
const ENTERPRISES = [
  { id: 7, tenantName: 'Acme' },
  { id: 8, tenantName: 'Globex' },
];
const LANGUAGES = [
  { code: 'zhCn', name: 'zhCn' },
  { code: 'en', name: 'en' },
  { code: 'de', name: 'de' },
];
const AGREEMENT: Agreement = {
  id: 'a1',
  version: 4,
  createdAt: 0,
  updatedAt: 0,
  enterpriseId: 7,
  enterpriseName: 'Acme',
  language: 'en',
  type: 'privacy',
  content: '# Privacy\nWe keep little.',
  address: 'https://acme.example.com/privacy',
};
const ONE_ONLY = 'Only one agreement may exist per enterprise, language and type.';

/** The host: enterprises, languages, the list; `save` answers what the form sends. */
function host(save: (call: Sent) => { data: unknown } | { code: number; msg: string; data?: unknown } = (call) => ({ data: { ...AGREEMENT, ...(call.body as object) } })) {
  return serve((call) => {
    if (call.path === '/authority-service/tenantInfo/list') return { data: { list: ENTERPRISES } };
    if (call.path === '/content-service/languages') return { data: LANGUAGES };
    if (call.method === 'GET') return page([AGREEMENT]);
    return save(call);
  });
}

const saves = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' || c.method === 'PUT' || c.method === 'DELETE');

/** Fills the add form with a German user agreement of Globex. */
async function fillAdd() {
  fireEvent.click(await screen.findByTestId('add-agreement'));
  await screen.findByTestId('agreement-content');
  choose('agreement-enterprise', 'Globex');
  choose('agreement-language', 'German (de)');
  choose('agreement-type', 'User agreement');
  typeInto('agreement-content', 'Terms of use');
}

const ok = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));

describe('the agreement page', { timeout: 30_000 }, () => {
  it('lists agreements with their type and language named, and reads the options through routes the user may call', async () => {
    const sent = host();
    renderPage(Agreements, PAGES.agreement, ALL);
    expect((await screen.findByTestId('type-a1')).textContent).toBe('Privacy policy');
    const row = screen.getByTestId('type-a1').closest('tr') as HTMLElement;
    expect(within(row).getByText('English (en)')).toBeTruthy();
    expect(within(row).getByText('Acme')).toBeTruthy();
    await waitFor(() => expect(sent.map((c) => c.path)).toEqual(expect.arrayContaining(['/content-service/agreements', '/content-service/languages', '/authority-service/tenantInfo/list'])));
  });

  it('adds an agreement with the enterprise as a number', async () => {
    const sent = host();
    renderPage(Agreements, PAGES.agreement, ALL);
    await fillAdd();
    typeInto('agreement-address', 'https://globex.example.com/terms');
    ok();
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({
      method: 'POST',
      path: '/content-service/agreements',
      body: { enterpriseId: 8, language: 'de', type: 'user', content: 'Terms of use', address: 'https://globex.example.com/terms' },
    });
  });

  it('shows the one-per-enterprise refusal on the type field, and keeps the form open', async () => {
    const sent = host(() => ({ code: 400, msg: ONE_ONLY, data: { field: 'type' } }));
    renderPage(Agreements, PAGES.agreement, ALL);
    await fillAdd();
    ok();
    const refusal = await within(screen.getByRole('dialog')).findByText(ONE_ONLY);
    // On the type's form item, not somewhere else in the dialog.
    const item = refusal.closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByTestId('agreement-type')).toBeTruthy();
    expect(saves(sent)).toHaveLength(1);
    expect(saves(sent)[0].body).toMatchObject({ address: '' });
    expect(screen.getByTestId('agreement-content')).toBeTruthy();
  });

  it('refuses an address that is not http(s) before sending', async () => {
    const sent = host();
    renderPage(Agreements, PAGES.agreement, ALL);
    await fillAdd();
    typeInto('agreement-address', 'ftp://globex.example.com/terms');
    ok();
    expect(await screen.findByText('An address starting with http:// or https://, without spaces')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saves(sent)).toEqual([]);
  });

  it('edits with the version, and deletes once the enterprise’s name is typed', async () => {
    const sent = host();
    renderPage(Agreements, PAGES.agreement, ALL);
    const row = (await screen.findByTestId('type-a1')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    await waitFor(() => expect((screen.getByTestId('agreement-content') as HTMLTextAreaElement).value).toBe(AGREEMENT.content));
    typeInto('agreement-content', 'We keep nothing.');
    ok();
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({
      method: 'PUT',
      path: '/content-service/agreements/a1',
      body: { enterpriseId: 7, language: 'en', type: 'privacy', content: 'We keep nothing.', address: 'https://acme.example.com/privacy', version: 4 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(row).getByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('delete-confirm-input'), { target: { value: 'Acme' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(2));
    expect(saves(sent)[1]).toMatchObject({ method: 'DELETE', path: '/content-service/agreements/a1', body: { confirmName: 'Acme' } });
  });

  it('filters by enterprise, language and type', async () => {
    const sent = host();
    renderPage(Agreements, PAGES.agreement, ALL);
    await screen.findByTestId('type-a1');
    await waitFor(() => expect(sent.some((c) => c.path === '/content-service/languages')).toBe(true));
    choose('agreement-enterprise-filter', 'Acme');
    choose('agreement-language-filter', 'Chinese (zhCn)');
    choose('agreement-type-filter', 'Children’s privacy');
    const before = sent.length;
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const searched = () => sent.slice(before).filter((c) => c.path === '/content-service/agreements');
    await waitFor(() => expect(searched().length).toBeGreaterThan(0));
    const query = searched()[0].query;
    expect([query.get('enterpriseId'), query.get('language'), query.get('type')]).toEqual(['7', 'zhCn', 'children']);
  });

  it('offers no add, edit or delete with the view right alone', async () => {
    host();
    renderPage(Agreements, PAGES.agreement, ['content:agreement:view']);
    const row = (await screen.findByTestId('type-a1')).closest('tr') as HTMLElement;
    expect(screen.queryByTestId('add-agreement')).toBeNull();
    expect(within(row).queryByText('Edit')).toBeNull();
    expect(within(row).queryByText('Delete')).toBeNull();
  });
});
