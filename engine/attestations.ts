/**
 * Signatures that bind what they attest (x-attests on a signature field), read from the schema the
 * same way by the server (which refuses and voids) and the screens (which show read-only fields).
 */
import type { JsonSchema } from './entity.ts';

/** The top-level field where the server keeps signatures a change voided. */
export const SIGNATURE_HISTORY = 'signature_history';

export interface Attests {
  fields: string[] | '*';
  signer?: '@owner';
  prints?: Record<string, string[]>;
  /** On an item's signature: a new item is signed when it is added. */
  requiredWhenAdded?: boolean;
  /** On an item's signature in an array keyed by user: only the user the item's key names signs it. */
  signerIsItemKey?: boolean;
}

type Props = Record<string, JsonSchema>;
type Resolve = (p: JsonSchema) => JsonSchema;

const attestsOf = (p: JsonSchema | undefined) => p?.['x-attests'] as Attests | undefined;

/**
 * Fields only others change (an `x-edit` that does not name `@owner`): the employer's own answers kept
 * on the employee's form, such as the W-4's state unemployment (SUI) state.
 */
export function othersOnlyFields(props: Props, resolve: Resolve): Set<string> {
  const out = new Set<string>();
  for (const [name, p] of Object.entries(props)) {
    const edit = (p['x-edit'] ?? resolve(p)['x-edit']) as unknown;
    if (Array.isArray(edit) && !edit.includes('@owner') && !attestsOf(p) && !attestsOf(resolve(p))) out.add(name);
  }
  return out;
}

/**
 * What "*" never covers: the signatures, their history, server-owned and read-only fields, the owner's
 * key, and the fields only others change (the owner neither answers nor sees them: payroll setting the
 * W-4's SUI state voided the employee's signature).
 */
export function notAttested(props: Props, resolve: Resolve): Set<string> {
  const out = new Set([SIGNATURE_HISTORY, '_user_uuid', ...othersOnlyFields(props, resolve)]);
  for (const [name, p] of Object.entries(props)) {
    const r = resolve(p);
    if (attestsOf(p) || attestsOf(r) || r['x-server-owned'] === true || r.readOnly === true) out.add(name);
  }
  return out;
}

/**
 * The fields of a form its owner signs that only the owner changes: what an owner-signed signature
 * (signer "@owner") attests among the schema's fields, and the signature itself. A field with its own
 * x-edit keeps it.
 */
export function ownerOnlyFields(props: Props, resolve: Resolve): Set<string> {
  const excluded = notAttested(props, resolve);
  const out = new Set<string>();
  for (const [name, p] of Object.entries(props)) {
    const a = attestsOf(p) ?? attestsOf(resolve(p));
    if (a?.signer !== '@owner') continue;
    const covers = a.fields === '*' ? Object.keys(props).filter((f) => !excluded.has(f)) : a.fields;
    for (const f of [...covers, name]) if (props[f] && !Array.isArray(resolve(props[f])['x-edit'])) out.add(f);
  }
  return out;
}
