import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import Seats from './Seats';
import { choose, page, PAGES, renderPage, serve, type Sent, typeInto } from './testing';
import type { Seat } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const SEAT: Seat = {
  id: 's1',
  version: 1,
  createdAt: 0,
  updatedAt: 0,
  number: 'A01',
  accountId: 7,
  userName: 'ann',
  agentName: 'Ann',
  maxUsers: 3,
  manualBusy: false,
  timeZone: 'Asia/Shanghai',
  periods: [{ days: 'weekdays', start: '09:00', end: '18:00' }],
  state: { online: true, onDuty: false, active: 1, status: 'busy' },
};
const ALL = ['cs:seat:view', 'cs:seat:edit', 'cs:seat:delete'];
const saves = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' || c.method === 'PUT');

describe('the seat page', { timeout: 30_000 }, () => {
  it('says whether a seat takes chats, and why not', async () => {
    serve(() => page([SEAT]));
    renderPage(Seats, PAGES.seatList, ALL);
    const status = await screen.findByTestId('seat-status-A01');
    expect(status.textContent).toContain('Busy');
    expect(status.textContent).toContain('1 of 3 connected');
    expect(status.textContent).toContain('off duty');
    expect(screen.getByText('Monday to Friday 09:00–18:00')).toBeTruthy();
  });

  it('adds a seat with its account, periods checked as typed', async () => {
    const sent = serve((call) => {
      if (call.path === '/customer-service/seat-accounts') return { data: [{ id: 8, userName: 'bob', name: 'Bob' }] };
      return call.method === 'GET' ? page([SEAT]) : { data: { ...SEAT, id: 's2', number: 'B01' } };
    });
    renderPage(Seats, PAGES.seatList, ALL);
    fireEvent.click(await screen.findByTestId('add-seat'));
    await screen.findByTestId('seat-number');
    typeInto('seat-number', 'B01');
    choose('seat-account', 'Bob (bob)');
    typeInto('seat-period-start', '9:00');
    expect(await screen.findByText('HH:MM from 00:00 to 24:00')).toBeTruthy();
    typeInto('seat-period-start', '22:00');
    typeInto('seat-period-end', '06:00');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(saves(sent)).toHaveLength(1));
    expect(saves(sent)[0]).toMatchObject({
      method: 'POST',
      path: '/customer-service/seats',
      body: { number: 'B01', userName: 'bob', maxUsers: 5, manualBusy: false, periods: [{ days: 'weekdays', start: '22:00', end: '06:00' }] },
    });
  });
});
