/**
 * Electronic signatures that bind what was signed. A signature field (x-signature) names in its
 * `x-attests` the fields it attests ("*": every field of the record but signatures, their history
 * and what the server owns), who must sign it (`signer: "@owner"`: the record's owner in their own
 * session, no override), and the other records' fields printed with it (`prints`).
 *
 * When a signature is made the server stamps it (its own clock, evidence of who signed from where
 * on which version), records the digest of the attested fields as they are stored, and freezes a
 * copy of the data printed with it (name, SSN, address at signing; the SSN sealed like any
 * sensitive value). Any later write that changes an attested field voids the signature: it moves to
 * the record's `signature_history` with who changed what, and the form must be signed again.
 */
import { createHash } from 'node:crypto';
import { SIGNATURE_HISTORY } from '../../engine/attestations.ts';
import type { Entity, JsonSchema } from '../../engine/entity.ts';
import type { FieldError } from '../../engine/messages.ts';
import { ownerOf } from '../../engine/access.ts';
import type { Caller } from '../auth/principal.ts';
import type { DataObject } from '../storage/types.ts';

/** What a signature field's x-attests says. */
export interface Attestation {
  field: string;
  fields: string[] | '*';
  signer?: '@owner';
  /** Other records of the owner (payroll types, keyed by user) and the fields printed from each. */
  prints?: Record<string, string[]>;
}

/** The top-level field holding voided signatures. */
export const HISTORY = SIGNATURE_HISTORY;
/** How many voided signatures a record keeps (the newest). */
export const HISTORY_LIMIT = 50;
export const SIGNER_ONLY = 'Only the person this signature names may sign it, in their own session.';

type Sig = Record<string, unknown> & { evidence?: Record<string, unknown> };

export function attestationsOf(entity: Entity, bundled: JsonSchema): Attestation[] {
  const props = (bundled.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(entity.file.properties ?? {}).flatMap(([field, prop]) => {
    const a = (prop as JsonSchema)['x-attests'] as Omit<Attestation, 'field'> | undefined;
    return a && props[field] ? [{ field, ...a }] : [];
  });
}

/**
 * The fields an attestation covers: its list, or for "*" every field the record holds (free fields
 * of a state certificate included) but signatures, their history, what the server owns and the
 * owner's key.
 */
export function attestedFields(a: Attestation, excluded: ReadonlySet<string>, ...records: (DataObject | undefined)[]) {
  if (a.fields !== '*') return a.fields;
  const keys = new Set(records.flatMap((r) => Object.keys(r ?? {})));
  return [...keys].filter((f) => !excluded.has(f)).sort();
}

/** JSON with sorted keys: the same data always digests the same. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

export function digestOf(data: DataObject, fields: readonly string[]): string {
  const picked = Object.fromEntries(fields.filter((f) => data[f] !== undefined).map((f) => [f, data[f]]));
  return `sha256:${createHash('sha256').update(canonical(picked)).digest('hex')}`;
}

export interface BindResult {
  signed: string[];
  voided: { field: string; fields: string[] }[];
  errors: FieldError[];
}

/**
 * Binds the record's signatures to the data about to be stored (plain values, after every rule):
 * a signature made by this write gets its digest and frozen copy; one kept from before is voided
 * when an attested field changed.
 */
export function bindSignatures(
  readOwn: (type: string, owner: string) => DataObject | undefined,
  caller: Caller,
  entity: Entity,
  key: string,
  data: DataObject,
  before: DataObject | undefined,
  attestations: readonly Attestation[],
  excluded: ReadonlySet<string>,
  ctx: { version: number; now: number },
): BindResult {
  const out: BindResult = { signed: [], voided: [], errors: [] };
  const owner = ownerOf(entity, key, before ?? data);
  for (const a of attestations) {
    const fields = attestedFields(a, excluded, data, before);
    const sig = data[a.field] as Sig | undefined;
    const old = before?.[a.field] as Sig | undefined;
    const made = !!sig && sig.evidence?.version === ctx.version && sig !== old;
    if (made) {
      if (a.signer === '@owner' && caller.principal.userKey !== owner) {
        out.errors.push({ path: `/${a.field}`, message: SIGNER_ONLY });
        continue;
      }
      sig.evidence = { ...sig.evidence, digest: digestOf(data, fields) };
      if (a.prints && owner) sig.evidence.printed = frozenCopy(readOwn, owner, a.prints);
      out.signed.push(a.field);
    }
    // A signature kept from before, or one sent back unchanged in a write that changed what it attests.
    if (!old || made) continue;
    const kept = sig !== undefined && JSON.stringify(sig) === JSON.stringify(old);
    const attested = (old.evidence?.digest as string | undefined) ?? digestOf(before!, fields);
    if (kept && digestOf(data, fields) === attested) continue;
    const changed = fields.filter((f) => JSON.stringify(data[f]) !== JSON.stringify(before?.[f]));
    if (kept) delete data[a.field];
    const history = Array.isArray(data[HISTORY]) ? (data[HISTORY] as unknown[]) : [];
    data[HISTORY] = [
      ...history,
      {
        field: a.field,
        signature: old,
        voided: {
          time: ctx.now,
          by: caller.principal.userKey,
          reason: kept ? 'changed after signing' : 'removed',
          fields: changed,
        },
      },
    ].slice(-HISTORY_LIMIT);
    out.voided.push({ field: a.field, fields: changed });
  }
  return out;
}

/** The owner's data printed with a signature, as it is at signing (sensitive values plain here, sealed on store). */
function frozenCopy(
  readOwn: (type: string, owner: string) => DataObject | undefined,
  owner: string,
  prints: Record<string, string[]>,
) {
  const copy: Record<string, Record<string, unknown>> = {};
  for (const [type, fields] of Object.entries(prints)) {
    const plain = readOwn(type, owner);
    if (plain) copy[type] = Object.fromEntries(fields.filter((f) => plain[f] !== undefined).map((f) => [f, plain[f]]));
  }
  return copy;
}
