import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import FaqGroups from './FaqGroups';
import { page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { FaqGroup } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const saves = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' || c.method === 'PUT' || c.method === 'DELETE');
const ok = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));

const GROUP: FaqGroup = { id: 'g1', version: 1, createdAt: 0, updatedAt: 0, name: 'Wi-Fi', description: 'Connecting to the network', sort: 3 };

describe('the FAQ group page', { timeout: 30_000 }, () => {
  it('adds a group with its name, description and sort order', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page([GROUP]) : { data: GROUP }));
    renderPage(
      FaqGroups,
      PAGES.faqGroup,
      ['view', 'edit', 'delete'].map((a) => `content:faq-group:${a}`),
    );
    expect(await screen.findByText('Wi-Fi')).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-faq-group'));
    await screen.findByTestId('faq-group-name');
    typeInto('faq-group-name', ' Bluetooth ');
    typeInto('faq-group-description', 'Pairing');
    ok();
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({ method: 'POST', path: '/content-service/faq-groups', body: { name: 'Bluetooth', description: 'Pairing', sort: 0 } });
  });

  it('deletes a group once its name is typed again', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page([GROUP]) : { data: null }));
    renderPage(FaqGroups, PAGES.faqGroup, ['content:faq-group:view', 'content:faq-group:delete']);
    const row = (await screen.findByText('Wi-Fi')).closest('tr') as HTMLElement;
    expect(within(row).queryByText('Edit')).toBeNull();
    fireEvent.click(within(row).getByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('delete-confirm-input'), { target: { value: 'Wi-Fi' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({ method: 'DELETE', path: '/content-service/faq-groups/g1', body: { confirmName: 'Wi-Fi' } });
  });
});
