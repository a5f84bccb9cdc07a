/**
 * An unsigned signature is an absent one. @rjsf can hand a form an empty object where a signature
 * was never given (it sanitizes the data when a conditional schema switches branches, as the I-9's
 * status does), and the signature's own required name and time then failed out of sight. These keep
 * "unsigned" meaning "absent": the field's own required message instead of its parts', and nothing
 * sent for it.
 */
import type { FieldError } from '../../engine/messages.ts';
import { isSigned } from './signature-flow.ts';

/** A top-level signature field of a form, with its message when the form requires it. */
export interface SignatureSlot {
  field: string;
  requiredMessage?: string;
}

const PARTS = new Set(['name', 'timestamp']);

/** Replaces "a part is missing" errors of each signature by its own required message (or nothing). */
export function unsignedAsAbsent(errors: FieldError[], slots: readonly SignatureSlot[]): FieldError[] {
  if (!slots.length) return errors;
  const out: FieldError[] = [];
  const unsigned = new Set<SignatureSlot>();
  for (const e of errors) {
    const slot = slots.find((s) => e.path.startsWith(`/${s.field}/`));
    const part = slot && e.path.slice(slot.field.length + 2);
    if (slot && e.keyword === 'required' && part && PARTS.has(part)) unsigned.add(slot);
    else out.push(e);
  }
  for (const s of unsigned) {
    if (s.requiredMessage && !out.some((e) => e.path === `/${s.field}`)) {
      out.push({ path: `/${s.field}`, message: s.requiredMessage, keyword: 'required' });
    }
  }
  return out;
}

/** The data with every unsigned signature left out. */
export function withoutUnsigned<T extends Record<string, unknown>>(data: T, slots: readonly SignatureSlot[]): T {
  let out = data;
  for (const { field } of slots) {
    const v = data[field];
    if (v !== undefined && !isSigned(v)) {
      if (out === data) out = { ...data };
      delete out[field];
    }
  }
  return out;
}
