/**
 * The generic record service behind the data API: every read and write of every entity goes
 * through here, so tenancy, access, transforms, validation, encryption, masking and audit are
 * decided in one place from the schema file.
 */
import { randomUUID } from 'node:crypto';
import { allows, can, moduleUsable, ownedBy, ownerOf, type Principal } from '../../engine/access.ts';
import type { Entity, Verb } from '../../engine/entity.ts';
import { withoutControlCharacters } from '../../engine/control-characters.ts';
import { assignItemKeys, storedPathOf } from '../../engine/item-keys.ts';
import { looksMasked, maskFits, mapSensitive, maskValue, type SensitiveKind } from '../../engine/masking.ts';
import { sealSensitive } from '../crypto/field-cipher.ts';
import type { FieldError } from '../../engine/messages.ts';
import { cloneJson, getAt, toPointer } from '../../engine/schema-walk.ts';
import { ExpressionError, transformData, validateByExpression } from '../../engine/transforms.ts';
import type { Caller } from '../auth/principal.ts';
import { isUuid } from '../auth/principal.ts';
import { ApiError, badRequest, notAuthorized, notFound, validationFailed } from '../http/errors.ts';
import { SYSTEM, type Services } from '../services.ts';
import { rootOrgId } from '../orgs.ts';
import { VersionConflictError, type DataObject, type StoredRecord, type WriteOp } from '../storage/types.ts';
import { actorOf, auditOp } from './audit.ts';
import { fieldFacts, OWNER_ONLY, type FieldFacts } from './fields.ts';
import { assertUnique, uniqueClaimOps, uniqueReleaseOps } from './unique.ts';
import { hooksFor, type EntityHooks, type HookArgs } from './hooks.ts';
import { bindSignatures, type BindResult } from './signatures.ts';
import { employerInfo } from '../payroll/employer-info.ts';
import { holdsFiles, releaseAll, removeOrphans, withFileLock } from '../files/references.ts';

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

/** Finds the entity of a route and checks the caller may use its module. */
export function target(s: Services, caller: Caller, module: string, type: string): Target {
  const r = s.catalogue.registry.resolve(module, type);
  if (!r) throw notFound();
  if (!moduleUsable(r.entity.module, caller.org.activeModules, caller.principal)) throw notAuthorized();
  return r;
}

/** Whether the caller may do `verb` on this type at all (for some record, perhaps only their own). */
function mayAtAll(t: Target, verb: Verb, caller: Caller): 'all' | 'own' | 'none' {
  const rule = t.entity.file['x-access'][verb];
  if (!t.my && allows(rule, caller.principal, false)) return 'all';
  return allows(rule, caller.principal, true) ? 'own' : 'none';
}

function isOwnRecord(t: Target, caller: Caller, key: string, data: DataObject): boolean {
  return ownedBy(t.entity, key, data, caller.principal.userKey);
}

/** Another payroll record of the same owner (keyed by user), decrypted: what a signature freezes. */
async function ownRecord(s: Services, caller: Caller, type: string, owner: string): Promise<DataObject | undefined> {
  const entity = s.catalogue.registry.resolve('payroll', type)?.entity;
  const stored = entity ? await s.storage.get(entity.id, caller.org.id, owner) : undefined;
  return entity && stored ? decryptedData(s, entity, stored) : undefined;
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
  if (reader) for (const field of unreadableFields(facts, reader, entity, record)) delete data[field];
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

/** A masked value that is not the mask of what is stored for that item. */
const MASKED_UNKNOWN = 'Enter the full number: a masked value keeps only the number stored for this same entry.';

/** Keywords whose errors describe the value as the client sent it (see prepare). */
const AS_SENT = new Set([
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
]);

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

async function runTransform(expr: string, data: DataObject, bindings: Record<string, unknown>): Promise<DataObject> {
  try {
    return await transformData(expr, data, bindings);
  } catch (e) {
    if (e instanceof ExpressionError) throw new ApiError(422, `A transform of this form failed: ${e.message}`);
    throw e;
  }
}

async function readVisible(s: Services, t: Target, caller: Caller, key: string): Promise<StoredRecord> {
  if (!isUuid(key)) throw notFound();
  if (t.my && key !== caller.principal.userKey) throw notFound();
  const access = mayAtAll(t, 'read', caller);
  if (access === 'none') throw notAuthorized();
  const record = (await s.storage.get(t.entity.id, caller.org.id, key)) ?? (await sharedRecord(s, t, key));
  if (!record) throw await missing(s, t, caller, key, access);
  // Another's record of the caller's own company: not authorized (API.md); another company's is 404.
  if (access === 'own' && !isOwnRecord(t, caller, record.key, record.data)) throw notAuthorized();
  return record;
}

/**
 * The answer for a key with no record: 404, except that a caller who may reach only their own
 * records gets 403 for a form keyed by another user of their company, as when it exists, so the
 * answer does not tell whether that colleague has filled it in.
 */
async function missing(
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
  const stored = await readVisible(s, t, caller, key);
  if (stored.org !== caller.org.id) throw notAuthorized();
  const allowed = t.my
    ? allows(t.entity.file['x-access'].edit, caller.principal, isOwnRecord(t, caller, key, stored.data))
    : can(t.entity, 'edit', caller.principal, stored);
  if (!allowed) throw notAuthorized();
  await hooksFor(t.entity.id)?.authorize?.({ s, caller, key, stored });
  return stored;
}

export async function readRecord(s: Services, caller: Caller, t: Target, key: string): Promise<WireRecord> {
  return toWire(s, t.entity, await readVisible(s, t, caller, key), caller.principal);
}

/**
 * Builds the data to store from what the client sent: masked values restored, server-owned and
 * admin-only fields kept, the save transform run, defaults filled in, validated, then encrypted.
 */
async function prepare(
  s: Services,
  caller: Caller,
  entity: Entity,
  key: string,
  incoming: DataObject,
  before: DataObject | undefined,
  mode: WriteMode,
  ctx: { request: RequestInfo; version: number; stored?: DataObject },
): Promise<{ data: DataObject; plain: DataObject; changed: string[]; signatures: BindResult }> {
  const facts = fieldFacts(s.catalogue, entity);
  let data: DataObject = mode === 'update' && before ? { ...cloneJson(before), ...incoming } : cloneJson(incoming);
  const errors: FieldError[] = [];

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
  const now = s.now();
  if (!before) {
    for (const [field, value] of facts.defaults) if (data[field] === undefined) data[field] = cloneJson(value);
    if (facts.serverOwned.has('created_by')) data.created_by = caller.principal.userKey;
    if (facts.serverOwned.has('created_time')) data.created_time = now;
    const owner = ownerOf(entity, key, data);
    if (facts.serverOwned.has('_user_uuid')) data._user_uuid = entity.file['x-key'] === 'user' ? key : owner;
  }
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
    const was = before ? before[field] : facts.defaults.get(field);
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
        const msg = (schema['x-messages'] as Record<string, string> | undefined)?.immutable;
        errors.push({ path: `/${field}`, message: msg ?? 'Cannot be changed once the record exists' });
      }
    }
  }

  for (const field of facts.signatures) stampSignature(data, before, field, caller, { ...ctx, now });
  // A signature in an array's item (a supplement block) is stamped against the stored item with its key.
  for (const { array, key: itemKey, field } of facts.itemSignatures) {
    const olds = Array.isArray(before?.[array]) ? (before![array] as DataObject[]) : [];
    for (const item of Array.isArray(data[array]) ? (data[array] as unknown[]) : []) {
      if (!item || typeof item !== 'object' || Array.isArray(item)) continue;
      const id = (item as DataObject)[itemKey];
      const old = olds.find((o) => o && typeof o === 'object' && id !== undefined && o[itemKey] === id);
      stampSignature(item as DataObject, old, field, caller, { ...ctx, now });
    }
  }

  const bindings = {
    ...s.catalogue.referenceData,
    before: before ?? null,
    user: caller.principal.userKey,
    org: caller.org.id,
    features: caller.org.enabledFeatures,
    employer: await employerInfo(s, caller.org.id),
    now,
    mode,
  };
  const hook = hooksFor(entity.id);
  // Values the server fills in from its configuration (a new company's hostname) before the rules run.
  if (hook?.derive) data = hook.derive({ s, caller, key, data, before, mode, incoming }) ?? data;
  const save = entity.file['x-transforms']?.save;
  if (save) {
    // A value of the wrong type or out of range is refused as sent, before a transform can hide it.
    const asSent = s.catalogue.validator(entity).withKeywords(cloneJson(data));
    if (asSent.some((e) => AS_SENT.has(e.keyword ?? ''))) throw validationFailed(asSent);
    data = await runTransform(save, data, bindings);
  }
  if (hook?.prepare) data = await hook.prepare({ s, caller, key, data, before, mode, incoming });

  errors.push(...s.catalogue.validator(entity)(data));
  const rule = entity.file['x-transforms']?.validate;
  if (rule && !errors.length) {
    try {
      errors.push(...(await validateByExpression(rule, data, bindings)));
    } catch (e) {
      if (e instanceof ExpressionError) throw new ApiError(422, `A rule of this form failed: ${e.message}`);
      throw e;
    }
  }
  if (hook?.validate && !errors.length) {
    errors.push(...(await hook.validate({ s, caller, key, data, before, mode, incoming })));
  }
  if (errors.length) throw validationFailed(errors);
  // A duplicate is a conflict with another record (API.md: 409), once the rest is valid.
  await assertUnique(s, caller.org.id, key, data, facts.unique);
  if (hook?.amend) data = await hook.amend({ s, caller, key, data, before, mode, incoming });
  const signatures = await bindSignatures(
    (type, owner) => ownRecord(s, caller, type, owner),
    caller,
    entity,
    key,
    data,
    before,
    facts.attestations,
    facts.notAttested,
    { version: ctx.version, now },
  );
  if (signatures.errors.length) throw validationFailed(signatures.errors);

  const changed = [...new Set([...Object.keys(data), ...Object.keys(before ?? {})])]
    .filter((k) => JSON.stringify(data[k]) !== JSON.stringify(before?.[k]))
    .sort();
  const plain = cloneJson(data);
  mapSensitive(data, facts.sensitive, (kind, v) => (typeof v === 'string' ? sealSensitive(s.cipher, kind, v) : v));
  // A field this write did not change is kept as stored, byte for byte: a server-owned secret (the
  // password hash, stored as its own hash) is never sealed as a sensitive value, and unchanged
  // ciphertexts are not written anew.
  if (ctx.stored) {
    const untouched = Object.keys(ctx.stored).filter((k) => !changed.includes(k));
    for (const field of untouched) data[field] = ctx.stored[field];
  }
  return { data, plain, changed, signatures };
}

/**
 * Idempotent creates: an `Idempotency-Key` header names the create, so a retry (after a timeout or a
 * lost answer) answers the record the first attempt made instead of making another.
 */
async function idempotency(s: Services, caller: Caller, collection: string, header: string | undefined) {
  if (header === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,128}$/.test(header)) throw badRequest('Idempotency-Key must be 1 to 128 visible characters');
  const id = s.cipher.lookup(`${caller.org.id}\u0000${caller.user.key}\u0000${collection}\u0000${header}`);
  const found = await s.storage.get(SYSTEM.idempotency, caller.org.id, id);
  return {
    existing: found ? String(found.data.key) : undefined,
    claim: (key: string, now: number): WriteOp => ({
      op: 'put',
      expectVersion: 0,
      record: {
        collection: SYSTEM.idempotency,
        org: caller.org.id,
        key: id,
        data: { key, collection, time: now },
        meta: {
          created_by: caller.user.key,
          created_time: now,
          updated_by: caller.user.key,
          updated_time: now,
          version: 1,
        },
      },
    }),
  };
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

function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const v = header.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  if (!/^\d{1,15}$/.test(v)) throw badRequest('If-Match must hold a record version (a whole number)');
  return Number(v);
}

export async function writeRecord(
  s: Services,
  caller: Caller,
  t: Target,
  keyOrUndefined: string | undefined,
  incoming: DataObject,
  mode: WriteMode,
  opts: { ifMatch?: string; idempotencyKey?: string; request: RequestInfo },
): Promise<{ record: WireRecord; created: boolean }> {
  const { entity } = t;
  let key = keyOrUndefined;
  const idem = mode === 'create' ? await idempotency(s, caller, entity.id, opts.idempotencyKey) : undefined;
  if (idem?.existing) return { record: await readRecord(s, caller, t, idem.existing), created: true };
  if (mode === 'create') {
    if (entity.file['x-key'] === 'user') {
      const forUser = t.my ? caller.principal.userKey : (incoming._user_uuid ?? caller.principal.userKey);
      if (!isUuid(forUser)) throw validationFailed([{ path: '/_user_uuid', message: 'Must be a user key' }]);
      key = forUser;
    } else key = randomUUID();
  }
  // Someone who may neither create nor edit this type learns nothing about which keys exist.
  if (mayAtAll(t, 'create', caller) === 'none' && mayAtAll(t, 'edit', caller) === 'none') throw notAuthorized();
  if (!key || !isUuid(key)) throw notFound();
  if (t.my && key !== caller.principal.userKey) throw notFound();
  // A user-keyed record belongs to a user of the caller's organization, or it cannot exist.
  if (entity.file['x-key'] === 'user' && !(await s.storage.get('auth/users', caller.org.id, key))) {
    if (mode === 'create') throw validationFailed([{ path: '/_user_uuid', message: 'Must be a user of this company' }]);
    throw notFound();
  }

  const stored = await s.storage.get(entity.id, caller.org.id, key);
  if (mode === 'create' && stored) {
    // Only someone who may see the existing record is told that it exists.
    const prospective = { key, data: { ...incoming, _user_uuid: key } };
    const mayCreate = t.my
      ? allows(entity.file['x-access'].create, caller.principal, true)
      : can(entity, 'create', caller.principal, prospective);
    const readAccess = mayAtAll(t, 'read', caller);
    if (!mayCreate || readAccess === 'none' || (readAccess === 'own' && !isOwnRecord(t, caller, key, stored.data))) {
      throw notAuthorized();
    }
    throw new ApiError(409, 'A record with this key already exists');
  }
  if (mode !== 'create' && !stored) {
    if (entity.file['x-key'] !== 'user') throw notFound();
  }
  const verb: Verb = stored ? 'edit' : 'create';
  const before = stored ? decryptedData(s, entity, stored) : undefined;
  if (stored) {
    // Reading rights decide whether the record exists for the caller at all.
    const readAccess = mayAtAll(t, 'read', caller);
    if (readAccess === 'none' && mayAtAll(t, 'edit', caller) === 'none') throw notAuthorized();
    if (readAccess === 'own' && !isOwnRecord(t, caller, key, stored.data)) throw notAuthorized();
  }
  const prospective = { key, data: before ?? { ...incoming, _user_uuid: key } };
  const allowed = t.my
    ? allows(entity.file['x-access'][verb], caller.principal, isOwnRecord(t, caller, key, prospective.data))
    : can(entity, verb, caller.principal, prospective);
  if (!allowed) throw notAuthorized();
  const hook = hooksFor(entity.id);
  await hook?.authorize?.({ s, caller, key, stored });

  const expected = parseIfMatch(opts.ifMatch);
  if (expected !== undefined && expected !== (stored?.meta.version ?? 0)) {
    throw new ApiError(409, 'Version conflict: the record changed since it was read');
  }
  const { data, plain, changed, signatures } = await prepare(
    s,
    caller,
    entity,
    key,
    incoming,
    before,
    stored ? mode : 'create',
    {
      request: opts.request,
      version: (stored?.meta.version ?? 0) + 1,
      stored: stored?.data,
    },
  );
  const now = s.now();
  const record: StoredRecord = {
    collection: entity.id,
    org: caller.org.id,
    key,
    data,
    meta: {
      created_by: stored?.meta.created_by ?? caller.principal.userKey,
      created_time: stored?.meta.created_time ?? now,
      updated_by: caller.principal.userKey,
      updated_time: now,
      version: (stored?.meta.version ?? 0) + 1,
    },
  };
  const ops: WriteOp[] = [
    { op: 'put', record, expectVersion: stored?.meta.version ?? 0 },
    ...uniqueClaimOps(s, caller.org.id, key, plain, before, fieldFacts(s.catalogue, entity).unique),
  ];
  if (hook?.extraOps) {
    ops.push(...(await hook.extraOps({ s, caller, key, data: plain, before, mode, incoming, record })));
  }
  ops.push(
    auditOp({
      org: caller.org.id,
      actor: actorOf(caller),
      action: stored ? (mode === 'update' ? 'update' : 'save') : 'create',
      module: entity.module,
      type: entity.type,
      key,
      affectedUser: ownerOf(entity, key, plain),
      fields: changed,
      // Who signed, and which signature this change voided (the fields changed after signing).
      detail: {
        ...(signatures.signed.length ? { signed: signatures.signed } : {}),
        ...(signatures.voided.length ? { voided: signatures.voided } : {}),
      },
      browser: opts.request.browser,
      address: opts.request.address,
      now,
    }),
  );
  if (idem) ops.push(idem.claim(key, now));
  try {
    await s.storage.commit(ops);
  } catch (e) {
    // The same create retried concurrently: the first one made the record; answer it.
    if (idem && e instanceof VersionConflictError) {
      // The winner may sit in the same commit group, applied to memory a moment later.
      for (let i = 0; i < 50; i++) {
        const again = await idempotency(s, caller, entity.id, opts.idempotencyKey);
        if (again?.existing) return { record: await readRecord(s, caller, t, again.existing), created: true };
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    throw e;
  }
  const committed = hook?.afterCommit
    ? await afterCommit(s, hook.afterCommit, { s, caller, key, data: plain, before, mode, incoming, record })
    : record;
  return { record: await toWire(s, entity, committed, caller.principal), created: !stored };
}

/** Runs a hook's after-commit work and answers the record as it now stands (the work may change it). */
async function afterCommit(
  s: Services,
  work: NonNullable<EntityHooks['afterCommit']>,
  args: HookArgs & { record: StoredRecord },
): Promise<StoredRecord> {
  await work(args);
  return (await s.storage.get(args.record.collection, args.record.org, args.record.key)) ?? args.record;
}

export async function deleteRecord(
  s: Services,
  caller: Caller,
  t: Target,
  key: string,
  opts: { ifMatch?: string; request: RequestInfo },
): Promise<void> {
  const stored = await readVisibleForWrite(s, caller, t, key);
  if (
    !can(t.entity, 'delete', caller.principal, stored) &&
    !(t.my && allows(t.entity.file['x-access'].delete, caller.principal, true))
  ) {
    throw notAuthorized();
  }
  const hook = hooksFor(t.entity.id);
  await hook?.authorize?.({ s, caller, key, stored });
  const expected = parseIfMatch(opts.ifMatch);
  if (expected !== undefined && expected !== stored.meta.version) {
    throw new ApiError(409, 'Version conflict: the record changed since it was read');
  }
  const now = s.now();
  const extra = [
    ...uniqueReleaseOps(s, caller.org.id, stored.data, fieldFacts(s.catalogue, t.entity).unique),
    ...(hook?.onDelete ? await hook.onDelete({ s, caller, record: stored }) : []),
  ];
  const ops: WriteOp[] = [
    { op: 'delete', collection: t.entity.id, org: caller.org.id, key, expectVersion: stored.meta.version },
    ...extra,
    auditOp({
      org: caller.org.id,
      actor: actorOf(caller),
      action: 'delete',
      module: t.entity.module,
      type: t.entity.type,
      key,
      affectedUser: ownerOf(t.entity, key, stored.data),
      browser: opts.request.browser,
      address: opts.request.address,
      now,
    }),
  ];
  if (!holdsFiles(s, t.entity)) {
    await s.storage.commit(ops);
    return;
  }
  // The record's files go with it: their references in the same commit, their bytes right after.
  await withFileLock(async () => {
    const files = await releaseAll(s, t.entity, caller.org.id, key);
    await s.storage.commit([...ops, ...files.ops]);
    await removeOrphans(s, caller.org.id, files.orphans);
  });
}

async function readVisibleForWrite(s: Services, caller: Caller, t: Target, key: string): Promise<StoredRecord> {
  if (mayAtAll(t, 'delete', caller) === 'none') throw notAuthorized();
  if (!isUuid(key)) throw notFound();
  if (t.my && key !== caller.principal.userKey) throw notFound();
  const record = await s.storage.get(t.entity.id, caller.org.id, key);
  const readAccess = mayAtAll(t, 'read', caller);
  if (!record) throw await missing(s, t, caller, key, mayAtAll(t, 'delete', caller));
  if (readAccess === 'own' && !isOwnRecord(t, caller, key, record.data)) throw notAuthorized();
  if (readAccess === 'none' && mayAtAll(t, 'delete', caller) === 'none') throw notAuthorized();
  return record;
}

export { mayAtAll, toPointer };
