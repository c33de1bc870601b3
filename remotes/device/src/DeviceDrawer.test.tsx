import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';
import { serve } from '@console/sdk/testing';

import DeviceDrawer from './DeviceDrawer';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});
afterEach(() => vi.unstubAllGlobals());

const DETAIL = {
  device: { id: 'd1', version: 1, data: { sn: 'RV-1', productId: 'p1', online: false, workState: 'idle' } },
  shadow: { suction: { value: 1, time: 1_767_225_600_000 }, battery: { value: 80, time: 1_767_225_600_000 } },
  desired: { suction: { value: 3, since: 1_767_229_200_000 } },
  events: [],
  commands: [],
  thingModel: {
    properties: [
      { identifier: 'suction', name: 'Suction', accessMode: 'rw', dataType: { type: 'enum', specs: {} } },
      { identifier: 'battery', name: 'Battery', accessMode: 'r', dataType: { type: 'int', specs: {} } },
    ],
    events: [],
    services: [],
  },
  binding: null,
};

describe('the device drawer', { timeout: 30_000 }, () => {
  it('shows the desired value waiting for an offline device beside the reported one', async () => {
    serve(() => ({ data: DETAIL }));
    render(
      <App>
        <DeviceDrawer sn="RV-1" onClose={() => undefined} />
      </App>,
    );
    fireEvent.click(await screen.findByText('Properties'));
    expect((await screen.findByTestId('value-suction')).textContent).toBe('1');
    expect(screen.getByTestId('desired-suction').textContent).toBe('Desired: 3');
    expect(screen.queryByTestId('desired-battery')).toBeNull();
  });
});
