/**
 * Uniqueness, the schema keyword `"x-unique": "<scope>"` on a top-level text field (a user's e-mail):
 * the value, lower-cased, is unique in its organization among every value claimed under that scope.
 * A value is claimed by a system record keyed by its keyed digest, written in the same commit as the
 * record with "must not exist yet" (or "still mine"), so two concurrent writers cannot both win; a
 * value already claimed by another record is refused with the field's x-messages.unique (409).
 */
import type { JsonSchema } from '../../engine/entity.ts';
import type { Caller } from '../auth/principal.ts';
import { ApiError, tooManyAttempts } from '../http/errors.ts';
import { SSN_MANAGERS } from '../payroll/ssn-access.ts';
import { SYSTEM, type Services } from '../services.ts';
import type { DataObject, WriteOp } from '../storage/types.ts';

/** A top-level field the schema declares unique: its claim scope and its refusal. */
export interface UniqueField {
  field: string;
  scope: string;
  message: string;
}

/** The x-unique fields of an entity's top-level properties. */
export function uniqueFields(props: Readonly<Record<string, JsonSchema>>): UniqueField[] {
  return Object.entries(props).flatMap(([field, p]) =>
    typeof p['x-unique'] === 'string'
      ? [
          {
            field,
            scope: p['x-unique'],
            // The meta-schema requires the message beside the keyword.
            message: String((p['x-messages'] as Record<string, string> | undefined)?.unique),
          },
        ]
      : [],
  );
}

/** The field's value as a claim holds it; undefined when there is none. */
function claimed(data: DataObject | undefined, field: string): string | undefined {
  const value = data?.[field];
  return typeof value === 'string' && claimValue(value) !== '' ? claimValue(value) : undefined;
}

/**
 * A duplicate of a sensitive unique value (a hire's SSN) is refused, which tells whoever tried it
 * that someone holds that number: to a caller who may not read such numbers whole (only payroll
 * data managers may, ../payroll/ssn-access.ts), every new value tried is a guess, counted as a reveal
 * is (per caller and per address, the reveal throttle's window) and refused past its allowance
 * (429) before it is compared. Without it an onboarding manager who sees a hire's last four could
 * find the rest by trying numbers (hundreds a second). A save keeping the stored value is no guess.
 */
export async function admitGuesses(
  s: Services,
  caller: Caller,
  address: string,
  writes: { data: DataObject; before?: DataObject },
  fields: UniqueField[],
  sensitive: ReadonlySet<string>,
): Promise<void> {
  const p = caller.principal;
  if (p.isAdmin || p.permissions.has(SSN_MANAGERS)) return;
  for (const u of fields) {
    if (!sensitive.has(u.field)) continue;
    const value = claimed(writes.data, u.field);
    if (value === undefined || value === claimed(writes.before, u.field)) continue;
    const scope = `unique-guess\u0000${u.scope}`;
    if (!(await s.throttle.attempt(`${scope}\u0000${caller.user.key}`, `${scope}\u0000${address}`))) {
      throw tooManyAttempts(s.config.throttle.windowSeconds);
    }
  }
}

/**
 * Refuses (409) a value another record of the organization holds already; `beforeRefusal` is told
 * whose, first (a sensitive value's refusal is audited as the reveal it is).
 */
export async function assertUnique(
  s: Services,
  org: string,
  key: string,
  data: DataObject,
  fields: UniqueField[],
  beforeRefusal?: (field: UniqueField, owner: string) => Promise<void>,
): Promise<void> {
  for (const u of fields) {
    const value = claimed(data, u.field);
    const owner = value === undefined ? undefined : await claimOwner(s, org, u.scope, value);
    if (owner !== undefined && owner !== key) {
      await beforeRefusal?.(u, owner);
      throw new ApiError(409, u.message, [{ path: `/${u.field}`, message: u.message }]);
    }
  }
}

/** The claims a write makes and releases, committed with the record. */
export function uniqueClaimOps(
  s: Services,
  org: string,
  key: string,
  data: DataObject,
  before: DataObject | undefined,
  fields: UniqueField[],
): WriteOp[] {
  return fields.flatMap((u) => {
    const value = claimed(data, u.field);
    const previous = claimed(before, u.field);
    if (value === undefined) return previous === undefined ? [] : [releaseOp(s, org, u.scope, previous)];
    return claimOps(s, org, u.scope, key, value, previous);
  });
}

/** The claims a deleted record releases. */
export function uniqueReleaseOps(s: Services, org: string, data: DataObject, fields: UniqueField[]): WriteOp[] {
  return fields.flatMap((u) => {
    const value = claimed(data, u.field);
    return value === undefined ? [] : [releaseOp(s, org, u.scope, value)];
  });
}

/** The deletion of the claim of `value` under `scope` (nothing where none was made). */
export function releaseOp(s: Services, org: string, scope: string, value: string): WriteOp {
  return { op: 'delete', collection: SYSTEM.unique, org, key: claimKey(s, org, scope, value) };
}

/**
 * What makes two values the same claim: compatibility forms folded (fullwidth letters), invisible
 * format characters (zero-width, soft hyphen, BOM) and every kind of space left out, case ignored.
 * "E100", "ｅ100" and "E100\u00a0" are one employee ID.
 */
export function claimValue(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\p{Cf}\s]/gu, '')
    .toLowerCase();
}

export function claimKey(s: Services, org: string, scope: string, value: string): string {
  return s.cipher.lookup(`${org}\u0000${scope}\u0000${claimValue(value)}`);
}

export async function claimOwner(s: Services, org: string, scope: string, value: string): Promise<string | undefined> {
  const r = await s.storage.get(SYSTEM.unique, org, claimKey(s, org, scope, value));
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
  if (previous !== undefined) ops.push(releaseOp(s, org, scope, previous));
  return ops;
}
