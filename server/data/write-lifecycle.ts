/**
 * The write lifecycle: every create, save, update (patch) and delete of a record passes through the
 * stages below, in this order and no other. Each stage is named once here; an entity's hooks
 * (./hooks.ts) run inside the stage that names them. docs/write-lifecycle.md walks one write through.
 */
import { ownerOf } from '../../engine/access.ts';
import { mapSensitive } from '../../engine/masking.ts';
import type { FieldError } from '../../engine/messages.ts';
import { cloneJson } from '../../engine/schema-walk.ts';
import { ExpressionError, validateByExpression } from '../../engine/transforms.ts';
import type { Caller } from '../auth/principal.ts';
import { sealSensitive } from '../crypto/field-cipher.ts';
import { holdsFiles, releaseAll, removeOrphans, withFileLock } from '../files/references.ts';
import { ApiError, validationFailed } from '../http/errors.ts';
import { employerInfo } from '../payroll/employer-info.ts';
import type { Services } from '../services.ts';
import { VersionConflictError, type DataObject, type StoredRecord, type WriteOp } from '../storage/types.ts';
import { actorOf, auditOp } from './audit.ts';
import { fieldFacts, type FieldFacts } from './fields.ts';
import { hooksFor, type EntityHooks, type HookArgs } from './hooks.ts';
import { idempotency, type IdempotentCreate } from './idempotency.ts';
import {
  decryptedData,
  readRecord,
  runTransform,
  toWire,
  type RequestInfo,
  type Target,
  type WireRecord,
  type WriteMode,
} from './records.ts';
import { bindSignatures, type BindResult } from './signatures.ts';
import { assertUnique, uniqueClaimOps, uniqueReleaseOps } from './unique.ts';
import { authorizeDelete, authorizeWrite, checkIfMatch, type Access } from './write-access.ts';
import { deriveData } from './write-derive.ts';

/** One write as it passes through the stages: what was asked, and what each stage made of it. */
export interface Write {
  s: Services;
  caller: Caller;
  t: Target;
  facts: FieldFacts;
  hook: EntityHooks | undefined;
  /** The mode the client asked for; `mode` is what it is once authorized (a save of nothing stored creates). */
  requested: WriteMode | 'delete';
  mode: WriteMode | 'delete';
  key: string;
  /** For a type keyed by user: the user the record is (or will be) theirs, decided by the authorize stage. */
  user?: string;
  incoming: DataObject;
  opts: { ifMatch?: string; idempotencyKey?: string; request: RequestInfo };
  idem?: IdempotentCreate;
  /** Decided once by the authorize stage; no later stage asks the access rules again. */
  access?: Access;
  stored?: StoredRecord;
  /** The stored data in clear. */
  before?: DataObject;
  /** The version the record will have. */
  version: number;
  now: number;
  /** The data to store: in clear until the extra operations stage seals it. */
  data: DataObject;
  errors: FieldError[];
  bindings: Record<string, unknown>;
  signatures?: BindResult;
  ops: WriteOp[];
  record?: StoredRecord;
  /** Set by a stage that answers the write itself (an idempotent retry); the rest do not run. */
  answer?: { record: WireRecord; created: boolean };
}

type Stage = (w: Write) => void | Promise<void>;

/** The stages, in order; each does what its name says for writes, for deletes, or for both. */
export const WRITE_STAGES: readonly { name: string; write?: Stage; delete?: Stage }[] = [
  { name: 'authorize', write: authorize, delete: authorizeRemoval },
  { name: 'derive', write: derive },
  { name: 'save transforms', write: saveTransforms },
  { name: 'validate by schema', write: validateBySchema },
  { name: 'validate by expression', write: validateByRule },
  { name: 'validate by hook', write: validateByHook },
  { name: 'extra operations', write: writeOperations, delete: deleteOperations },
  { name: 'commit', write: commitWrite, delete: commitDelete },
  { name: 'after commit', write: afterCommit },
  { name: 'load transforms', write: answer },
];

async function run(w: Write, kind: 'write' | 'delete'): Promise<void> {
  for (const stage of WRITE_STAGES) {
    await stage[kind]?.(w);
    if (w.answer) return;
  }
}

function newWrite(
  s: Services,
  caller: Caller,
  t: Target,
  fields: Pick<Write, 'key' | 'incoming' | 'opts' | 'mode'>,
): Write {
  return {
    s,
    caller,
    t,
    facts: fieldFacts(s.catalogue, t.entity),
    hook: hooksFor(t.entity.id),
    requested: fields.mode,
    version: 0,
    now: 0,
    data: {},
    errors: [],
    bindings: {},
    ops: [],
    ...fields,
  };
}

/** Creates (key undefined), saves (replaces the data) or updates (merges the fields sent) a record. */
export async function writeRecord(
  s: Services,
  caller: Caller,
  t: Target,
  key: string | undefined,
  incoming: DataObject,
  mode: WriteMode,
  opts: Write['opts'],
): Promise<{ record: WireRecord; created: boolean }> {
  const w = newWrite(s, caller, t, { key: key ?? '', incoming, opts, mode });
  await run(w, 'write');
  return w.answer!;
}

export async function deleteRecord(
  s: Services,
  caller: Caller,
  t: Target,
  key: string,
  opts: Omit<Write['opts'], 'idempotencyKey'>,
): Promise<void> {
  await run(newWrite(s, caller, t, { key, incoming: {}, opts, mode: 'delete' }), 'delete');
}

/** The arguments every data hook receives. */
function hookArgs(w: Write, data: DataObject, mode: WriteMode): HookArgs {
  return { s: w.s, caller: w.caller, key: w.key, data, before: w.before, mode, incoming: w.incoming };
}

// authorize: an idempotent retry is answered; the key, the stored record and the caller's access
// are decided; the entity's authorize hook may refuse this record; If-Match must name its version.
async function authorize(w: Write): Promise<void> {
  const { s, caller, t } = w;
  w.idem = w.mode === 'create' ? await idempotency(s, caller, t.entity.id, w.opts.idempotencyKey) : undefined;
  if (w.idem?.existing) {
    w.answer = { record: await readRecord(s, caller, t, w.idem.existing), created: true };
    return;
  }
  w.access = await authorizeWrite(w);
  await w.hook?.authorize?.({ s, caller, key: w.key, stored: w.stored });
  checkIfMatch(w.opts.ifMatch, w.stored?.meta.version ?? 0);
}

async function authorizeRemoval(w: Write): Promise<void> {
  w.access = await authorizeDelete(w);
  await w.hook?.authorize?.({ s: w.s, caller: w.caller, key: w.key, stored: w.stored });
  checkIfMatch(w.opts.ifMatch, w.stored!.meta.version);
}

// derive: the data to store from what was sent and what is stored (./write-derive.ts), then what
// the server fills in from its configuration (the derive hook: a new company's hostname).
async function derive(w: Write): Promise<void> {
  w.now = w.s.now();
  deriveData(w);
  const { s, caller, before, now } = w;
  w.bindings = {
    ...s.catalogue.referenceData,
    before: before ?? null,
    user: caller.principal.userKey,
    org: caller.org.id,
    features: caller.org.enabledFeatures,
    employer: await employerInfo(s, caller.org.id),
    now,
    mode: w.mode,
  };
  if (w.hook?.derive) w.data = w.hook.derive(hookArgs(w, w.data, w.mode as WriteMode)) ?? w.data;
}

/** Keywords whose errors describe the value as the client sent it (before a transform can hide it). */
const AS_SENT = new Set([
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'maxLength',
  'maxItems',
]);

// save transforms: the schema's save transform (x-transforms.save), then the prepare hook (a state
// form's own prepare_for_save).
async function saveTransforms(w: Write): Promise<void> {
  const { s, t } = w;
  const save = t.entity.file['x-transforms']?.save;
  if (save) {
    // A value of the wrong type or out of range is refused as sent, before a transform can hide it.
    const asSent = s.catalogue.validator(t.entity).withKeywords(cloneJson(w.data));
    if (asSent.some((e) => AS_SENT.has(e.keyword ?? ''))) throw validationFailed(asSent);
    w.data = await runTransform(save, w.data, w.bindings);
  }
  if (w.hook?.prepare) w.data = await w.hook.prepare(hookArgs(w, w.data, w.mode as WriteMode));
}

function validateBySchema(w: Write): void {
  w.errors.push(...w.s.catalogue.validator(w.t.entity)(w.data));
}

// validate by expression: the schema's x-transforms.validate, once the data is valid by schema.
async function validateByRule(w: Write): Promise<void> {
  const rule = w.t.entity.file['x-transforms']?.validate;
  if (!rule || w.errors.length) return;
  try {
    w.errors.push(...(await validateByExpression(rule, w.data, w.bindings)));
  } catch (e) {
    if (e instanceof ExpressionError) throw new ApiError(422, `A rule of this form failed: ${e.message}`);
    throw e;
  }
}

// validate by hook: the validate hook, once the rest is valid; then every error found so far is the
// answer (400), and a duplicate of another record's unique value a conflict (409).
async function validateByHook(w: Write): Promise<void> {
  if (w.hook?.validate && !w.errors.length) {
    w.errors.push(...(await w.hook.validate(hookArgs(w, w.data, w.mode as WriteMode))));
  }
  if (w.errors.length) throw validationFailed(w.errors);
  await assertUnique(w.s, w.caller.org.id, w.key, w.data, w.facts.unique);
}

// extra operations: the amend hook's server-owned additions, signatures bound to what they sign,
// the data sealed; then the operations committed together: the record, its unique claims, the
// extraOps hook's records, the audit entry and the idempotency claim.
async function writeOperations(w: Write): Promise<void> {
  const { s, caller, t, key, before, stored, facts } = w;
  if (w.hook?.amend) w.data = await w.hook.amend(hookArgs(w, w.data, w.mode as WriteMode));
  const data = w.data;
  const signatures = await bindSignatures(
    (type, owner) => ownRecord(s, caller, type, owner),
    caller,
    t.entity,
    key,
    data,
    before,
    facts.attestations,
    facts.notAttested,
    { version: w.version, now: w.now },
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
  if (stored) {
    for (const field of Object.keys(stored.data).filter((k) => !changed.includes(k))) data[field] = stored.data[field];
  }
  w.data = plain;

  const now = s.now();
  const record: StoredRecord = {
    collection: t.entity.id,
    org: caller.org.id,
    key,
    data,
    meta: {
      created_by: stored?.meta.created_by ?? caller.principal.userKey,
      created_time: stored?.meta.created_time ?? now,
      updated_by: caller.principal.userKey,
      updated_time: now,
      version: w.version,
    },
  };
  w.record = record;
  w.ops.push(
    { op: 'put', record, expectVersion: stored?.meta.version ?? 0 },
    ...uniqueClaimOps(s, caller.org.id, key, plain, before, facts.unique),
  );
  if (w.hook?.extraOps)
    w.ops.push(...(await w.hook.extraOps({ ...hookArgs(w, plain, w.requested as WriteMode), record })));
  w.ops.push(
    auditOp({
      org: caller.org.id,
      actor: actorOf(caller),
      action: stored ? (w.requested === 'update' ? 'update' : 'save') : 'create',
      module: t.entity.module,
      type: t.entity.type,
      key,
      affectedUser: ownerOf(t.entity, key, plain),
      fields: changed,
      // Who signed, and which signature this change voided (the fields changed after signing).
      detail: {
        ...(signatures.signed.length ? { signed: signatures.signed } : {}),
        ...(signatures.voided.length ? { voided: signatures.voided } : {}),
      },
      browser: w.opts.request.browser,
      address: w.opts.request.address,
      now,
    }),
  );
  if (w.idem) w.ops.push(w.idem.claim(key, now));
}

/** Another payroll record of the same owner (keyed by user), decrypted: what a signature freezes. */
async function ownRecord(s: Services, caller: Caller, type: string, owner: string): Promise<DataObject | undefined> {
  const entity = s.catalogue.registry.resolve('payroll', type)?.entity;
  const stored = entity ? await s.storage.get(entity.id, caller.org.id, owner) : undefined;
  return entity && stored ? decryptedData(s, entity, stored) : undefined;
}

// extra operations of a delete: unique values released, the onDelete hook's records, the audit entry.
async function deleteOperations(w: Write): Promise<void> {
  const { s, caller, t, key } = w;
  const stored = w.stored!;
  const now = s.now();
  const extra = [
    ...uniqueReleaseOps(s, caller.org.id, stored.data, w.facts.unique),
    ...(w.hook?.onDelete ? await w.hook.onDelete({ s, caller, record: stored }) : []),
  ];
  w.ops.push(
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
      browser: w.opts.request.browser,
      address: w.opts.request.address,
      now,
    }),
  );
}

async function commitWrite(w: Write): Promise<void> {
  const { s, caller, t, idem } = w;
  try {
    await s.storage.commit(w.ops);
  } catch (e) {
    // The same create retried concurrently: the first one made the record; answer it.
    if (idem && e instanceof VersionConflictError) {
      // The winner may sit in the same commit group, applied to memory a moment later.
      for (let i = 0; i < 50; i++) {
        const again = await idempotency(s, caller, t.entity.id, w.opts.idempotencyKey);
        if (again?.existing) {
          w.answer = { record: await readRecord(s, caller, t, again.existing), created: true };
          return;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    throw e;
  }
}

async function commitDelete(w: Write): Promise<void> {
  const { s, caller, t, key } = w;
  if (!holdsFiles(s, t.entity)) {
    await s.storage.commit(w.ops);
    return;
  }
  // The record's files go with it: their references in the same commit, their bytes right after.
  await withFileLock(async () => {
    const files = await releaseAll(s, t.entity, caller.org.id, key);
    await s.storage.commit([...w.ops, ...files.ops]);
    await removeOrphans(s, caller.org.id, files.orphans);
  });
}

// after commit: the afterCommit hook's work (sending a message), then the record as it now stands
// (the work may have changed it).
async function afterCommit(w: Write): Promise<void> {
  const work = w.hook?.afterCommit;
  if (!work) return;
  const record = w.record!;
  await work({ ...hookArgs(w, w.data, w.requested as WriteMode), record });
  w.record = (await w.s.storage.get(record.collection, record.org, record.key)) ?? record;
}

// load transforms: the answer as a client reads it (../records.ts toWire: masked, x-read, load transform).
async function answer(w: Write): Promise<void> {
  w.answer = { record: await toWire(w.s, w.t.entity, w.record!, w.caller.principal), created: !w.stored };
}
