// The thing model as the server keeps it (plugins/product/src/thing_model.rs), and the parameter
// editor's rules as pure functions: the editor calls them, the unit tests hold them to these
// rules, and the server checks the same rules again on save.

import type { DataType, EnumItem, Param, ParamType, Property, Service, Specs, ThingEvent, ThingModel } from '@console/sdk';

export type { DataType, EnumItem, Param, ParamType, Property, Service, Specs, ThingEvent, ThingModel };

export const TYPES = ['struct', 'string', 'double', 'float', 'int', 'bool', 'enum', 'array'] as const satisfies readonly ParamType[];
export const ELEMENT_TYPES = ['struct', 'string', 'double', 'float', 'int'] as const satisfies readonly ParamType[];
export const MEMBER_TYPES = ['string', 'double', 'float', 'int', 'bool', 'enum'] as const satisfies readonly ParamType[];
/** Where a parameter sits: what types it may take differs. */
export type Place = 'top' | 'member' | 'element';

export interface Unit {
  symbol: string;
  name: string;
}

/** The editor's bool: false is 1, true is 0, both read-only. */
export const BOOL_FALSE = 1;
export const BOOL_TRUE = 0;

export const emptyEnumRow = (): EnumItem => ({ text: '', value: null });

export const emptyParam = (): Param => ({ identifier: '', name: '', dataType: { type: '', specs: {} } });

export const emptyModel = (): ThingModel => ({ properties: [], events: [], services: [] });

/**
 * The specs after the type changes: bool sets falseValue 1 and trueValue 0 and clears the
 * enum items; any other type removes the bool values and restores the enum list kept from
 * before, or one empty pair.
 */
export function specsForType(type: ParamType, specs: Specs, keptEnum: EnumItem[] | undefined): Specs {
  if (type === 'bool') {
    const { enumParam: _dropped, ...rest } = specs;
    return { ...rest, falseValue: BOOL_FALSE, trueValue: BOOL_TRUE };
  }
  const { falseValue: _f, trueValue: _t, ...rest } = specs;
  const restored = keptEnum && keptEnum.length > 0 ? keptEnum : [emptyEnumRow()];
  return { ...rest, enumParam: rest.enumParam && rest.enumParam.length > 0 ? rest.enumParam : restored };
}

/** Removing an enum row; removing the last one leaves one empty row. */
export function removeEnumRow(rows: EnumItem[], index: number): EnumItem[] {
  const left = rows.filter((_, i) => i !== index);
  return left.length > 0 ? left : [emptyEnumRow()];
}

/** The add control shows on the last enum row only. */
export const showsEnumAdd = (rows: EnumItem[], index: number) => index === rows.length - 1;

/** Adding a struct member appends it; editing replaces it at its position. */
export function saveMember(members: Param[], member: Param, at?: number): Param[] {
  if (at === undefined || at < 0 || at >= members.length) return [...members, member];
  return members.map((m, i) => (i === at ? member : m));
}

/** Deleting a struct member removes it. */
export const deleteMember = (members: Param[], at: number): Param[] => members.filter((_, i) => i !== at);

/** Choosing a unit copies its name into unitName. */
export function withUnit(specs: Specs, symbol: string | undefined, units: Unit[]): Specs {
  const unit = units.find((u) => u.symbol === symbol);
  return { ...specs, unit: symbol, unitName: unit?.name };
}

/** The types a parameter may take where it sits. */
export function typesAt(place: Place): readonly ParamType[] {
  return place === 'top' ? TYPES : place === 'member' ? MEMBER_TYPES : ELEMENT_TYPES;
}

/** Which spec fields a type requires; the array element form requires none. */
export function requiredSpecs(type: ParamType | '', place: Place): (keyof Specs)[] {
  if (place === 'element') return type === 'struct' ? ['struct'] : [];
  switch (type) {
    case 'string':
      return ['length'];
    case 'float':
    case 'double':
      return ['accuracy', 'unit'];
    case 'int':
      return ['unit'];
    case 'struct':
      return ['struct'];
    case 'enum':
      return ['enumParam'];
    default:
      return [];
  }
}

/** Why OK is refused before anything is sent, as an i18n key; null when it may be saved. */
export function blockedOnOk(param: Param): 'saveArray' | null {
  if (param.dataType.type === 'array' && !param.dataType.specs.arrDataType?.type) return 'saveArray';
  return null;
}

/** Only the specs of the parameter's type, as the server keeps them (wholly empty enum rows dropped). */
export function cleanSpecs(type: ParamType | '', specs: Specs): Specs {
  const pick = <K extends keyof Specs>(...keys: K[]) => Object.fromEntries(keys.filter((k) => specs[k] !== undefined && specs[k] !== null).map((k) => [k, specs[k]])) as Specs;
  switch (type) {
    case 'string':
      return pick('length');
    case 'int':
      return pick('unit', 'unitName', 'min', 'max', 'step');
    case 'float':
    case 'double':
      return pick('accuracy', 'unit', 'unitName', 'min', 'max', 'step');
    case 'bool':
      return { falseValue: BOOL_FALSE, trueValue: BOOL_TRUE };
    case 'enum':
      return { enumParam: (specs.enumParam ?? []).filter((row) => row.text !== '' || row.value !== null) };
    case 'struct':
      return pick('struct');
    case 'array':
      return pick('arrDataType', 'size');
    default:
      return {};
  }
}

/** A short description of a type and its specs, for the lists. */
export function describeType(dataType: DataType): string {
  const s = dataType.specs;
  switch (dataType.type) {
    case 'string':
      return `string(${s.length ?? '?'})`;
    case 'int':
    case 'float':
    case 'double': {
      const range = s.min !== undefined || s.max !== undefined ? ` ${s.min ?? ''}..${s.max ?? ''}` : '';
      return `${dataType.type}${range}${s.unit ? ` ${s.unit}` : ''}`;
    }
    case 'enum':
      return `enum {${(s.enumParam ?? []).map((e) => `${e.value}:${e.text}`).join(', ')}}`;
    case 'struct':
      return `struct {${(s.struct ?? []).map((m) => m.identifier).join(', ')}}`;
    case 'array':
      return `array<${s.arrDataType?.type ?? '?'}>${s.size ? `[${s.size}]` : ''}`;
    default:
      return dataType.type;
  }
}
