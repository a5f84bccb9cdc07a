/**
 * The generic record service behind the data API: every read of every entity goes through here,
 * so tenancy, access, masking and the load transform are decided in one place from the schema file.
 * Writes pass through the stages of ./write-lifecycle.ts.
 */
import {
  allows,
  can,
  hiddenBy,
  isPublished,
  typeUsable,
  namesToken,
  ownedBy,
  sharedWith,
  type Principal,
  type ShareReach,
} from '../../engine/access.ts';
import type { Entity, Verb } from '../../engine/entity.ts';
import { mapSensitive, maskValue, type SensitiveKind } from '../../engine/masking.ts';
import { cloneJson, toPointer } from '../../engine/schema-walk.ts';
import { ExpressionError, transformData } from '../../engine/transforms.ts';
import type { Caller } from '../auth/principal.ts';
import type { ReadAhead } from '../auth/signed-in.ts';
import { isUuid } from '../auth/principal.ts';
import { ApiError, notAuthorized, notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { rootOrgId } from '../orgs.ts';
import type { DataObject, StoredRecord } from '../storage/types.ts';
import { fieldFacts, type FieldFacts } from './fields.ts';
import { hooksFor } from './hooks.ts';
import { shareReachOf, sharesReach } from './share-reach.ts';
import { withoutDigests } from './signatures.ts';
import { channelOf, channelReachOf, membersReach, reachedThroughChannel, type ChannelReach } from './channel-reach.ts';

export interface WireRecord {
  key: string;
  data: DataObject;
  meta: StoredRecord['meta'];
}

export interface Target {
  entity: Entity;
  my: boolean;
}

export interface RequestInfo {
  browser?: string;
  address?: string;
}

export type WriteMode = 'create' | 'save' | 'update';

/**
 * Finds the entity of a route and checks the caller may use its module, and that no feature of the
 * company hides the type from them (assertNotHidden).
 */
export function target(s: Services, caller: Caller, module: string, type: string): Target {
  const r = s.catalogue.registry.resolve(module, type);
  if (!r) throw notFound();
  if (!typeUsable(r.entity.module, r.entity.type, caller.org.activeModules, caller.principal)) throw notAuthorized();
  assertNotHidden(r, caller);
  return r;
}

/**
 * A type a company feature hides (x-hidden-by: block_paystubs for payroll/paystubs) is refused, with
 * the schema's message, to every caller who reaches only their own records of it: the server
 * refuses what the screens hide. Whoever may read every record (the staff who manage the type)
 * keeps it, so switching the feature on loses nothing and switching it off shows everything again.
 */
function assertNotHidden(t: Target, caller: Caller): void {
  const ownOnly = t.my || !allows(t.entity.file['x-access'].read, caller.principal, false);
  const refusal = hiddenBy(t.entity, caller.org.enabledFeatures, ownOnly);
  if (refusal) throw new ApiError(403, refusal);
}

/** Whether the caller may do `verb` on this type at all (for some record, perhaps only their own). */
function mayAtAll(t: Target, verb: Verb, caller: Caller): 'all' | 'own' | 'none' {
  const rule = t.entity.file['x-access'][verb];
  if (!t.my && allows(rule, caller.principal, false)) return 'all';
  return allows(rule, caller.principal, true, true, true, true, true) ? 'own' : 'none';
}

export const INACTIVE_ACCOUNT = 'This account is inactive: it may see its paystubs and change its password only.';

/** An inactive user's session serves the inactive layout (spec/000 section 4): it changes no record. */
export function assertActive(caller: Caller): void {
  if (caller.user.data.status === 'inactive') throw new ApiError(403, INACTIVE_ACCOUNT);
}

export function isOwnRecord(t: Target, caller: Caller, key: string, data: DataObject): boolean {
  return ownedBy(t.entity, key, data, caller.principal.userKey);
}

/**
 * A record a caller who may reach only their own may reach: they own it or, where the type's
 * rules name @creator, they created it (the sender of a secure file), or it is published and the
 * rule lets them reach published records (`@published`: a company document shown to employees),
 * or it is shared with them (`@shared`, given their `reach`: a file shared with them), or its channel
 * lets them in (`@member`, given their `channels`: docs/comms.md).
 */
export function isReachable(
  t: Target,
  caller: Caller,
  record: Pick<StoredRecord, 'key' | 'data' | 'meta'>,
  verb: 'read' | 'list' = 'read',
  reach?: ShareReach,
  channels?: ChannelReach,
): boolean {
  if (isOwnRecord(t, caller, record.key, record.data)) return true;
  if (record.meta.created_by === caller.principal.userKey && namesCreator(t.entity)) return true;
  const rule = t.entity.file['x-access'][verb];
  if (isPublished(record.data) && allows(rule, caller.principal, false, false, true)) return true;
  if (
    channels &&
    reachedThroughChannel(t.entity, record, channels) &&
    allows(rule, caller.principal, false, false, false, false, true)
  ) {
    return true;
  }
  return sharedWith(t.entity, record.data, reach) && allows(rule, caller.principal, false, false, false, true);
}

/**
 * `isReachable` for a read: what they may write (their own, a channel's that lets them in), or a
 * record shared with them, reading the caller's groups first when only a share could reach it.
 */
export async function isReachableByRead(
  s: Services,
  t: Target,
  caller: Caller,
  record: Pick<StoredRecord, 'key' | 'data' | 'meta'>,
): Promise<boolean> {
  if (await isReachableToWrite(s, t, caller, record)) return true;
  return sharesReach(t.entity, 'read') && isReachable(t, caller, record, 'read', await shareReachOf(s, caller));
}

/**
 * Whether a caller who may reach only some records of the type may write this one (given the
 * type's rules for the verb): their own and the others `isReachable` gives, and a record of a
 * channel that lets them in (@member), read first. Not a share: a file shared with someone is read
 * by them, never changed.
 */
export async function isReachableToWrite(
  s: Services,
  t: Target,
  caller: Caller,
  record: Pick<StoredRecord, 'key' | 'data' | 'meta'>,
): Promise<boolean> {
  if (isReachable(t, caller, record)) return true;
  if (!membersReach(t.entity, 'read')) return false;
  // Its one channel, and the caller's place in it.
  const channel = channelOf(t.entity, record);
  return !!channel && isReachable(t, caller, record, 'read', undefined, await channelReachOf(s, caller, channel));
}

function namesCreator(entity: Entity): boolean {
  return Object.values(entity.file['x-access']).some((rule) => namesToken(rule, '@creator'));
}

export function decryptedData(s: Services, entity: Entity, record: StoredRecord): DataObject {
  const facts = fieldFacts(s.catalogue, entity);
  return mapSensitive(cloneJson(record.data), facts.sensitive, (_kind, v) =>
    typeof v === 'string' ? s.cipher.decrypt(v) : v,
  );
}

/**
 * A record as a client sees it: load transform applied, sensitive values masked, secrets gone, and
 * the fields the reader may not see (x-read) left out.
 */
export async function toWire(
  s: Services,
  entity: Entity,
  record: StoredRecord,
  reader?: Principal,
): Promise<WireRecord> {
  const facts = fieldFacts(s.catalogue, entity);
  // Stored records are immutable: copy only the containers that masking changes.
  let data = mapSensitive(copyAlong(record.data, facts.sensitive), facts.sensitive, (kind, v) =>
    kind === 'secret' ? undefined : maskedOf(s, kind, String(v)),
  );
  data = withoutDigests(data, facts.attestations);
  if (reader) for (const field of unreadableFields(facts, reader, entity, record)) delete data[field];
  const present = reader && hooksFor(entity.id)?.present;
  if (present) data = present({ entity, data, reader });
  const load = entity.file['x-transforms']?.load;
  if (load) data = await runTransform(load, data, {});
  return { key: record.key, data, meta: record.meta };
}

/** The top-level fields this principal may not see in this record (x-read). */
export function unreadableFields(
  facts: FieldFacts,
  p: Principal,
  entity: Entity,
  record: { key: string; data: DataObject },
): string[] {
  if (!facts.readRules.size) return [];
  const isOwner = ownedBy(entity, record.key, record.data, p.userKey);
  return [...facts.readRules].filter(([, rule]) => !allows(rule, p, isOwner)).map(([field]) => field);
}

/**
 * Masked forms by ciphertext, for values written before masks were stored with them (enc:v1), so a
 * list of records does not decrypt every value on every read. Only masked values (the last four
 * digits) are kept, never the clear text.
 */
const masks = new Map<string, string | undefined>();

function maskedOf(s: Services, kind: SensitiveKind, stored: string): string | undefined {
  // Written with its mask (enc:v2): no decryption at all.
  const kept = s.cipher.storedMask(stored);
  if (kept !== undefined) return kept;
  const id = `${kind}\u0000${stored}`;
  if (masks.has(id)) return masks.get(id);
  const masked = maskValue(kind, s.cipher.decrypt(stored));
  if (masks.size >= 100_000) masks.delete(masks.keys().next().value!);
  masks.set(id, masked);
  return masked;
}

/** A copy that shares everything but the objects and arrays on the way to the given fields. */
function copyAlong(data: DataObject, fields: readonly { path: string[] }[]): DataObject {
  let out: unknown = { ...data };
  for (const { path } of fields) out = copyOnPath(out, path);
  return out as DataObject;
}

function copyOnPath(node: unknown, path: readonly string[]): unknown {
  if (path.length === 0 || node === null || typeof node !== 'object') return node;
  const [seg, ...rest] = path;
  if (Array.isArray(node)) return seg === '*' ? node.map((item) => copyOnPath(item, rest)) : node;
  const copy: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  if (Object.hasOwn(copy, seg)) copy[seg] = copyOnPath(copy[seg], rest);
  return copy;
}

/** Runs one of the schema's transforms; a failing one is the form's fault (422), named as such. */
export async function runTransform(
  expr: string,
  data: DataObject,
  bindings: Record<string, unknown>,
): Promise<DataObject> {
  try {
    return await transformData(expr, data, bindings);
  } catch (e) {
    if (e instanceof ExpressionError) throw new ApiError(422, `A transform of this form failed: ${e.message}`);
    throw e;
  }
}

/**
 * The stored key a key of the API names: itself, or for a type keyed by its user and a field (a
 * state certificate) the record of that user the data or `hint` names (./hooks.ts address).
 */
export async function storedKeyOf(
  s: Services,
  org: string,
  t: Target,
  key: string,
  hint?: DataObject,
): Promise<string> {
  return (await hooksFor(t.entity.id)?.address?.({ s, org, key, data: hint }))?.key ?? key;
}

async function readVisible(
  s: Services,
  t: Target,
  caller: Caller,
  key: string,
  hint?: DataObject,
  ahead?: ReadAhead,
): Promise<StoredRecord> {
  if (!isUuid(key)) throw notFound();
  if (t.my && key !== caller.principal.userKey) throw notFound();
  const access = mayAtAll(t, 'read', caller);
  if (access === 'none') throw notAuthorized();
  const storedKey = await storedKeyOf(s, caller.org.id, t, key, hint);
  const record =
    (ahead && readAheadOf(ahead, t.entity.id, caller.org.id, storedKey)
      ? ahead.record
      : await s.storage.get(t.entity.id, caller.org.id, storedKey)) ?? (await sharedRecord(s, t, storedKey));
  if (!record) throw await missing(s, t, caller, key, access);
  // Another's record of the caller's own company: not authorized (API.md); another company's is 404.
  if (access === 'own' && !(await isReachableByRead(s, t, caller, record))) throw othersRefusal(t, key === storedKey);
  return record;
}

/**
 * The answer to a caller who may reach only their own records, for another's: 403 (API.md), but 404
 * for a record named by its own key in a type kept per user and a field (a state certificate: its key
 * is derived from its employee and state), so that the answer does not tell a colleague which
 * certificates exist, as an unknown key of theirs answers 404.
 */
export function othersRefusal(t: Target, byOwnKey: boolean): ApiError {
  return byOwnKey && hooksFor(t.entity.id)?.address ? notFound() : notAuthorized();
}

/**
 * The answer for a key with no record: 404, except that a caller who may reach only their own
 * records gets 403 for a form keyed by another user of their company, as when it exists, so the
 * answer does not tell whether that colleague has filled it in.
 */
export async function missing(
  s: Services,
  t: Target,
  caller: Caller,
  key: string,
  access: 'all' | 'own' | 'none',
): Promise<ApiError> {
  const colleague =
    access !== 'all' &&
    t.entity.file['x-key'] === 'user' &&
    key !== caller.principal.userKey &&
    (await s.storage.get('auth/users', caller.org.id, key)) !== undefined;
  return colleague ? notAuthorized() : notFound();
}

/** A record of the root organization that every company may read (x-shared: root). */
async function sharedRecord(s: Services, t: Target, key: string): Promise<StoredRecord | undefined> {
  const root = t.entity.file['x-shared'] === 'root' ? await rootOrgId(s) : undefined;
  return root ? await s.storage.get(t.entity.id, root, key) : undefined;
}

/** The record a caller may read, as stored (a shared root record included); 404 or 403 otherwise. */
export async function readableRecord(s: Services, caller: Caller, t: Target, key: string): Promise<StoredRecord> {
  return await readVisible(s, t, caller, key);
}

/**
 * The record a caller may edit, as stored: the same answers as a save of it through the data API
 * (404 for another company's or an unknown key, 403 for a record of theirs the caller may not change).
 */
export async function editableRecord(s: Services, caller: Caller, t: Target, key: string): Promise<StoredRecord> {
  assertActive(caller);
  const stored = await readVisible(s, t, caller, key);
  if (stored.org !== caller.org.id) throw notAuthorized();
  const allowed = t.my
    ? allows(t.entity.file['x-access'].edit, caller.principal, isOwnRecord(t, caller, stored.key, stored.data))
    : can(t.entity, 'edit', caller.principal, stored);
  if (!allowed) throw notAuthorized();
  await hooksFor(t.entity.id)?.authorize?.({ s, caller, key: stored.key, stored });
  return stored;
}

/**
 * The record as the caller reads it; `hint` names which of a user's records a user key means (a
 * state certificate's state); `ahead`, the record as read with the session, is used when it is this one.
 */
export async function readRecord(
  s: Services,
  caller: Caller,
  t: Target,
  key: string,
  hint?: DataObject,
  ahead?: ReadAhead,
): Promise<WireRecord> {
  return toWire(s, t.entity, await readVisible(s, t, caller, key, hint, ahead), caller.principal);
}

function readAheadOf(ahead: ReadAhead, collection: string, org: string, key: string): boolean {
  return ahead.ref.collection === collection && ahead.ref.key === key && ahead.org === org;
}

export { mayAtAll, toPointer };
