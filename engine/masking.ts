/**
 * Sensitive fields: which they are (x-sensitive in the schema) and how each kind reads back masked.
 */
import type { JsonSchema } from './entity.ts';
import { walkFields, valuesAt, setAt, type FieldPath } from './schema-walk.ts';

/**
 * ssn: `xxx-xx-1234`; account: the last four digits behind x; id (an immigration or identity
 * document number: A-Number, passport, I-94, List A/B/C numbers, letters allowed): the last four
 * characters behind x; date (a date of birth kept as a frozen copy): `xxxx-xx-xx`, nothing shown;
 * secret: never answered.
 */
export type SensitiveKind = 'ssn' | 'account' | 'id' | 'date' | 'secret';

/** The kinds `retrieve_sensitive` answers whole (the SSN has its own call, a secret is never answered). */
export const REVEALABLE_KINDS: readonly SensitiveKind[] = ['id'];

export interface SensitiveField {
  path: FieldPath;
  kind: SensitiveKind;
}

export function sensitiveFields(bundled: JsonSchema): SensitiveField[] {
  return (
    walkFields(bundled)
      // A file's bytes are encrypted by the file store (server/files); its value is no secret.
      .filter((f) => typeof f.schema['x-sensitive'] === 'string' && f.schema['x-sensitive'] !== 'file')
      .map((f) => ({ path: f.path, kind: f.schema['x-sensitive'] as SensitiveKind }))
  );
}

const DATE_MASK = 'xxxx-xx-xx';

/** The characters an identifier's mask may show: letters and digits, without spaces or dashes. */
const idChars = (plain: string) => plain.replace(/[^A-Za-z0-9]/g, '');

/** `xxx-xx-1234` for an SSN, the last four digits (characters, for an id) behind x for the others. */
export function maskValue(kind: SensitiveKind, plain: string): string | undefined {
  if (kind === 'secret') return undefined;
  if (kind === 'date') return DATE_MASK;
  if (kind === 'id') {
    const chars = idChars(plain);
    // At most 12 x: a long document number's mask stays short (the envelope keeps it beside the ciphertext).
    return 'x'.repeat(Math.min(Math.max(chars.length - 4, 4), 12)) + chars.slice(-4);
  }
  const digits = plain.replace(/\D/g, '');
  const last4 = digits.slice(-4);
  if (kind === 'ssn') return `xxx-xx-${last4.padStart(4, 'x')}`;
  return 'x'.repeat(Math.max(digits.length - 4, 4)) + last4;
}

/** Is this value a masked one (as a client sends it back unchanged)? */
export function looksMasked(kind: SensitiveKind, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (kind === 'ssn') return /^xxx-xx-[\dx]{4}$/.test(value);
  if (kind === 'date') return value === DATE_MASK;
  if (kind === 'id') return /^x{4,}[A-Za-z0-9]{0,4}$/.test(value);
  return /^x{4,}\d{0,4}$/.test(value);
}

/**
 * Whether a masked value read back could be the mask of this stored value: the digits it shows
 * are the stored value's last digits (an account's last four, an SSN's); an id's mask is the
 * stored value's own, letters included.
 */
export function maskFits(masked: string, stored: string, kind?: SensitiveKind): boolean {
  if (kind === 'id' || kind === 'date') return masked === maskValue(kind, stored);
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
