/**
 * An unsigned signature is an absent one. @rjsf can hand a form an empty object where a signature
 * was never given (it sanitizes the data when a conditional schema switches branches, as the I-9's
 * status does), and the signature's own required name and time then failed out of sight. These keep
 * "unsigned" meaning "absent": the field's own required message instead of its parts', and nothing
 * sent for it. Pure: the record screens (renderers/) and the signature field (forms/) read it alike.
 */
import type { FieldError } from './messages.ts';

/**
 * Whether a typed name signs: it holds a letter of some script that shows. Spaces, ideographic
 * spaces, zero-width characters or the Hangul fillers alone look blank on the form and sign for nobody.
 */
export function namesSigner(name: unknown): name is string {
  return typeof name === 'string' && /\p{L}/u.test(name.replace(BLANK_LETTERS, ''));
}

/** Letters by Unicode's count that show as nothing: the Hangul fillers. */
const BLANK_LETTERS = /[\u115f\u1160\u3164\uffa0]/g;

/** The refusal of a new signature whose name names nobody (at `<signature>/name`). */
export const NAME_NEEDED = 'Type your full name to sign.';

/** The words of a name as compared: letters and digits, accents and case set aside. */
function nameWords(name: string): string[] {
  const plain = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return plain.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Whether a typed signature is the signer's own name: it holds one of the words of a name the
 * product knows them by (the account's display name, the employee record's first, middle or last
 * name). Not the whole name (an initial, a middle name or a married name added are the person's
 * way of signing), but not any name: a W-4 signed "Mickey Mouse" beside José Ñúñez's SSN was
 * accepted and printed. Nothing known to compare with: any name.
 */
export function signsAs(typed: string, known: readonly unknown[]): boolean {
  const theirs = known.flatMap((k) => (typeof k === 'string' ? nameWords(k) : []));
  if (!theirs.length) return true;
  const words = nameWords(typed);
  // Initials alone ("S. S."): each one of the person's names'.
  if (words.length && words.every((w) => w.length === 1)) return words.every((w) => theirs.some((t) => t[0] === w));
  const full = new Set(theirs.filter((t) => t.length >= 2));
  return words.some((w) => w.length >= 2 && full.has(w));
}

/** The refusal of a signature in a name that is not the signer's (at `<signature>/name`). */
export const OWN_NAME = (name: string) => `Sign with your own name, as ${name}.`;

/** A signature counts only with a name and a time (spec/001 section 3); a bare default is unsigned. */
export function isSigned(value: unknown): value is { name: string; timestamp: number } {
  if (!value || typeof value !== 'object') return false;
  const v = value as { name?: unknown; timestamp?: unknown };
  return namesSigner(v.name) && typeof v.timestamp === 'number';
}

/**
 * A signature field of a form, with its message when the form requires it: a top-level field, or
 * (with `array`) the field of each item of a top-level array (an I-9 supplement block's signature).
 */
export interface SignatureSlot {
  field: string;
  array?: string;
  requiredMessage?: string;
}

/** Where a slot's signature is in an error path: `/field/` or `/array/<n>/field/`, and the signature's own path. */
function slotAt(path: string, s: SignatureSlot): { at: string; part: string } | undefined {
  const prefix = s.array ? new RegExp(`^/${s.array}/(\\d+)/${s.field}/`) : new RegExp(`^/${s.field}/`);
  const m = prefix.exec(path);
  return m ? { at: m[0].slice(0, -1), part: path.slice(m[0].length) } : undefined;
}

const PARTS = new Set(['name', 'timestamp']);

/** Replaces "a part is missing" errors of each signature by its own required message (or nothing). */
export function unsignedAsAbsent(errors: FieldError[], slots: readonly SignatureSlot[]): FieldError[] {
  if (!slots.length) return errors;
  const out: FieldError[] = [];
  const unsigned = new Map<string, SignatureSlot>();
  for (const e of errors) {
    const found = slots.map((s) => ({ s, m: slotAt(e.path, s) })).find((x) => x.m);
    if (found?.m && e.keyword === 'required' && PARTS.has(found.m.part)) unsigned.set(found.m.at, found.s);
    else out.push(e);
  }
  for (const [at, s] of unsigned) {
    if (s.requiredMessage && !out.some((e) => e.path === at)) {
      out.push({ path: at, message: s.requiredMessage, keyword: 'required' });
    }
  }
  return out;
}

/** The data with every unsigned signature left out (an item's too). */
export function withoutUnsigned<T extends Record<string, unknown>>(data: T, slots: readonly SignatureSlot[]): T {
  let out = data;
  for (const { field, array } of slots) {
    if (array) {
      const items = out[array];
      if (!Array.isArray(items) || !items.some((i) => i?.[field] !== undefined && !isSigned(i[field]))) continue;
      if (out === data) out = { ...data };
      (out as Record<string, unknown>)[array] = items.map((i) => {
        if (i?.[field] === undefined || isSigned(i[field])) return i;
        const { [field]: _unsigned, ...rest } = i;
        return rest;
      });
      continue;
    }
    const v = out[field];
    if (v !== undefined && !isSigned(v)) {
      if (out === data) out = { ...data };
      delete out[field];
    }
  }
  return out;
}
