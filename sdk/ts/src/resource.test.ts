import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import { queryParams } from './resource';

describe('a resource page sends its query form as the list query', () => {
  it('keeps plain values, drops empty ones, and sends a date range as whole days', () => {
    const from = dayjs('2026-11-01T15:30:00');
    const to = dayjs('2026-11-03T08:00:00');
    const params = queryParams({ breedName: 'Ragdoll', mode: 'precise', hot: true, weight: 4, initial: undefined, range: [from, to] });
    expect(params).toEqual({
      breedName: 'Ragdoll',
      mode: 'precise',
      hot: true,
      weight: 4,
      startTime: dayjs('2026-11-01T00:00:00').valueOf(),
      endTime: dayjs('2026-11-03T23:59:59.999').valueOf(),
    });
  });
});
