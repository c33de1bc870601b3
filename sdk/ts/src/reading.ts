import type { DataType } from './thingModel';

/** A value the thing model does not describe, as text: strings as they are, the rest as JSON. */
function raw(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
}

/**
 * A device's reading as its thing model says it: an enum's name rather than its number, a number
 * with its unit, a struct field by field, a list item by item. A value the model does not
 * describe (no type, an enum number it does not list, a struct that is no object) is shown as it
 * came, never hidden.
 */
export function formatReading(value: unknown, dataType: DataType | undefined): string {
  if (value === null || value === undefined) return '—';
  const specs = dataType?.specs ?? {};
  switch (dataType?.type) {
    case 'enum': {
      const item = specs.enumParam?.find((e) => e.value !== null && e.value === value);
      return item?.text ? item.text : raw(value);
    }
    case 'int':
    case 'float':
    case 'double':
      return typeof value === 'number' && specs.unit ? `${value} ${specs.unit}` : raw(value);
    case 'struct': {
      if (typeof value !== 'object' || Array.isArray(value)) return raw(value);
      const fields = value as Record<string, unknown>;
      const members = specs.struct ?? [];
      const known = members.filter((m) => m.identifier in fields).map((m) => `${m.name}: ${formatReading(fields[m.identifier], m.dataType)}`);
      const others = Object.keys(fields)
        .filter((k) => !members.some((m) => m.identifier === k))
        .map((k) => `${k}: ${raw(fields[k])}`);
      return [...known, ...others].join(', ');
    }
    case 'array':
      return Array.isArray(value) ? value.map((item) => formatReading(item, specs.arrDataType)).join(', ') : raw(value);
    default:
      return raw(value);
  }
}
