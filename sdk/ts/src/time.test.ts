import { describe, expect, it } from 'vitest';

import { formatTime } from './time';

const SOURCES = import.meta.glob<string>(['../../../remotes/*/src/**/*.{ts,tsx}', '../../../shell/src/**/*.{ts,tsx}', './**/*.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('times', () => {
  it('read the same on every page and in every language', () => {
    const at = new Date(2026, 11, 6, 21, 40, 5).valueOf();
    expect(formatTime(at)).toBe('2026-12-06 21:40:05');
    expect(formatTime(null)).toBe('—');
  });

  it("are never left to the browser's locale", () => {
    // toLocaleString() without the console's language follows the browser's, page by page.
    const strays = Object.entries(SOURCES)
      .filter(([path]) => !path.includes('.test.'))
      .filter(([, text]) => /\.toLocale(Date|Time)?String\(\s*(\)|undefined)/.test(text))
      .map(([path]) => path);
    expect(strays).toEqual([]);
  });
});
