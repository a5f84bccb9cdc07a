/**
 * Uniqueness claims: a value that must be unique in an organization (a user's e-mail) is claimed by
 * a system record keyed by the value's keyed digest, written in the same commit with "must not
 * exist yet" (or "still mine"), so two concurrent writers cannot both win.
 */
import { SYSTEM, type Services } from '../../services.ts';
import type { WriteOp } from '../../storage/types.ts';

export function claimKey(s: Services, org: string, scope: string, value: string): string {
  return s.cipher.lookup(`${org}\u0000${scope}\u0000${value}`);
}

export function claimOwner(s: Services, org: string, scope: string, value: string): string | undefined {
  const r = s.storage.get(SYSTEM.unique, org, claimKey(s, org, scope, value));
  return r ? String(r.data.owner) : undefined;
}

export function claimOps(
  s: Services,
  org: string,
  scope: string,
  owner: string,
  value: string,
  previous: string | undefined,
): WriteOp[] {
  if (previous === value) return [];
  const now = s.now();
  const ops: WriteOp[] = [
    {
      op: 'put',
      expectVersion: 0,
      record: {
        collection: SYSTEM.unique,
        org,
        key: claimKey(s, org, scope, value),
        data: { owner, scope },
        meta: { created_by: owner, created_time: now, updated_by: owner, updated_time: now, version: 1 },
      },
    },
  ];
  if (previous !== undefined) {
    ops.push({ op: 'delete', collection: SYSTEM.unique, org, key: claimKey(s, org, scope, previous) });
  }
  return ops;
}
