/**
 * The SSN index: `retrieve_ssn` finds an employee's record by a keyed HMAC of (organization,
 * employee key, last four digits), never by decrypting records. An entry is a system record keyed
 * by that digest and written in the same commit as the employee record whose SSN it describes, so
 * the index and the data cannot disagree. Without the lookup key an entry reveals nothing: the
 * digest is not a plain hash (four digits would be guessed at once) and the entry holds only the
 * employee's key.
 */
import { SYSTEM, type Services } from '../services.ts';
import { markPassDone, passDone, rewriteEach } from '../data/record-walk.ts';
import type { WriteOp } from '../storage/types.ts';

const EMPLOYEE = 'payroll/employee';
/** A system record noting that every employee written before the index existed has an entry. */
const BACKFILL_MARKER = 'ssn-index-v1';

/** The last four digits of an SSN as typed (`123-45-6789`, `123456789`), or undefined. */
export function lastFourOf(ssn: unknown): string | undefined {
  if (typeof ssn !== 'string') return undefined;
  const digits = ssn.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : undefined;
}

export function ssnIndexKey(s: Services, org: string, employee: string, lastFour: string): string {
  return s.cipher.lookup(`ssn-last-four\u0000${org}\u0000${employee}\u0000${lastFour}`);
}

/** The employee key the index holds for this triple, or undefined: one map lookup, no decryption. */
export async function findBySsn(
  s: Services,
  org: string,
  employee: string,
  lastFour: string,
): Promise<string | undefined> {
  const entry = await s.storage.get(SYSTEM.ssnIndex, org, ssnIndexKey(s, org, employee, lastFour));
  return entry && entry.data.employee === employee ? employee : undefined;
}

/**
 * The index changes that go with writing `ssn` (clear text) over `previous` on an employee record:
 * nothing when the last four digits did not change, else the old entry removed and the new added.
 */
export function ssnIndexOps(
  s: Services,
  org: string,
  employee: string,
  ssn: unknown,
  previous: unknown,
  actor = 'system',
): WriteOp[] {
  const next = lastFourOf(ssn);
  const before = lastFourOf(previous);
  if (next === before) return [];
  const ops: WriteOp[] = [];
  if (before !== undefined) {
    ops.push({ op: 'delete', collection: SYSTEM.ssnIndex, org, key: ssnIndexKey(s, org, employee, before) });
  }
  if (next !== undefined) {
    const now = s.now();
    ops.push({
      op: 'put',
      record: {
        collection: SYSTEM.ssnIndex,
        org,
        key: ssnIndexKey(s, org, employee, next),
        data: { employee },
        meta: { created_by: actor, created_time: now, updated_by: actor, updated_time: now, version: 1 },
      },
    });
  }
  return ops;
}

/**
 * Gives every employee record written before the index existed its entry, once per store (a
 * marker records it): the only time SSNs are decrypted in bulk. Answers how many were indexed.
 */
export async function backfillSsnIndex(s: Services): Promise<number> {
  if (await passDone(s, BACKFILL_MARKER)) return 0;
  const indexed = await rewriteEach(s, EMPLOYEE, async (record, org) => {
    const stored = record.data.ssn;
    if (typeof stored !== 'string') return undefined;
    const ssn = s.cipher.decrypt(stored);
    const lastFour = lastFourOf(ssn);
    if (!lastFour || (await findBySsn(s, org, record.key, lastFour))) return undefined;
    return ssnIndexOps(s, org, record.key, ssn, undefined);
  });
  await markPassDone(s, BACKFILL_MARKER, { indexed });
  return indexed;
}
