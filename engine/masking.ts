/**
 * Sensitive fields: which they are (x-sensitive in the schema) and how each kind reads back masked.
 */
import type { JsonSchema } from './entity.ts';
import { walkFields, valuesAt, setAt, type FieldPath } from './schema-walk.ts';

export type SensitiveKind = 'ssn' | 'account' | 'secret';

export interface SensitiveField {
  path: FieldPath;
  kind: SensitiveKind;
}

export function sensitiveFields(bundled: JsonSchema): SensitiveField[] {
  return walkFields(bundled)
    .filter((f) => typeof f.schema['x-sensitive'] === 'string')
    .map((f) => ({ path: f.path, kind: f.schema['x-sensitive'] as SensitiveKind }));
}

/** `xxx-xx-1234` for an SSN, the last four digits behind x for an account number. */
export function maskValue(kind: SensitiveKind, plain: string): string | undefined {
  if (kind === 'secret') return undefined;
  const digits = plain.replace(/\D/g, '');
  const last4 = digits.slice(-4);
  if (kind === 'ssn') return `xxx-xx-${last4.padStart(4, 'x')}`;
  return 'x'.repeat(Math.max(digits.length - 4, 4)) + last4;
}

/** Is this value a masked one (as a client sends it back unchanged)? */
export function looksMasked(kind: SensitiveKind, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return kind === 'ssn' ? /^xxx-xx-[\dx]{4}$/.test(value) : /^x{4,}\d{0,4}$/.test(value);
}

/**
 * Whether a masked value read back could be the mask of this stored value: the digits it shows
 * are the stored value's last digits (an account's last four, an SSN's).
 */
export function maskFits(masked: string, stored: string): boolean {
  const shown = /\d*$/.exec(masked)![0];
  return stored.replace(/\D/g, '').endsWith(shown);
}

/** Replaces every sensitive value with what `fn` answers (undefined removes the field). */
export function mapSensitive(
  data: Record<string, unknown>,
  fields: readonly SensitiveField[],
  fn: (kind: SensitiveKind, value: unknown, at: (string | number)[]) => unknown,
): Record<string, unknown> {
  for (const f of fields) {
    for (const { at, value } of valuesAt(data, f.path)) {
      if (value === undefined || value === null || value === '') continue;
      setAt(data, at, fn(f.kind, value, at));
    }
  }
  return data;
}
