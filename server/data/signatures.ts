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
import { ownedBy, ownerOf } from '../../engine/access.ts';
import { NAME_NEEDED, namesSigner, OWN_NAME, signsAs } from '../../engine/unsigned-signatures.ts';
import type { Caller } from '../auth/principal.ts';
import type { DataObject } from '../storage/types.ts';

/** What a signature field's x-attests says. */
export interface Attestation {
  field: string;
  fields: string[] | '*';
  signer?: '@owner';
  /** Other records of the owner (payroll types, keyed by user) and the fields printed from each. */
  prints?: Record<string, string[]>;
  /**
   * For a signature in each item of a top-level array (an I-9 supplement block): the array, the
   * item key (x-item-key) that finds an item's stored self, and what "*" leaves out of the item.
   * The signature attests fields of its own item only.
   */
  item?: { array: string; key: string; excluded: ReadonlySet<string>; requiredWhenAdded?: string };
  /** On an item's signature: a new item must be signed when it is added (the message when it is not). */
  requiredWhenAdded?: boolean;
}

/** The top-level field holding voided signatures. */
export const HISTORY = SIGNATURE_HISTORY;
/** How many voided signatures a record keeps (the newest). */
export const HISTORY_LIMIT = 50;
export const SIGNER_ONLY = 'Only the person this signature names may sign it, in their own session.';

type Sig = Record<string, unknown> & { evidence?: Record<string, unknown> };

type Attests = Omit<Attestation, 'field' | 'item'>;
const attestsOf = (p: unknown) => (p as JsonSchema | undefined)?.['x-attests'] as Attests | undefined;

export function attestationsOf(entity: Entity, bundled: JsonSchema): Attestation[] {
  const props = (bundled.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(entity.file.properties ?? {}).flatMap(([field, prop]): Attestation[] => {
    const a = attestsOf(prop);
    if (a && props[field]) return [{ field, ...a }];
    // Signatures of the items of a keyed array: each attests its own item.
    const items = (prop as JsonSchema).items as JsonSchema | undefined;
    const key = (prop as JsonSchema)['x-item-key'];
    const itemProps = (items?.properties ?? {}) as Record<string, JsonSchema>;
    if (typeof key !== 'string') return [];
    const signatures = Object.keys(itemProps).filter((f) => attestsOf(itemProps[f]));
    const excluded = new Set([key, ...signatures]);
    return signatures.map((f) => {
      const a = attestsOf(itemProps[f])!;
      const message = (itemProps[f]['x-messages'] as Record<string, string> | undefined)?.required;
      const requiredWhenAdded = a.requiredWhenAdded ? (message ?? 'Sign this entry.') : undefined;
      return { field: f, ...a, item: { array: field, key, excluded, requiredWhenAdded } };
    });
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

/**
 * An attested field's value as it counts: an empty object (an address box left blank, which a form
 * sends as {}) is no value, as absent.
 */
function counted(v: unknown): unknown {
  return v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0 ? undefined : v;
}

/**
 * A keyed digest of text (an HMAC under the server's lookup key). The digest of what a signature
 * attests is keyed: a plain hash of fields such as an SSN or a document number, beside their masked
 * form (the last four shown), would let anyone reading the record find the rest by trying.
 */
export type Keyed = (text: string) => string;

const KEYED = 'hmac-sha256:';
/** The prefix of digests made before they were keyed (docs/signatures.md): checked, never made. */
const PLAIN = 'sha256:';

/** The fields of `data` a digest covers; `empties`: empty objects counted too (as the oldest digests did). */
function picked(data: DataObject, fields: readonly string[], empties = false): Record<string, unknown> {
  const counts = (f: string) => (empties ? data[f] !== undefined : counted(data[f]) !== undefined);
  return Object.fromEntries(fields.filter(counts).map((f) => [f, data[f]]));
}

export function digestOf(data: DataObject, fields: readonly string[], keyed: Keyed): string {
  return `${KEYED}${keyed(`signature\0${canonical(picked(data, fields))}`)}`;
}

/** Whether `data`'s `fields` are what a digest made of them, of either kind, says. */
function digestHolds(attested: string, data: DataObject, fields: readonly string[], keyed: Keyed): boolean {
  if (!attested.startsWith(PLAIN)) return digestOf(data, fields, keyed) === attested;
  const plain = (empties: boolean) =>
    `${PLAIN}${createHash('sha256')
      .update(canonical(picked(data, fields, empties)))
      .digest('hex')}`;
  return plain(false) === attested || plain(true) === attested;
}

/** A signature's evidence without its digest, as answered to clients (the digest is the server's to check). */
export function withoutDigest(sig: unknown): unknown {
  if (!sig || typeof sig !== 'object' || Array.isArray(sig)) return sig;
  const evidence = (sig as Sig).evidence;
  if (!evidence || !('digest' in evidence)) return sig;
  const { digest: _kept, ...rest } = evidence;
  return { ...(sig as Sig), evidence: rest };
}

/**
 * The record as answered to clients: each signature's digest left out, the record's own, its items'
 * and those in its history alike (a digest made before they were keyed is a plain hash).
 */
export function withoutDigests(data: DataObject, attestations: readonly Attestation[]): DataObject {
  let out = data;
  const set = (field: string, value: unknown) => {
    if (out === data) out = { ...data };
    out[field] = value;
  };
  for (const a of attestations) {
    if (!a.item) {
      if (data[a.field] !== undefined) set(a.field, withoutDigest(data[a.field]));
      continue;
    }
    const items = out[a.item.array];
    if (!Array.isArray(items)) continue;
    const field = a.field;
    set(
      a.item.array,
      items.map((item: unknown) =>
        item && typeof item === 'object' && (item as DataObject)[field] !== undefined
          ? { ...(item as DataObject), [field]: withoutDigest((item as DataObject)[field]) }
          : item,
      ),
    );
  }
  const history = data[HISTORY];
  if (Array.isArray(history)) {
    set(
      HISTORY,
      history.map((entry: unknown) =>
        entry && typeof entry === 'object' && 'signature' in entry
          ? { ...(entry as DataObject), signature: withoutDigest((entry as DataObject).signature) }
          : entry,
      ),
    );
  }
  return out;
}

/** Whether two values are the same data, whatever the order of their keys (an empty object as absent). */
export const sameValue = (a: unknown, b: unknown) => canonical(counted(a)) === canonical(counted(b));

export interface BindResult {
  signed: string[];
  voided: { field: string; fields: string[] }[];
  errors: FieldError[];
}

type ReadOwn = (type: string, owner: string) => DataObject | undefined;
/** Reads one of the owner's records, in clear (the store's reads are asynchronous). */
type ReadOwnAsync = (type: string, owner: string) => Promise<DataObject | undefined>;

interface Bind {
  readOwn: ReadOwn;
  caller: Caller;
  owner: string | undefined;
  /** The caller owns the record (is its owner, or one of the users its owner field lists). */
  callerOwns: boolean;
  ctx: { version: number; now: number; keyed: Keyed };
  /** Fields only others change, which "*" once covered (../../engine/attestations.ts othersOnlyFields). */
  othersOnly: ReadonlySet<string>;
  out: BindResult;
  /** Voided signatures, appended to the record's history. */
  history: unknown[];
}

/** Where a signature is named in the history and the audit: `field`, or `array.<item key>.field`. */
const nameOf = (a: Attestation, item?: DataObject) =>
  a.item ? `${a.item.array}.${String(item?.[a.item.key])}.${a.field}` : a.field;

/**
 * Binds the record's signatures to the data about to be stored (plain values, after every rule):
 * a signature made by this write gets its digest and frozen copy; one kept from before is voided
 * when an attested field changed. A signature of an array's item is bound to its item, found by
 * its key; an item removed with its signature voids it ("removed").
 */
export async function bindSignatures(
  readOwnAsync: ReadOwnAsync,
  caller: Caller,
  entity: Entity,
  key: string,
  data: DataObject,
  before: DataObject | undefined,
  attestations: readonly Attestation[],
  excluded: ReadonlySet<string>,
  ctx: { version: number; now: number; keyed: Keyed },
  othersOnly: ReadonlySet<string> = new Set(),
): Promise<BindResult> {
  const owner = ownerOf(entity, key, before ?? data);
  // The owner's records a signature may freeze a copy of, read once up front.
  const types = new Set(attestations.flatMap((a) => Object.keys(a.prints ?? {})));
  // The owner's names, which their own signature is checked against.
  if (attestations.some((a) => a.signer === '@owner')) types.add('employee');
  const own = new Map<string, DataObject | undefined>();
  if (owner) for (const type of types) own.set(type, await readOwnAsync(type, owner));
  const readOwn: ReadOwn = (type) => own.get(type);
  const b: Bind = {
    readOwn,
    caller,
    owner,
    callerOwns: ownedBy(entity, key, before ?? data, caller.principal.userKey),
    ctx,
    othersOnly,
    out: { signed: [], voided: [], errors: [] },
    history: [],
  };
  for (const a of attestations) {
    if (!a.item) {
      bindOne(b, a, a.field, `/${a.field}`, data, before, attestedFields(a, excluded, data, before));
      continue;
    }
    const { array, key: itemKey, excluded: notInItem } = a.item;
    const items = Array.isArray(data[array]) ? (data[array] as DataObject[]) : [];
    const olds = Array.isArray(before?.[array]) ? (before![array] as DataObject[]) : [];
    const stored = (item: DataObject) => olds.find((o) => o?.[itemKey] !== undefined && o[itemKey] === item?.[itemKey]);
    items.forEach((item, i) => {
      if (!item || typeof item !== 'object') return;
      const old = stored(item);
      if (!old && a.item!.requiredWhenAdded && item[a.field] === undefined) {
        b.out.errors.push({ path: `/${array}/${i}/${a.field}`, message: a.item!.requiredWhenAdded });
        return;
      }
      bindOne(b, a, nameOf(a, item), `/${array}/${i}/${a.field}`, item, old, attestedFields(a, notInItem, item, old));
    });
    for (const old of olds) {
      if (old?.[a.field] === undefined || items.some((i) => i?.[itemKey] === old[itemKey])) continue;
      bindOne(b, a, nameOf(a, old), `/${array}`, {}, old, attestedFields(a, notInItem, old));
    }
  }
  if (b.history.length) {
    const kept = Array.isArray(data[HISTORY]) ? (data[HISTORY] as unknown[]) : [];
    data[HISTORY] = [...kept, ...b.history].slice(-HISTORY_LIMIT);
  }
  return b.out;
}

/**
 * One signature, `name` in `holder` (the record or one of its items), attesting `fields` of it; `at`
 * is its JSON Pointer for an error.
 */
function bindOne(
  b: Bind,
  a: Attestation,
  name: string,
  at: string,
  holder: DataObject,
  before: DataObject | undefined,
  fields: readonly string[],
) {
  const sig = holder[a.field] as Sig | undefined;
  const old = before?.[a.field] as Sig | undefined;
  const made = !!sig && sig.evidence?.version === b.ctx.version && sig !== old;
  if (made) {
    if (a.signer === '@owner' && !b.callerOwns) {
      b.out.errors.push({ path: at, message: SIGNER_ONLY });
      return;
    }
    if (!namesSigner(sig.name)) {
      b.out.errors.push({ path: `${at}/name`, message: NAME_NEEDED });
      return;
    }
    // The owner signs in their own name (the names the product knows them by).
    if (a.signer === '@owner' && b.owner) {
      const person = b.readOwn('employee', b.owner) ?? {};
      const account = b.caller.user.key === b.owner ? b.caller.user.data.display_name : undefined;
      const known = [person.first_name, person.middle_name, person.last_name, account];
      if (!signsAs(sig.name, known)) {
        const shown = [person.first_name, person.last_name].filter((x) => typeof x === 'string' && x).join(' ');
        b.out.errors.push({ path: `${at}/name`, message: OWN_NAME(shown || String(account ?? '')) });
        return;
      }
    }
    sig.evidence = { ...sig.evidence, digest: digestOf(holder, fields, b.ctx.keyed) };
    if (a.prints && b.owner) sig.evidence.printed = frozenCopy(b.readOwn, b.owner, a.prints);
    b.out.signed.push(name);
  }
  if (!old) return;
  const keyed = b.ctx.keyed;
  const attested = (old.evidence?.digest as string | undefined) ?? digestOf(before!, fields, keyed);
  let holds = digestHolds(attested, holder, fields, keyed);
  // A signature made while "*" still covered the fields only others change digested them too: it
  // holds when nothing else changed, and is digested anew without them (docs/signatures.md).
  // The record's own fields: an item's signature attests its item, whose fields may share a name.
  const others = a.item ? [] : [...b.othersOnly].filter((f) => (before && f in before) || f in holder);
  if (!holds && !made && !a.item && a.fields === '*' && others.length && old.evidence?.digest) {
    const asSigned: DataObject = { ...holder };
    for (const f of others) {
      if (before && f in before) asSigned[f] = before[f];
      else delete asSigned[f];
    }
    const wider = [...new Set([...fields, ...others])].sort();
    if (digestHolds(attested, asSigned, wider, keyed)) {
      holds = true;
      if (sig !== undefined && JSON.stringify(sig) === JSON.stringify(old)) {
        holder[a.field] = { ...sig, evidence: { ...sig.evidence, digest: digestOf(holder, fields, keyed) } };
        return;
      }
    }
  }
  if (made) {
    // Signed again in the write that changed what the old signature attested: the old one is kept,
    // voided, so the history shows what was signed before. Signed again unchanged: nothing is void.
    if (!holds) voidOne(b, name, old, 'changed after signing', holder, before, fields);
    return;
  }
  // A signature kept from before, or one sent back unchanged in a write that changed what it attests.
  const kept = sig !== undefined && JSON.stringify(sig) === JSON.stringify(old);
  if (kept && holds) return;
  if (kept) delete holder[a.field];
  voidOne(b, name, old, kept ? 'changed after signing' : 'removed', holder, before, fields);
}

/** Moves a signature that no longer holds to the record's history, naming the fields that changed. */
function voidOne(
  b: Bind,
  name: string,
  old: Sig,
  reason: 'changed after signing' | 'removed',
  holder: DataObject,
  before: DataObject | undefined,
  fields: readonly string[],
) {
  const changed = fields.filter((f) => !sameValue(holder[f], before?.[f]));
  b.history.push({
    field: name,
    signature: old,
    voided: { time: b.ctx.now, by: b.caller.principal.userKey, reason, fields: changed },
  });
  b.out.voided.push({ field: name, fields: changed });
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
