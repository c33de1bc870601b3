import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import AppProducts from './AppProducts';
import { page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { AppProduct } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['view', 'edit', 'delete'].map((a) => `app:product:${a}`);
const ROW: AppProduct = {
  id: 'ap1',
  version: 3,
  createdAt: 0,
  updatedAt: 0,
  appProductName: 'Cleaner',
  appName: 'Clean Home',
  appCode: 'cleanhome',
  platformCode: 'android',
  logo: { fileName: 'logo.png', object: 'o/logo.png', size: 1024, sha256: 'a', md5: 'b' },
  privacyLink: 'https://example.com/privacy',
  clientId: 'CLIENT123',
  secret: { hint: '••••wxyz' },
  appProductId: 'APabcdefghij',
  productIds: ['pr1'],
};

const saves = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' || c.method === 'PUT');

describe('the app product page', { timeout: 30_000 }, () => {
  it('refuses an app code with an underscore as typed, and generates a 32-character secret', async () => {
    const sent = serve(() => page([ROW]));
    renderPage(AppProducts, PAGES.appProduct, ALL);
    fireEvent.click(await screen.findByTestId('add-app-product'));
    await screen.findByTestId('app-code');
    typeInto('app-code', 'clean_home');
    expect(await screen.findByText('The app code cannot contain an underscore.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('secret-generate'));
    await waitFor(() => expect((screen.getByTestId('secret-input') as HTMLInputElement).value).toMatch(/^[A-Za-z0-9]{32}$/));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.getAllByText('Required').length).toBeGreaterThan(0));
    expect(saves(sent)).toEqual([]);
  });

  it('edits with the stored secret’s hint, keeping the secret and the logo when left empty', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page([ROW]) : { data: ROW }));
    renderPage(AppProducts, PAGES.appProduct, ALL);
    await screen.findByText('APabcdefghij');
    fireEvent.click(screen.getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Stored secret: ••••wxyz/)).toBeTruthy();
    expect(within(dialog).getByTestId('client-id').textContent).toContain('CLIENT123');
    expect(within(dialog).getByTestId('app-product-id').textContent).toContain('APabcdefghij');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({
      method: 'PUT',
      path: '/app-service/app-products/ap1',
      body: { appProductName: 'Cleaner', appCode: 'cleanhome', secret: '', logo: '', productIds: ['pr1'], version: 3 },
    });
    const body = saves(sent)[0].body as Record<string, unknown>;
    expect(body).not.toHaveProperty('clientId');
    expect(body).not.toHaveProperty('appProductId');
    expect(body).not.toHaveProperty('storedSecret');
  });
});
