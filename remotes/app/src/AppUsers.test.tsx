import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings, configureRequest } from '@console/sdk';

import AppUsers from './AppUsers';
import { page, PAGES, renderPage, serve, typeInto } from './testing';
import type { AppUser } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['app:user:view', 'app:user:block', 'app:user:password'];
const user = (username: string, blocked: boolean): AppUser => ({
  id: `u-${username.replace(/\W/g, '')}`,
  version: 1,
  createdAt: 0,
  updatedAt: 0,
  username,
  mobile: '',
  reportedAt: 1_700_000_000_000,
  networkType: 'wifi',
  phoneModel: 'Pixel',
  appVersion: '1.2.0',
  blocked,
  hasPassword: true,
});
const ROWS = [user('ann@example.com', false), user('86-13800138000', true)];

describe('the app user page', { timeout: 30_000 }, () => {
  it('checks a new password by the app-user rule before sending it', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page(ROWS) : { data: ROWS[0] }));
    renderPage(AppUsers, PAGES.appUser, ALL);
    fireEvent.click(await screen.findByTestId('reset-password-ann@example.com'));
    await screen.findByTestId('new-password');
    typeInto('new-password', 'abc 123');
    // The rule as the field's hint, and as its error.
    await waitFor(() => expect(screen.getAllByText('6 to 18 letters and digits, special characters optional, no spaces')).toHaveLength(2));
    typeInto('new-password', 'abc123!');
    typeInto('confirm-password', 'abc123?');
    expect(await screen.findByText('The two passwords differ')).toBeTruthy();
    typeInto('confirm-password', 'abc123!');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST')).toBe(true));
    expect(sent.find((c) => c.method === 'POST')).toMatchObject({ path: '/app-service/app-users/u-annexamplecom/password', body: { password: 'abc123!', confirmPassword: 'abc123!' } });
  });

  it('unblocks after a confirmation; the server’s refusal is said', async () => {
    const notify = vi.fn();
    configureRequest({ notify });
    const sent = serve((call) => (call.method === 'GET' ? page(ROWS) : { code: 409, msg: 'Unblocking failed: this user is not blocked.' }));
    renderPage(AppUsers, PAGES.appUser, ALL);
    expect((await screen.findByTestId('state-86-13800138000')).textContent).toBe('Blocked');
    expect(screen.getByTestId('block-ann@example.com')).toBeTruthy();
    fireEvent.click(screen.getByTestId('unblock-86-13800138000'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST' && c.path === '/app-service/app-users/u-8613800138000/unblock')).toBe(true));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Unblocking failed: this user is not blocked.', 3));
  });

  it('shows no block or reset without their rights', async () => {
    serve(() => page(ROWS));
    renderPage(AppUsers, PAGES.appUser, ['app:user:view']);
    await screen.findByTestId('state-86-13800138000');
    expect(screen.queryByTestId('unblock-86-13800138000')).toBeNull();
    expect(screen.queryByTestId('reset-password-ann@example.com')).toBeNull();
  });
});
