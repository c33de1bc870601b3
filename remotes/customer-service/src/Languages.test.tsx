import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import Languages from './Languages';
import { page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { Language } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['view', 'edit', 'delete'].map((a) => `cs:language:${a}`);
const language = (id: string, name: string, englishName: string, code: string, isDefault: boolean): Language => ({ id, version: 3, createdAt: 0, updatedAt: 0, name, englishName, code, isDefault });
const ROWS = [language('l1', '中文', 'Chinese', 'zhCn', true), language('l2', 'Deutsch', 'German', 'de', false)];

const saves = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' || c.method === 'PUT');

describe('the service language page', { timeout: 30_000 }, () => {
  it('marks the default language, and offers to make another one the default', async () => {
    serve(() => page(ROWS));
    renderPage(Languages, PAGES.language, ALL);
    expect((await screen.findByTestId('default-zhCn')).textContent).toBe('Default');
    expect(screen.queryByTestId('default-de')).toBeNull();
    expect(screen.getByTestId('set-default-de')).toBeTruthy();
    expect(screen.queryByTestId('set-default-zhCn')).toBeNull();
  });

  it('sets a language as the default once confirmed, its other fields as they are', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page(ROWS) : { data: { ...ROWS[1], isDefault: true } }));
    renderPage(Languages, PAGES.language, ALL);
    fireEvent.click(await screen.findByTestId('set-default-de'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Make Deutsch the default language?').length).toBeGreaterThan(0);
    expect(saves(sent)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toEqual(
      expect.objectContaining({ method: 'PUT', path: '/customer-service/languages/l2', body: { name: 'Deutsch', englishName: 'German', code: 'de', isDefault: true, version: 3 } }),
    );
    expect(await screen.findByText('Deutsch is now the default language')).toBeTruthy();
  });

  it('refuses a code with other characters as typed', async () => {
    const sent = serve(() => page(ROWS));
    renderPage(Languages, PAGES.language, ALL);
    fireEvent.click(await screen.findByTestId('add-language'));
    await screen.findByTestId('language-code');
    typeInto('language-name', 'Português');
    typeInto('language-english-name', 'Portuguese');
    typeInto('language-code', 'pt_BR');
    expect(await screen.findByText('Letters, digits and hyphens, at most 16 characters')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saves(sent)).toEqual([]);
    typeInto('language-code', 'pt-BR');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({ method: 'POST', path: '/customer-service/languages', body: { name: 'Português', englishName: 'Portuguese', code: 'pt-BR', isDefault: false } });
  });

  it('keeps the default switch on for the default language', async () => {
    serve(() => page(ROWS));
    renderPage(Languages, PAGES.language, ALL);
    await screen.findByTestId('default-zhCn');
    const row = screen.getByTestId('default-zhCn').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    const toggle = within(dialog).getByTestId('language-default');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect((toggle as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows no set-default without the edit right', async () => {
    serve(() => page(ROWS));
    renderPage(Languages, PAGES.language, ['cs:language:view']);
    await screen.findByTestId('default-zhCn');
    expect(screen.queryByTestId('set-default-de')).toBeNull();
    expect(screen.queryByTestId('add-language')).toBeNull();
  });
});
