import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { addSdkStrings } from '@console/sdk';

import { POLL_MS } from './parts';
import { RolloutDrawer } from './RolloutDrawer';
import { firmwarePackage } from './testing';
import type { RolloutProgress, Status } from './types';

// echarts draws on a canvas jsdom lacks: the chart is a plain element here.
vi.mock('@console/sdk/charts', () => ({
  Chart: ({ testId, series }: { testId?: string; series: { data: number[] }[] }) => <div data-testid={testId}>{series.map((s) => s.data.join(',')).join(';')}</div>,
}));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: {} });
  addSdkStrings();
});

const pkg = (status: Status) => firmwarePackage('p1', status, 'production', { modelCode: 'V1', mustPass: false, grayStartedAt: 1 });

/** The host as the drawer sees it: the progress grows by one success per reading. */
function serve(status: Status) {
  let readings = 0;
  const calls: string[] = [];
  const answer = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 200, msg: 'ok', data })));
  vi.stubGlobal('fetch', (input: URL) => {
    const url = new URL(String(input));
    calls.push(url.pathname);
    if (url.pathname.endsWith('/progress')) {
      readings += 1;
      const progress: RolloutProgress = {
        package: pkg(status),
        counts: { queued: 2, downloading: 1, downloaded: 0, verifying: 0, updating: 0, succeeded: readings, failed: 1, timedOut: 0 },
        series: [{ at: 1000, succeeded: readings, failed: 1 }],
        failures: [{ reason: 'battery', count: 1 }],
      };
      return answer(progress);
    }
    return answer({ list: [], total: 0, page: 1, pageSize: 20 });
  });
  return { calls, progressCalls: () => calls.filter((path) => path.endsWith('/progress')).length };
}

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a rollout’s live progress', () => {
  it('shows the counts and reads them again every 3 seconds while in gray, until closed', async () => {
    const host = serve('inGray');
    const view = render(<RolloutDrawer rollout={pkg('inGray')} onClose={() => undefined} />);
    expect((await screen.findByTestId('rollout-succeeded')).textContent).toBe('1');
    expect(screen.getByTestId('rollout-total').textContent).toBe('5');
    expect(screen.getByTestId('rollout-live')).toBeTruthy();
    expect(screen.getByTestId('rollout-series').getAttribute('data-succeeded')).toBe('1');
    expect(screen.getByText('Battery too low')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(POLL_MS));
    expect((await screen.findByTestId('rollout-succeeded')).textContent).toBe('2');
    expect(await screen.findByTestId('rollout-chart')).toBeTruthy();
    expect(host.progressCalls()).toBe(2);

    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(host.progressCalls()).toBe(2);
  });

  it('reads a revoked rollout once', async () => {
    const host = serve('unpublished');
    render(<RolloutDrawer rollout={pkg('unpublished')} onClose={() => undefined} />);
    expect((await screen.findByTestId('rollout-succeeded')).textContent).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(POLL_MS * 3));
    expect(host.progressCalls()).toBe(1);
    expect(screen.queryByTestId('rollout-live')).toBeNull();
  });
});
