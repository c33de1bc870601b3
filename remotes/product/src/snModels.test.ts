import { describe, expect, it } from 'vitest';

import { lineCount, ruleChoices, type SnRule } from './snModels';

const rule = (over: Partial<SnRule>): SnRule => ({
  formName: 'Factory',
  attribute: 'factory',
  inputMethod: 'select',
  options: ['SZ', 'HZ'],
  yearOption: false,
  monthOption: false,
  maxLength: 8,
  required: true,
  sort: 1,
  splice: true,
  ...over,
});

describe('SN group forms', () => {
  it('counts SNs as the server does: trimmed, blank lines dropped, repeats once', () => {
    expect(lineCount(' A-1 \n\nA-2\nA-1\n')).toBe(2);
    expect(lineCount(undefined)).toBe(0);
  });

  it('offers the year and month of the generation where a rule allows them', () => {
    const now = new Date(Date.UTC(2026, 2, 9));
    expect(ruleChoices(rule({}), now)).toEqual(['SZ', 'HZ']);
    expect(ruleChoices(rule({ options: [], yearOption: true, monthOption: true }), now)).toEqual(['2026', '03']);
    expect(ruleChoices(rule({ options: ['2026'], yearOption: true }), now)).toEqual(['2026']);
  });
});
