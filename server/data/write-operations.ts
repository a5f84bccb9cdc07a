/**
 * The extra operations stage of a write (./write-lifecycle.ts): everything one atomic commit holds.
 * For a write: the record (signatures bound, sensitive fields sealed), its unique claims, the hook's
 * records, the audit entry and the idempotency claim; for a delete: the record's removal, its unique
 * values released, the hook's records and the audit entry.
 */
import { ownerOf } from '../../engine/access.ts';
import { mapSensitive } from '../../engine/masking.ts';
import { cloneJson } from '../../engine/schema-walk.ts';
import { canonicalJson } from '../../engine/unique-items.ts';
import type { Caller } from '../auth/principal.ts';
import { sealSensitive } from '../crypto/field-cipher.ts';
import { validationFailed } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../storage/types.ts';
import { actorOf, auditOp } from './audit.ts';
import { hookArgs } from './hooks.ts';
import { decryptedData, toWire, type WriteMode } from './records.ts';
import { bindSignatures } from './signatures.ts';
import { hireKeyOf, ownHireFields } from '../payroll/own-hire.ts';
import { auditedChanges } from './audited-changes.ts';
import { uniqueClaimOps, uniqueReleaseOps } from './unique.ts';
import type { Write } from './write-lifecycle.ts';

// extra operations: signatures bound to what they sign, then the amend hook's server-owned
// additions; a write that changes nothing answered as stored; the data sealed; then the operations
// committed together: the record, its unique claims, the extraOps hook's records, the audit entry
// and the idempotency claim.
export async function writeOperations(w: Write): Promise<void> {
  const { s, caller, t, key, before, stored, facts } = w;
  const signatures = await bindSignatures(
    (type, owner) => ownRecord(s, caller, type, owner),
    caller,
    t.entity,
    key,
    w.data,
    before,
    facts.attestations,
    facts.notAttested,
    { version: w.version, now: w.now, keyed: (text) => s.cipher.lookup(text) },
    facts.othersOnly,
  );
  if (signatures.errors.length) throw validationFailed(signatures.errors);
  // The amend hook derives from the signatures as they will be stored, once bound: an I-9 whose
  // Section 2 signature a correction voided is open and due again. (What a signature attests
  // leaves out the server-owned fields amend writes, so binding first changes no digest.)
  if (w.hook?.amend) w.data = await w.hook.amend(hookArgs(w, w.data, w.mode as WriteMode));
  const data = w.data;
  const changed = changedFields(data, before);
  // A write whose data, as it would be stored, is what is stored changes nothing: it answers the
  // record as stored. A new version, an audit entry or the hooks' work would tell of a change that
  // never happened, and would fail other clients' If-Match for nothing.
  if (stored && !changed.length) {
    w.answer = { record: await toWire(s, t.entity, stored, caller.principal), created: false };
    return;
  }
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
  // From what to what, for an account's or a group's choices (./audited-changes.ts).
  const changes = auditedChanges(t.entity.module, facts, before, plain, changed);
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
        ...(changes ? { changes } : {}),
      },
      browser: w.opts.request.browser,
      address: w.opts.request.address,
      now,
    }),
  );
  if (w.idem) w.ops.push(w.idem.claim(key, now));
}

/**
 * The top-level fields whose values differ, in order. Compared as canonical JSON: an object sent
 * with its fields in another order holds the same value; a field absent differs from one null.
 */
function changedFields(data: DataObject, before: DataObject | undefined): string[] {
  const same = (a: unknown, b: unknown) =>
    a === undefined || b === undefined ? a === b : canonicalJson(a) === canonicalJson(b);
  return [...new Set([...Object.keys(data), ...Object.keys(before ?? {})])]
    .filter((k) => !same(data[k], before?.[k]))
    .sort();
}

/** Another payroll record of the same owner (keyed by user), decrypted: what a signature freezes. */
async function ownRecord(s: Services, caller: Caller, type: string, owner: string): Promise<DataObject | undefined> {
  const entity = s.catalogue.registry.resolve('payroll', type)?.entity;
  const stored = entity ? await s.storage.get(entity.id, caller.org.id, owner) : undefined;
  if (entity && stored) return decryptedData(s, entity, stored);
  // A new hire signs before an employee record exists: who signed is then who their hire names.
  if (type === 'employee') return ownHireFields(s, caller.org.id, await hireKeyOf(s, caller.org.id, owner));
  return undefined;
}

// extra operations of a delete: unique values released, the onDelete hook's records, the audit entry.
export async function deleteOperations(w: Write): Promise<void> {
  const { s, caller, t, key } = w;
  const stored = w.stored!;
  const now = s.now();
  // A unique value is claimed as typed (a sensitive one too: an SSN), and released only where this
  // record holds the claim (a value two records held before it was unique stays the other's).
  const releases: WriteOp[] = [];
  for (const op of uniqueReleaseOps(s, caller.org.id, decryptedData(s, t.entity, stored), w.facts.unique)) {
    if (op.op !== 'delete') continue;
    const claim = await s.storage.get(op.collection, op.org, op.key);
    if (claim && claim.data.owner === key) releases.push(op);
  }
  const extra = [
    ...releases,
    ...(w.hook?.onDelete ? await w.hook.onDelete({ s, caller, record: stored, request: w.opts.request }) : []),
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
