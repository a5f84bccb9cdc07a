/**
 * The derive stage of a write (./write-lifecycle.ts): the data to store built from what the client
 * sent and what is stored. Masked values sent back are restored, array items keyed, server-owned
 * fields and fields the caller may not set kept as stored, defaults filled in on a create, changes
 * to immutable fields and to another's signed form refused, and signatures stamped by the server.
 */
import { randomUUID } from 'node:crypto';
import { allows, ownedBy, ownerOf } from '../../engine/access.ts';
import { withoutControlCharacters } from '../../engine/control-characters.ts';
import { isFileValue, shortenFileName } from '../../engine/files.ts';
import { assignItemKeys, storedPathOf } from '../../engine/item-keys.ts';
import { looksMasked, maskFits, mapSensitive } from '../../engine/masking.ts';
import { cloneJson, getAt, toPointer } from '../../engine/schema-walk.ts';
import type { Caller } from '../auth/principal.ts';
import type { DataObject } from '../storage/types.ts';
import { employerInfo } from '../payroll/employer-info.ts';
import { OWNER_ONLY } from './fields.ts';
import { hookArgs } from './hooks.ts';
import type { RequestInfo, WriteMode } from './records.ts';
import type { Write } from './write-lifecycle.ts';
import { localDay } from '../../engine/local-day.ts';
import { orgTimeZone } from '../orgs.ts';

/** A masked value that is not the mask of what is stored for that item. */
const MASKED_UNKNOWN = 'Enter the full number: a masked value keeps only the number stored for this same entry.';

// derive: the data to store from what was sent and what is stored (./write-derive.ts), then what
// the server fills in from its configuration (the derive hook: a new company's hostname).
export async function derive(w: Write): Promise<void> {
  w.now = w.s.now();
  deriveData(w);
  const { s, caller, before, now } = w;
  w.bindings = {
    ...s.catalogue.referenceData,
    before: before ?? null,
    user: caller.principal.userKey,
    org: caller.org.id,
    orgName: caller.org.name,
    features: caller.org.enabledFeatures,
    employer: await employerInfo(s, caller.org.id),
    now,
    // Today as the company's calendar day (00:00 UTC of it, as dates are stored): docs/signatures.md.
    today: localDay(now, await orgTimeZone(s, caller.org)),
    mode: w.mode,
  };
  if (w.hook?.derive) w.data = w.hook.derive(hookArgs(w, w.data, w.mode as WriteMode)) ?? w.data;
}

export function deriveData(w: Write): void {
  const { caller, facts, key, incoming, before, mode } = w;
  const entity = w.t.entity;
  const errors = w.errors;
  const data: DataObject = mode === 'update' && before ? { ...cloneJson(before), ...incoming } : cloneJson(incoming);

  // A masked value sent back unchanged means "keep what is stored": the value of the same item (an
  // account found by its id, not its place), and only when the digits it shows are that value's.
  mapSensitive(data, facts.sensitive, (kind, v, at) => {
    if (kind === 'secret' || !looksMasked(kind, v)) return v;
    const from = before ? storedPathOf(data, before, at, facts.keyedArrays) : undefined;
    const kept = from ? getAt(before, from) : undefined;
    if (typeof kept === 'string' && maskFits(String(v), kept, kind)) return kept;
    errors.push({ path: toPointer(at), message: MASKED_UNKNOWN });
    return v;
  });
  // A field served to this caller as their own view of it (an assignment's status, to a person it
  // names), sent back as served, keeps what is stored: the form sends back what it was given.
  const servedAsOwn = w.hook?.servedAsOwn?.({ entity, reader: caller.principal }) ?? [];
  if (before && servedAsOwn.length && w.hook?.present) {
    const served = w.hook.present({ entity, data: before, reader: caller.principal });
    for (const field of servedAsOwn) {
      if (field in incoming && JSON.stringify(incoming[field]) === JSON.stringify(served[field])) {
        data[field] = before[field];
      }
    }
  }
  assignItemKeys(data, facts.keyedArrays, randomUUID);
  // A secret (an authenticator key) is never answered, so a client cannot send it back: a save
  // without it keeps the stored one.
  for (const { path, kind } of facts.sensitive) {
    const [field] = path;
    if (kind === 'secret' && path.length === 1 && before?.[field] !== undefined && data[field] === undefined) {
      data[field] = before[field];
    }
  }
  for (const [field, schema] of facts.serverOwned) {
    if (before && field in before) data[field] = before[field];
    else if (schema.const !== undefined) data[field] = schema.const;
    else delete data[field];
  }
  // While a record holds a file, the fields naming it (x-file nameField, typeField, sizeField) are
  // the file's name, type and size: a save cannot set them apart, as it cannot change the file itself.
  for (const { field, name, type, size } of facts.files) {
    const file = data[field];
    if (!isFileValue(file)) continue;
    if (name) data[name.field] = shortenFileName(file.name, name.maxLength);
    if (type) data[type] = file.type;
    if (size) data[size] = file.size;
  }
  if (!before) {
    for (const [field, value] of facts.defaults) if (data[field] === undefined) data[field] = cloneJson(value);
    if (facts.serverOwned.has('created_by')) data.created_by = caller.principal.userKey;
    if (facts.serverOwned.has('created_time')) data.created_time = w.now;
    const owner = ownerOf(entity, key, data);
    if (facts.serverOwned.has('_user_uuid'))
      data._user_uuid = entity.file['x-key'] === 'user' ? (w.user ?? key) : owner;
  }
  // Field rules see the owner of the data as it will be stored: on a create the owner field may be
  // one the server keeps (../../engine/access.ts ownedBy), unlike the record-level access decision.
  const isOwner = ownedBy(entity, key, before ?? data, caller.principal.userKey);
  // A field the caller may not set or change (x-edit) or see (x-read) keeps what is stored; on a
  // create it takes its default or stays unset (an employee's document request sets no due date, her
  // first I-9 save no Section 2).
  for (const [field, rule] of [...facts.editRules, ...facts.readRules]) {
    if (allows(rule, caller.principal, isOwner)) continue;
    // A field whose schema says how to refuse a change answers it; others keep the stored value quietly.
    const refusal = facts.editRefusals.get(field);
    // On a create, a value other than the field's default is a change too (a manager filling in an
    // employee's W-4).
    const derived = before ? undefined : w.hook?.createValue?.({ s: w.s, data }, field);
    const was = before ? before[field] : (derived ?? facts.defaults.get(field));
    // Compared as restored: a masked value sent back unchanged is no change.
    if (refusal && field in incoming && JSON.stringify(data[field]) !== JSON.stringify(was)) {
      errors.push({ path: `/${field}`, message: refusal });
    }
    if (before && field in before) data[field] = before[field];
    else if (!before && facts.defaults.has(field)) data[field] = cloneJson(facts.defaults.get(field));
    else delete data[field];
  }
  // A form its owner signs over all it holds ("*"): its free fields (a state certificate's answers,
  // which the schema does not list) are the owner's too.
  const ownersForm = facts.attestations.some((a) => a.signer === '@owner' && a.fields === '*');
  if (before && ownersForm && !allows(['@owner'], caller.principal, isOwner)) {
    for (const field of new Set([...Object.keys(data), ...Object.keys(before)])) {
      if (facts.topLevel.has(field) || facts.notAttested.has(field)) continue;
      if (JSON.stringify(data[field]) === JSON.stringify(before[field])) continue;
      errors.push({ path: `/${field}`, message: OWNER_ONLY });
    }
  }
  if (before) {
    for (const [field, schema] of facts.immutable) {
      if (field in before && JSON.stringify(before[field]) !== JSON.stringify(data[field])) {
        const messages = schema['x-messages'] as Record<string, string> | undefined;
        // A value replaced by another may have its own message (immutableChange); removed, the field's own.
        const removed = data[field] === undefined || data[field] === null || data[field] === '';
        const msg = (removed ? undefined : messages?.immutableChange) ?? messages?.immutable;
        errors.push({ path: `/${field}`, message: msg ?? 'Cannot be changed once the record exists' });
      }
    }
  }

  const stamp = { request: w.opts.request, version: w.version, now: w.now };
  for (const field of facts.signatures) stampSignature(data, before, field, caller, stamp);
  // A signature in an array's item (a supplement block) is stamped against the stored item with its key.
  for (const { array, key: itemKey, field } of facts.itemSignatures) {
    const olds = Array.isArray(before?.[array]) ? (before![array] as DataObject[]) : [];
    for (const item of Array.isArray(data[array]) ? (data[array] as unknown[]) : []) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
      const id = (item as DataObject)[itemKey];
      const old = olds.find((o) => o && typeof o === 'object' && id !== undefined && o[itemKey] === id);
      stampSignature(item as DataObject, old, field, caller, stamp);
    }
  }
  w.data = data;
}

/**
 * An electronic signature's time is the server's, not the browser's: a new or changed signature is
 * stamped with the server clock and evidence of who signed, from where, on which record version.
 * An unchanged one keeps what was stored.
 */
function stampSignature(
  data: DataObject,
  before: DataObject | undefined,
  field: string,
  caller: Caller,
  ctx: { request: RequestInfo; version: number; now: number },
): void {
  const sig = data[field] as Record<string, unknown> | undefined;
  const old = before?.[field] as Record<string, unknown> | undefined;
  if (!sig || typeof sig !== 'object' || Array.isArray(sig)) return;
  // A form's empty signature box (no name, no drawing) means "not signed yet".
  if (!sig.name && !sig.image) {
    delete data[field];
    return;
  }
  const same = (k: string) => JSON.stringify(sig[k]) === JSON.stringify(old?.[k]);
  // A signature sent back as read is kept; signing again (the pad gives a new time) makes a new one.
  if (old && same('name') && same('font') && same('image') && (sig.timestamp === undefined || same('timestamp'))) {
    data[field] = old;
    return;
  }
  const { evidence: _ignored, ...given } = sig;
  data[field] = {
    ...given,
    timestamp: ctx.now,
    evidence: {
      signed_by: caller.principal.userKey,
      address: (ctx.request.address ?? '').slice(0, 64),
      user_agent: withoutControlCharacters(ctx.request.browser ?? '').slice(0, 512),
      version: ctx.version,
    },
  };
}
