import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import Manuals from './Manuals';
import { choose, page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { Manual } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['view', 'edit', 'delete'].map((a) => `content:manual:${a}`);
const PRODUCTS = [
  { id: 'p1', name: 'Router AX3000' },
  { id: 'p2', name: 'Smart Plug' },
];
const LANGUAGES = [
  { code: 'zhCn', name: 'zhCn' },
  { code: 'en', name: 'en' },
];
const MANUAL: Manual = { id: 'm1', version: 2, createdAt: 0, updatedAt: 0, productId: 'p1', productName: 'Router AX3000', language: 'zhCn', address: 'https://docs.example.com/ax3000/zh' };

function host(save: (call: Sent) => { data: unknown } | { code: number; msg: string; data?: unknown } = (call) => ({ data: { ...MANUAL, ...(call.body as object) } })) {
  return serve((call) => {
    if (call.path === '/content-service/products') return { data: PRODUCTS };
    if (call.path === '/content-service/manual-languages') return { data: LANGUAGES };
    if (call.method === 'GET') return page([MANUAL]);
    return save(call);
  });
}

const saves = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' || c.method === 'PUT' || c.method === 'DELETE');
const ok = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));

describe('the manual page', { timeout: 30_000 }, () => {
  it('adds a manual: the product, the language and the address', async () => {
    const sent = host();
    renderPage(Manuals, PAGES.manual, ALL);
    expect(await screen.findByText('Chinese (zhCn)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-manual'));
    await screen.findByTestId('manual-address');
    choose('manual-product', 'Smart Plug');
    choose('manual-language', 'English (en)');
    typeInto('manual-address', ' https://docs.example.com/plug/en ');
    ok();
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({ method: 'POST', path: '/content-service/manuals', body: { productId: 'p2', language: 'en', address: 'https://docs.example.com/plug/en' } });
    expect(Object.keys(saves(sent)[0].body as object).sort()).toEqual(['address', 'language', 'productId']);
  });

  it('requires the address, and shows the one-per-language refusal on the language field', async () => {
    const refusal = 'This product already has a manual in this language.';
    const sent = host(() => ({ code: 400, msg: refusal, data: { field: 'language' } }));
    renderPage(Manuals, PAGES.manual, ALL);
    fireEvent.click(await screen.findByTestId('add-manual'));
    await screen.findByTestId('manual-address');
    choose('manual-product', 'Router AX3000');
    choose('manual-language', 'Chinese (zhCn)');
    ok();
    expect(await within(screen.getByRole('dialog')).findByText('Required')).toBeTruthy();
    expect(saves(sent)).toEqual([]);
    typeInto('manual-address', 'https://docs.example.com/ax3000/zh2');
    ok();
    const said = await within(screen.getByRole('dialog')).findByText(refusal);
    expect(within(said.closest('.ant-form-item') as HTMLElement).getByTestId('manual-language')).toBeTruthy();
    expect(saves(sent)).toHaveLength(1);
  });

  it('edits with the version, and deletes once the product’s name is typed', async () => {
    const sent = host();
    renderPage(Manuals, PAGES.manual, ALL);
    const row = (await screen.findByText('Chinese (zhCn)')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    await waitFor(() => expect((screen.getByTestId('manual-address') as HTMLInputElement).value).toBe(MANUAL.address));
    typeInto('manual-address', 'https://docs.example.com/ax3000/zh-v2');
    ok();
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({
      method: 'PUT',
      path: '/content-service/manuals/m1',
      body: { productId: 'p1', language: 'zhCn', address: 'https://docs.example.com/ax3000/zh-v2', version: 2 },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(row).getByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('delete-confirm-input'), { target: { value: 'Router AX3000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(2));
    expect(saves(sent)[1]).toMatchObject({ method: 'DELETE', path: '/content-service/manuals/m1', body: { confirmName: 'Router AX3000' } });
  });

  it('reads the languages through its own route, not the agreement page’s', async () => {
    const sent = host();
    renderPage(Manuals, PAGES.manual, ALL);
    fireEvent.click(await screen.findByTestId('add-manual'));
    await screen.findByTestId('manual-address');
    await waitFor(() => expect(sent.some((c) => c.path === '/content-service/manual-languages')).toBe(true));
    expect(sent.some((c) => c.path === '/content-service/languages')).toBe(false);
  });
});
