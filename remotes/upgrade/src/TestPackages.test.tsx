import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import TestPackages from './TestPackages';
import { firmwarePackage, page, renderPage, serve, type Sent } from './testing';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['ota:test:view', 'ota:test:edit', 'ota:test:run'];
const ROWS = [firmwarePackage('bare', 'approved'), firmwarePackage('ready', 'approved', 'production', { testSns: ['LAB-0001', 'LAB-0002'] })];

const starts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST' && c.path.endsWith('/test/start'));

describe('the firmware test page', { timeout: 30_000 }, () => {
  it('asks for test devices instead of starting a test without any (the server refuses it)', async () => {
    const sent = serve(() => page(ROWS));
    renderPage(TestPackages, '/ota-upgrade/test', ALL);
    fireEvent.click(await screen.findByTestId('start-test-bare'));
    expect(await screen.findByText('Add its test devices first: a test needs at least one.')).toBeTruthy();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Test devices · V-bare 1.1.0')).toBeTruthy();
    expect(document.querySelector('.ant-modal-confirm')).toBeNull();
    expect(starts(sent)).toEqual([]);
  });

  it('only says so to a user who may run tests but not set their devices', async () => {
    const sent = serve(() => page(ROWS));
    renderPage(TestPackages, '/ota-upgrade/test', ['ota:test:view', 'ota:test:run']);
    fireEvent.click(await screen.findByTestId('start-test-bare'));
    expect(await screen.findByText('Add its test devices first: a test needs at least one.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(starts(sent)).toEqual([]);
  });

  it('starts a test with devices after its confirmation, naming how many get the package', async () => {
    const sent = serve((call) => (call.method === 'GET' ? page(ROWS) : { data: ROWS[1] }));
    renderPage(TestPackages, '/ota-upgrade/test', ALL);
    fireEvent.click(await screen.findByTestId('start-test-ready'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Its test devices (2) will be offered the package.')).toBeTruthy();
    expect(starts(sent)).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(starts(sent)).toHaveLength(1));
    expect(starts(sent)[0].path).toContain('/packages/ready/test/start');
    expect(await screen.findByText('Test started')).toBeTruthy();
  });
});
