import { describe, expect, it } from 'vitest';

import { blockedOnOk, cleanSpecs, deleteMember, emptyParam, removeEnumRow, requiredSpecs, saveMember, showsEnumAdd, specsForType, typesAt, withUnit, type Param } from './thingModel';

const member = (identifier: string): Param => ({ identifier, name: identifier.toUpperCase(), dataType: { type: 'int', specs: { unit: '%' } } });

describe('the parameter editor', () => {
  it('selecting bool sets falseValue 1 and trueValue 0 and clears the enum items', () => {
    const specs = specsForType('bool', { enumParam: [{ text: 'on', value: 1 }], length: 3 }, undefined);
    expect(specs).toEqual({ length: 3, falseValue: 1, trueValue: 0 });
  });

  it('selecting another type removes the bool values and restores the kept enum list', () => {
    const kept = [{ text: 'quiet', value: 0 }];
    expect(specsForType('enum', { falseValue: 1, trueValue: 0 }, kept)).toEqual({ enumParam: kept });
  });

  it('without a kept enum list, another type gets one empty pair', () => {
    expect(specsForType('int', { falseValue: 1, trueValue: 0 }, undefined)).toEqual({ enumParam: [{ text: '', value: null }] });
  });

  it('removing the last enum row leaves one empty row', () => {
    expect(removeEnumRow([{ text: 'a', value: 1 }], 0)).toEqual([{ text: '', value: null }]);
    expect(
      removeEnumRow(
        [
          { text: 'a', value: 1 },
          { text: 'b', value: 2 },
        ],
        0,
      ),
    ).toEqual([{ text: 'b', value: 2 }]);
  });

  it('the enum add control is on the last row only', () => {
    const rows = [
      { text: 'a', value: 1 },
      { text: 'b', value: 2 },
    ];
    expect([showsEnumAdd(rows, 0), showsEnumAdd(rows, 1)]).toEqual([false, true]);
  });

  it('adding a struct member appends it, editing replaces it in place, deleting removes it', () => {
    const appended = saveMember([member('x')], member('y'));
    expect(appended.map((m) => m.identifier)).toEqual(['x', 'y']);
    const replaced = saveMember(appended, member('z'), 0);
    expect(replaced.map((m) => m.identifier)).toEqual(['z', 'y']);
    expect(deleteMember(replaced, 0).map((m) => m.identifier)).toEqual(['y']);
  });

  it('choosing a unit copies its name into unitName', () => {
    const units = [{ symbol: '°C', name: 'Celsius' }];
    expect(withUnit({ accuracy: 1 }, '°C', units)).toEqual({ accuracy: 1, unit: '°C', unitName: 'Celsius' });
  });

  it('OK with an array whose specs are empty is blocked with "please save the array information"', () => {
    const array: Param = { identifier: 'points', name: 'Points', dataType: { type: 'array', specs: {} } };
    expect(blockedOnOk(array)).toBe('saveArray');
    array.dataType.specs.arrDataType = { type: 'int', specs: {} };
    expect(blockedOnOk(array)).toBeNull();
  });

  it('string needs a length, float and double an accuracy and a unit, int a unit; element specs need nothing', () => {
    expect(requiredSpecs('string', 'top')).toEqual(['length']);
    expect(requiredSpecs('float', 'top')).toEqual(['accuracy', 'unit']);
    expect(requiredSpecs('double', 'member')).toEqual(['accuracy', 'unit']);
    expect(requiredSpecs('int', 'top')).toEqual(['unit']);
    expect(requiredSpecs('int', 'element')).toEqual([]);
    expect(requiredSpecs('struct', 'element')).toEqual(['struct']);
  });

  it('a struct member cannot be a struct or an array; an array element cannot be a bool or an enum', () => {
    expect(typesAt('member')).not.toContain('struct');
    expect(typesAt('member')).not.toContain('array');
    expect(typesAt('element')).toEqual(['struct', 'string', 'double', 'float', 'int']);
  });

  it('saving keeps only the specs of the type and drops empty enum rows', () => {
    expect(cleanSpecs('string', { length: 8, unit: '%', enumParam: [] })).toEqual({ length: 8 });
    expect(
      cleanSpecs('enum', {
        enumParam: [
          { text: 'a', value: 1 },
          { text: '', value: null },
        ],
      }),
    ).toEqual({ enumParam: [{ text: 'a', value: 1 }] });
    expect(emptyParam().dataType.type).toBe('');
  });
});
