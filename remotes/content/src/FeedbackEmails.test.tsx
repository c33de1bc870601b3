import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import FeedbackEmails from './FeedbackEmails';
import { page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { FeedbackEmail } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const saves = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' || c.method === 'PUT' || c.method === 'DELETE');
const ok = () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));

const RECIPIENT: FeedbackEmail = { id: 'r1', version: 5, createdAt: 0, updatedAt: 0, email: 'care@example.com', name: 'Care team' };

describe('the feedback e-mail page', { timeout: 30_000 }, () => {
  it('refuses what is no e-mail address, then adds the recipient', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page([RECIPIENT]) : { data: RECIPIENT }));
    renderPage(
      FeedbackEmails,
      PAGES.feedbackEmail,
      ['view', 'edit', 'delete'].map((a) => `content:feedback-email:${a}`),
    );
    expect(await screen.findByText('care@example.com')).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-feedback-email'));
    await screen.findByTestId('feedback-email-address');
    typeInto('feedback-email-address', 'support.example.com');
    typeInto('feedback-email-name', 'Support');
    ok();
    expect(await screen.findByText('An e-mail address, such as name@example.com')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saves(sent)).toEqual([]);
    typeInto('feedback-email-address', 'support@example.com');
    ok();
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({ method: 'POST', path: '/content-service/feedback-emails', body: { email: 'support@example.com', name: 'Support' } });
  });

  it('edits with the version, and deletes once the address is typed again', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page([RECIPIENT]) : { data: RECIPIENT }));
    renderPage(
      FeedbackEmails,
      PAGES.feedbackEmail,
      ['view', 'edit', 'delete'].map((a) => `content:feedback-email:${a}`),
    );
    const row = (await screen.findByText('care@example.com')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('Edit'));
    await waitFor(() => expect((screen.getByTestId('feedback-email-name') as HTMLInputElement).value).toBe('Care team'));
    typeInto('feedback-email-name', 'Customer care');
    ok();
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({ method: 'PUT', path: '/content-service/feedback-emails/r1', body: { email: 'care@example.com', name: 'Customer care', version: 5 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(row).getByText('Delete'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('delete-confirm-input'), { target: { value: 'care@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(2));
    expect(saves(sent)[1]).toMatchObject({ method: 'DELETE', path: '/content-service/feedback-emails/r1', body: { confirmName: 'care@example.com' } });
  });
});
