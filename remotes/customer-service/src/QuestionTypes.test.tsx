import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import QuestionTypes, { nest } from './QuestionTypes';
import { page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { QuestionType, TypeNode } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['view', 'edit', 'delete'].map((a) => `cs:type:${a}`);
const type = (id: string, name: string, parentId: string | null, sort = 0): QuestionType => ({ id, version: 2, createdAt: 0, updatedAt: 0, name, parentId, sort });
// In the server's order (sort, then creation): a subcategory may come before its category.
const TYPES = [type('s2', 'Billing', 'c2'), type('c1', 'Device', null), type('s1', 'Reset', 'c1'), type('c2', 'Account', null, 5)];
const TREE: TypeNode[] = [
  { id: 'c1', name: 'Device', children: [{ id: 's1', name: 'Reset', children: [] }] },
  { id: 'c2', name: 'Account', children: [{ id: 's2', name: 'Billing', children: [] }] },
];

function host() {
  return serve((call) => {
    if (call.path === '/customer-service/question-types/tree') return { data: TREE };
    if (call.path === '/customer-service/question-types' && call.method === 'GET') {
      return page(call.query.get('name') === 'Bill' ? [TYPES[0]] : TYPES);
    }
    return { data: TYPES[0] };
  });
}

const saves = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' || c.method === 'PUT');

describe('nesting question types', () => {
  it('puts each subcategory under its category, in order, and keeps one found alone at the top', () => {
    const rows = nest(TYPES);
    expect(rows.map((r) => r.id)).toEqual(['c1', 'c2']);
    expect(rows.find((r) => r.id === 'c1')?.children?.map((r) => r.id)).toEqual(['s1']);
    expect(rows.find((r) => r.id === 'c2')?.children?.map((r) => r.id)).toEqual(['s2']);
    const alone = nest([TYPES[0]]);
    expect(alone).toMatchObject([{ id: 's2', alone: true }]);
  });
});

describe('the question type page', { timeout: 30_000 }, () => {
  it('shows categories with their subcategories as a tree, all open', async () => {
    const sent = host();
    renderPage(QuestionTypes, PAGES.questionType, ALL);
    const table = await screen.findByTestId('question-types');
    await within(table).findByTestId('type-s1');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('data-row-key'));
    expect(rows).toEqual(['c1', 's1', 'c2', 's2']);
    // Every type at once, to nest them.
    expect(sent.find((c) => c.method === 'GET' && c.path === '/customer-service/question-types')?.query.get('pageSize')).toBe('1000');
    // Subcategories can be added under a category only.
    expect(screen.getByTestId('add-sub-c1')).toBeTruthy();
    expect(screen.queryByTestId('add-sub-s1')).toBeNull();
  });

  it('names the category of a subcategory a search found alone', async () => {
    host();
    renderPage(QuestionTypes, PAGES.questionType, ALL);
    await screen.findByTestId('type-s1');
    const search = screen.getByRole('button', { name: 'Search' }).closest('form') as HTMLFormElement;
    fireEvent.change(within(search).getAllByRole('textbox')[0], { target: { value: 'Bill' } });
    fireEvent.submit(search);
    await waitFor(() => expect(screen.queryByTestId('type-s1')).toBeNull());
    expect(screen.getByTestId('type-s2').textContent).toBe('Billing (Account)');
  });

  it('adds a subcategory under the category it was asked from', async () => {
    const sent = host();
    renderPage(QuestionTypes, PAGES.questionType, ALL);
    fireEvent.click(await screen.findByTestId('add-sub-c1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('Add subcategory').length).toBeGreaterThan(0);
    await waitFor(() => expect(within(dialog).getByText('Device')).toBeTruthy());
    typeInto('type-name', ' Firmware ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({ method: 'POST', path: '/customer-service/question-types', body: { name: 'Firmware', parentId: 'c1', sort: 0 } });
  });

  it('edits a category with subcategories as a category, with its version', async () => {
    const sent = host();
    renderPage(QuestionTypes, PAGES.questionType, ALL);
    await screen.findByTestId('type-s1');
    const row = screen.getByTestId('type-c1').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect((within(dialog).getByTestId('type-name') as HTMLInputElement).value).toBe('Device'));
    expect(within(dialog).getByText('This category has subcategories, so it stays a category.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({ method: 'PUT', path: '/customer-service/question-types/c1', body: { name: 'Device', parentId: null, sort: 0, version: 2 } });
  });
});
