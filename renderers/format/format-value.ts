/**
 * One field value as text for the list and view screens (spec/000 section 9): dates MM/DD/YYYY from
 * epoch seconds or YYYY-MM-DD (and the time of day for a moment such as an audit entry's), phones (###) ###-#### with a leading 1 dropped, enum labels.
 */
import { epochToUs, epochToUsDateTime, formatPhone, isoToUs } from '../../engine/masks.ts';
import type { JsonObject } from '../api/types.ts';
import { fieldSchema, valueKind, type ValueKind } from './schema-facts.ts';
import { isFileValue } from '../../engine/files.ts';

export function enumLabel(schema: JsonObject | undefined, value: unknown): string {
  const values = schema?.enum as unknown[] | undefined;
  const names = (schema?.['x-enumNames'] ?? schema?.enumNames) as string[] | undefined;
  const i = values ? values.indexOf(value) : -1;
  if (i >= 0 && names?.[i]) return names[i];
  return String(value);
}

export function formatByKind(kind: ValueKind, value: unknown, schema?: JsonObject): string {
  if (value === undefined || value === null || value === '') return '';
  switch (kind) {
    case 'epochDate':
      return typeof value === 'number' ? epochToUs(value) : String(value);
    case 'epochDateTime':
      return typeof value === 'number' ? epochToUsDateTime(value) : String(value);
    case 'isoDate':
      return isoToUs(String(value));
    case 'phone':
      return formatPhone(value);
    case 'enum':
      return enumLabel(schema, value);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'user':
      // The keys as they are: screens show names through UserNames (they need a lookup).
      return Array.isArray(value) ? value.join(', ') : String(value);
    case 'array': {
      const items = schema?.items as JsonObject | undefined;
      return (value as unknown[])
        .map((v) => (typeof v === 'object' ? JSON.stringify(v) : enumLabel(items, v)))
        .join(', ');
    }
    default:
      // A stored file (x-file) reads as its name and size, not as its bookkeeping.
      if (isFileValue(value)) return `${value.name} (${value.size.toLocaleString('en-US')} bytes)`;
      // A list whose schema is not at hand (behind a reference) still reads as its values.
      if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return value.join(', ');
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Formats the value of a dotted field of a record's data per the entity's schema and uiSchema. */
export function formatField(root: JsonObject, ui: JsonObject, dotted: string, value: unknown): string {
  return formatByKind(valueKind(root, ui, dotted), value, fieldSchema(root, dotted));
}
