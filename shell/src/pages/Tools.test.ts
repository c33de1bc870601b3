import { describe, expect, it } from 'vitest';

import { formatJson, readTimestamp } from './Tools';

describe('the tools page', () => {
  it('reads ten digits or fewer as seconds and more as milliseconds', () => {
    expect(readTimestamp('1700000000')).toEqual({ ms: 1_700_000_000_000, unit: 'seconds' });
    expect(readTimestamp(' 1700000000123 ')).toEqual({ ms: 1_700_000_000_123, unit: 'milliseconds' });
    expect(readTimestamp('0')).toEqual({ ms: 0, unit: 'seconds' });
    expect(readTimestamp('17e8')).toBeNull();
    expect(readTimestamp('')).toBeNull();
  });

  it('formats and minifies JSON, and says where it is not JSON', () => {
    expect(formatJson('{"a":[1,2]}', 2)).toEqual({ text: '{\n  "a": [\n    1,\n    2\n  ]\n}' });
    expect(formatJson('{ "a" : 1 }', 0)).toEqual({ text: '{"a":1}' });
    expect(formatJson('{"a":', 2)).toHaveProperty('error');
  });
});
