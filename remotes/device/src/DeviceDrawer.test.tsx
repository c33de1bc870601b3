import { fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';
import { serve } from '@console/sdk/testing';

import DeviceDrawer from './DeviceDrawer';

// echarts draws on a canvas jsdom lacks: the chart is a plain element here, its series as text.
vi.mock('@console/sdk/charts', () => ({
  Chart: ({ testId, series }: { testId?: string; series: { data: number[] }[] }) => <div data-testid={testId}>{series.map((s) => s.data.join(',')).join(';')}</div>,
}));

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
      { identifier: 'battery', name: 'Battery', accessMode: 'r', dataType: { type: 'int', specs: { unit: '%' } } },
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
    // As the thing model says them: the enum's names, the number with its unit.
    expect((await screen.findByTestId('value-suction')).textContent).toBe('quiet');
    expect(screen.getByTestId('desired-suction').textContent).toBe('Desired: turbo');
    expect(screen.getByTestId('value-battery').textContent).toBe('80 %');
    expect(screen.queryByTestId('desired-battery')).toBeNull();
  });
});

describe('the device drawer history', { timeout: 30_000 }, () => {
  it('reads a numeric property over the chosen range in buckets, and offers them as CSV', async () => {
    const sent = serve((call) => (call.path.endsWith('/history') ? { data: { identifier: 'battery', buckets: [{ at: 1_767_225_600_000, count: 2, min: 70, max: 80, avg: 75 }] } } : { data: DETAIL }));
    render(
      <App>
        <DeviceDrawer sn="RV-1" onClose={() => undefined} />
      </App>,
    );
    fireEvent.click(await screen.findByText('History'));
    expect((await screen.findByTestId('history-chart')).textContent).toBe('70;75;80');
    const asked = sent.find((s) => s.path === '/device-service/devices/RV-1/history');
    expect(asked?.query.get('identifier')).toBe('suction');
    const range = Number(asked?.query.get('to')) - Number(asked?.query.get('from'));
    expect(range).toBe(24 * 3_600_000);
    expect(screen.getByTestId('history-export')).not.toHaveProperty('disabled', true);
  });
});

describe('the history as CSV', () => {
  it('has a row per bucket with its time, count, minimum, maximum and average', async () => {
    const { bucketsCsv } = await import('./PropertyHistory');
    expect(bucketsCsv('battery', [{ at: 0, count: 2, min: 1, max: 3, avg: 2 }])).toBe('time,count,min,max,avg (battery)\n1970-01-01T00:00:00.000Z,2,1,3,2\n');
  });
});
