/**
 * The authorize stage of a write (./write-lifecycle.ts): which record the write is about, whether
 * it exists for the caller, and whether the caller may create, change or delete it, decided once
 * into an `Access` the later stages read. The answers tell a caller nothing about records beyond
 * their reach: 404 for another company's or an unknown key, 403 for one of theirs they may not touch.
 */
import { randomUUID } from 'node:crypto';
import { allows, can, ownerOf } from '../../engine/access.ts';
import type { Verb } from '../../engine/entity.ts';
import { VERSION_CONFLICT_MESSAGE } from '../../engine/messages.ts';
import { isUuid } from '../auth/principal.ts';
import { ApiError, badRequest, notAuthorized, notFound, validationFailed } from '../http/errors.ts';
import { idempotency, replayedRecord } from './idempotency.ts';
import {
  assertActive,
  decryptedData,
  isOwnRecord,
  isReachableToWrite,
  mayAtAll,
  missing,
  othersRefusal,
} from './records.ts';
import type { Write } from './write-lifecycle.ts';

/** What the caller may do with this record, decided once before anything else runs. */
export interface Access {
  /** The access rule the write is held to: a save of a record not stored yet is a create. */
  verb: Extract<Verb, 'create' | 'edit' | 'delete'>;
  /** Whether the record is the caller's own (@owner), as the authorize stage saw it. */
  owner: boolean;
}

/** Resolves the key of a create, finds the stored record and decides the caller's access to it. */
export async function authorizeWrite(w: Write): Promise<Access> {
  const { s, caller, t, incoming, mode } = w;
  const { entity } = t;
  assertActive(caller);
  if (mode === 'create') {
    if (entity.file['x-key'] === 'user') {
      const forUser = t.my ? caller.principal.userKey : (incoming._user_uuid ?? caller.principal.userKey);
      if (!isUuid(forUser)) throw validationFailed([{ path: '/_user_uuid', message: 'Must be a user key' }]);
      w.key = forUser;
    } else w.key = randomUUID();
  }
  const address = w.key;
  // my_T is the caller's own record: any other key does not exist (API.md), whatever the caller may do.
  if (t.my && address !== caller.principal.userKey) throw notFound();
  // Someone who may neither create nor edit this type learns nothing about which keys exist.
  if (mayAtAll(t, 'create', caller) === 'none' && mayAtAll(t, 'edit', caller) === 'none') throw notAuthorized();
  if (!address || !isUuid(address)) throw notFound();
  // A type keyed by its user and a field (a state certificate per state): the user key and the data
  // name the stored record (./hooks.ts address).
  const addressed = await w.hook?.address?.({
    s,
    org: caller.org.id,
    key: address,
    data: incoming,
    caller: caller.principal.userKey,
  });
  const key = addressed?.key ?? address;
  w.key = key;
  const stored = await s.storage.get(entity.id, caller.org.id, key);
  // The user the record belongs to: the key itself, or the user a user-and-field key was made for.
  const forUser = addressed?.user ?? (w.hook?.address && stored ? ownerOf(entity, key, stored.data) : key);
  w.user = forUser;
  // A user-keyed record belongs to a user of the caller's organization, or it cannot exist.
  if (entity.file['x-key'] === 'user' && (!forUser || !(await s.storage.get('auth/users', caller.org.id, forUser)))) {
    if (mode === 'create') throw validationFailed([{ path: '/_user_uuid', message: 'Must be a user of this company' }]);
    throw notFound();
  }

  if (mode === 'create' && stored) {
    // Only someone who may see the existing record is told that it exists.
    const prospective = { key, data: { ...incoming, _user_uuid: forUser } };
    const mayCreate = t.my
      ? allows(entity.file['x-access'].create, caller.principal, true)
      : can(entity, 'create', caller.principal, prospective);
    const readAccess = mayAtAll(t, 'read', caller);
    if (readAccess === 'own' && !(await isReachableToWrite(s, t, caller, stored)))
      throw othersRefusal(t, key === address);
    if (!mayCreate || readAccess === 'none') throw notAuthorized();
    throw new ApiError(409, 'A record with this key already exists');
  }
  if (mode !== 'create' && !stored && entity.file['x-key'] !== 'user') throw notFound();
  const verb = stored ? 'edit' : 'create';
  const before = stored ? decryptedData(s, entity, stored) : undefined;
  if (stored) {
    // Reading rights decide whether the record exists for the caller at all.
    const readAccess = mayAtAll(t, 'read', caller);
    if (readAccess === 'none' && mayAtAll(t, 'edit', caller) === 'none') throw notAuthorized();
    if (readAccess === 'own' && !(await isReachableToWrite(s, t, caller, stored)))
      throw othersRefusal(t, key === address);
  }
  const prospective = { key, data: before ?? { ...incoming, _user_uuid: forUser } };
  const owner = isOwnRecord(t, caller, key, prospective.data);
  const allowed = t.my
    ? allows(entity.file['x-access'][verb], caller.principal, owner)
    : can(entity, verb, caller.principal, { ...prospective, meta: stored?.meta });
  // Another's record not written yet, named by its own key: as for one written (othersRefusal).
  if (!allowed)
    throw owner || mayAtAll(t, 'read', caller) === 'all' ? notAuthorized() : othersRefusal(t, key === address);
  w.stored = stored;
  w.before = before;
  // A save of a record not stored yet (a user-keyed form filled in for the first time) is its create.
  if (!stored) w.mode = 'create';
  w.version = (stored?.meta.version ?? 0) + 1;
  return { verb, owner };
}

/** Finds the record to delete and decides whether the caller may delete it. */
export async function authorizeDelete(w: Write): Promise<Access> {
  const { s, caller, t } = w;
  const address = w.key;
  assertActive(caller);
  // my_T is the caller's own record: any other key does not exist (API.md), whatever the caller may do.
  if (t.my && address !== caller.principal.userKey) throw notFound();
  if (mayAtAll(t, 'delete', caller) === 'none') throw notAuthorized();
  if (!isUuid(address)) throw notFound();
  const key = (await w.hook?.address?.({ s, org: caller.org.id, key: address }))?.key ?? address;
  w.key = key;
  const stored = await s.storage.get(t.entity.id, caller.org.id, key);
  const readAccess = mayAtAll(t, 'read', caller);
  if (!stored) throw await missing(s, t, caller, address, mayAtAll(t, 'delete', caller));
  const owner = isOwnRecord(t, caller, key, stored.data);
  if (readAccess === 'own' && !(await isReachableToWrite(s, t, caller, stored)))
    throw othersRefusal(t, key === address);
  if (readAccess === 'none' && mayAtAll(t, 'delete', caller) === 'none') throw notAuthorized();
  if (
    !can(t.entity, 'delete', caller.principal, stored) &&
    !(t.my && allows(t.entity.file['x-access'].delete, caller.principal, true))
  ) {
    throw notAuthorized();
  }
  w.stored = stored;
  return { verb: 'delete', owner };
}

/** The version a client's If-Match names must be the stored one (0: none stored). */
export function checkIfMatch(header: string | undefined, storedVersion: number): void {
  const expected = parseIfMatch(header);
  if (expected !== undefined && expected !== storedVersion) {
    throw new ApiError(409, VERSION_CONFLICT_MESSAGE);
  }
}

function parseIfMatch(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const v = header.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  if (!/^\d{1,15}$/.test(v)) throw badRequest('If-Match must hold a record version (a whole number)');
  return Number(v);
}

// authorize: an idempotent retry is answered; the key, the stored record and the caller's access
// are decided; the entity's authorize hook may refuse this record; If-Match must name its version.
export async function authorize(w: Write): Promise<void> {
  const { s, caller, t } = w;
  w.idem =
    w.mode === 'create' ? await idempotency(s, caller, t.entity.id, w.opts.idempotencyKey, w.incoming) : undefined;
  if (w.idem?.existing) {
    w.answer = { record: await replayedRecord(s, caller, t, w.idem.existing), created: true };
    return;
  }
  w.access = await authorizeWrite(w);
  await w.hook?.authorize?.({ s, caller, key: w.key, stored: w.stored });
  checkIfMatch(w.opts.ifMatch, w.stored?.meta.version ?? 0);
}

export async function authorizeRemoval(w: Write): Promise<void> {
  w.access = await authorizeDelete(w);
  await w.hook?.authorize?.({ s: w.s, caller: w.caller, key: w.key, stored: w.stored });
  checkIfMatch(w.opts.ifMatch, w.stored!.meta.version);
}
