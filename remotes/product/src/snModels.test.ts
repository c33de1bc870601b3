import { describe, expect, it } from 'vitest';

import { ruleChoices, type SnRule } from './snModels';

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
  it('offers the year and month of the generation where a rule allows them', () => {
    const now = new Date(Date.UTC(2026, 2, 9));
    expect(ruleChoices(rule({}), now)).toEqual(['SZ', 'HZ']);
    expect(ruleChoices(rule({ options: [], yearOption: true, monthOption: true }), now)).toEqual(['2026', '03']);
    expect(ruleChoices(rule({ options: ['2026'], yearOption: true }), now)).toEqual(['2026']);
  });
});
