import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';
import { choose, serve } from '@console/sdk/testing';

import ControlForm from './ControlForm';
import type { ThingModel } from './types';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const MODEL = {
  properties: [
    {
      identifier: 'suction',
      name: 'Suction',
      accessMode: 'rw',
      dataType: {
        type: 'enum',
        specs: {
          enumParam: [
            { text: 'quiet', value: 1 },
            { text: 'turbo', value: 3 },
          ],
        },
      },
    },
  ],
  events: [],
  services: [],
} as unknown as ThingModel;

const HOUR = 3_600_000;

function setSuction(online: boolean) {
  render(
    <App>
      <ControlForm sn="RV-1" model={MODEL} online={online} />
    </App>,
  );
  choose('control-feature', 'Set property: Suction');
  choose('control-suction', 'turbo (3)');
}

describe('the device control form', { timeout: 30_000 }, () => {
  it('keeps a command for an offline device as long as the user chooses, and says until when', async () => {
    const sent = serve((call) => ({ data: { id: 'c1', state: 'pending', sentAt: 0, expiresAt: 24 * HOUR, ...(call.body as object) } }));
    setSuction(false);
    expect(screen.getByTestId('control-send').textContent).toBe('Send (the device is offline)');
    choose('control-keep-for', 'Keep for 1 day');
    fireEvent.click(screen.getByTestId('control-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/device-service/devices/RV-1/properties', body: { params: { suction: 3 }, keepFor: 86400 } });
    expect(await screen.findByText(/The device is offline: the command is kept for it until/)).toBeTruthy();
    // A kept command is not read every second for a day.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
  });

  it('sends to an online device without keeping, and follows the command until the device answers', async () => {
    const sent = serve((call) =>
      call.method === 'POST' ? { data: { id: 'c2', state: 'pending', sentAt: 0, expiresAt: 30_000 } } : { data: { id: 'c2', state: 'succeeded', sentAt: 0, expiresAt: 30_000 } },
    );
    setSuction(true);
    expect(screen.queryByTestId('control-keep-for')).toBeNull();
    fireEvent.click(screen.getByTestId('control-send'));
    expect(await screen.findByText('The device carried out the command.')).toBeTruthy();
    expect(sent[0].body).toEqual({ params: { suction: 3 } });
    expect(sent[1]).toMatchObject({ method: 'GET', path: '/device-service/commands/c2' });
  });
});
