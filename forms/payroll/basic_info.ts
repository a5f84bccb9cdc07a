/**
 * Basic information: the mailing-address toggle (spec/000 section 4). Switched off, the mailing
 * address is the legal address (copied, and kept a copy while the legal address is edited); switched
 * on, the mailing address is cleared for its own entry. The toggle's state is read from the data, so
 * it needs no state of its own: on when a mailing address differs from the legal one, or was cleared
 * (an empty address); off when it is a copy, or when the record holds none (the person gave no other:
 * their mail goes to the legal address, as the seeded records and the payroll provider's hold it).
 */
import type { FormBehaviour, PatchFn } from '../behaviour/behaviour.ts';
import type { Address as SchemaAddress } from '../../types/generated/common/defs.ts';

/** An address as the form holds it while it is typed: the schema's parts, each any text so far. */
export type Address = { [K in keyof SchemaAddress]?: string };

const KEYS = [
  'address1',
  'address2',
  'city',
  'state',
  'postal_code',
] as const satisfies readonly (keyof SchemaAddress)[];

/** The address's non-blank parts, trimmed; undefined when it has none. */
export function normalizeAddress(a: unknown): Address | undefined {
  if (!a || typeof a !== 'object') return undefined;
  const out: Address = {};
  for (const k of KEYS) {
    const v = (a as Record<string, unknown>)[k];
    if (typeof v === 'string' && v.trim() !== '') out[k] = v.trim();
  }
  return Object.keys(out).length ? out : undefined;
}

export function sameAddress(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalizeAddress(a) ?? {}) === JSON.stringify(normalizeAddress(b) ?? {});
}

/**
 * The toggle's state: on ("different") when the mailing address differs from the legal one, or is
 * cleared (an empty address, as switching the toggle on leaves it); off when it is a copy, or the
 * record holds none at all (no other address was given: the mail goes to the legal address).
 */
export function mailingIsDifferent(mailing: unknown, legal: unknown): boolean {
  if (mailing === undefined || mailing === null) return false;
  return normalizeAddress(mailing) === undefined || !sameAddress(mailing, legal);
}

/** The mailing address after switching the toggle: on clears it (an empty address), off copies the legal one. */
export function mailingAfterToggle(different: boolean, legal: unknown): Address | undefined {
  return different ? {} : normalizeAddress(legal);
}

/** One line for an address, e.g. "12 Main St, Apt 4, Springfield, IL 62701". */
export function addressLine(a: unknown): string {
  const n = normalizeAddress(a);
  if (!n) return '';
  const cityLine = [n.city, [n.state, n.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [n.address1, n.address2, cityLine].filter(Boolean).join(', ');
}

/** While the toggle is off, an edit of the legal address is copied into the mailing address. */
const followLegal: PatchFn = (next, prev) =>
  mailingIsDifferent(prev.mailing_address, prev.legal_address)
    ? {}
    : { mailing_address: normalizeAddress(next.legal_address) };

export const basicInfoBehaviour: FormBehaviour = { patches: { legal_address: followLegal } };
