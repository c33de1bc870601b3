import { describe, expect, it } from 'vitest';

import { formatReading } from './reading';
import type { DataType } from './thingModel';

const percent: DataType = { type: 'int', specs: { unit: '%', min: 0, max: 100 } };
const suction: DataType = {
  type: 'enum',
  specs: {
    enumParam: [
      { text: 'quiet', value: 1 },
      { text: 'turbo', value: 3 },
    ],
  },
};
const cm: DataType = { type: 'int', specs: { unit: 'cm' } };
const position: DataType = {
  type: 'struct',
  specs: {
    struct: [
      { identifier: 'x', name: 'X', dataType: cm },
      { identifier: 'y', name: 'Y', dataType: cm },
    ],
  },
};

describe('a reading as its thing model says it', () => {
  it('gives an enum its name, a number its unit, a struct its fields and a list its items', () => {
    expect(formatReading(87, percent)).toBe('87 %');
    expect(formatReading(3, suction)).toBe('turbo');
    expect(formatReading({ x: 120, y: -40 }, position)).toBe('X: 120 cm, Y: -40 cm');
    expect(formatReading([1, 3], { type: 'array', specs: { arrDataType: suction } })).toBe('quiet, turbo');
    expect(formatReading('kitchen', { type: 'string', specs: { length: 32 } })).toBe('kitchen');
  });

  it('shows what the model does not describe as it came, never hides it', () => {
    expect(formatReading(7, suction)).toBe('7');
    expect(formatReading(5, { type: 'int', specs: {} })).toBe('5');
    expect(formatReading({ x: 1, z: 2 }, position)).toBe('X: 1 cm, z: 2');
    expect(formatReading({ a: 1 }, undefined)).toBe('{"a":1}');
    expect(formatReading(null, percent)).toBe('—');
  });
});
