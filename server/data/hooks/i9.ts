/**
 * Form I-9: the dates the server derives on every save (Section 1 and Section 2 due, the next due
 * day, the sections signed late, the retention date; engine/i9-deadlines.ts over
 * schemas/common/i9-deadlines.json), and the retention rule on delete: an I-9 is kept until 3 years
 * after the first day or 1 year after employment ends, whichever is later (409 before then),
 * decided from the employee record as it stands at the delete.
 */
import { i9Dates, retainUntil, type I9Dates } from '../../../engine/i9-deadlines.ts';
import { ApiError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import type { DataObject, WriteOp } from '../../storage/types.ts';
import type { EntityHooks } from '../hooks.ts';

const DERIVED: readonly (keyof I9Dates)[] = ['section1_due', 'section2_due', 'next_due', 'late', 'retain_until'];

/** The employee's hire and termination dates (not sensitive: read as stored). */
function employment(s: Services, org: string, key: string): DataObject {
  return s.storage.get('payroll/employee', org, key)?.data ?? {};
}

const usDate = (t: number) => new Date(t * 1000).toISOString().replace(/^(\d{4})-(\d\d)-(\d\d).*$/, '$2/$3/$1');

/** Why this I-9 may not be deleted yet, or undefined once its retention has passed. */
export function retentionRefusal(s: Services, org: string, key: string, i9: DataObject): string | undefined {
  const emp = employment(s, org, key);
  const first = typeof i9.first_day === 'number' ? i9.first_day : (emp.hire_date as number | undefined);
  const until = retainUntil(first, emp.term_date as number | undefined);
  if (until === undefined) {
    return 'This I-9 must be kept while the employee is employed, then until 3 years after the first day of employment or 1 year after employment ends, whichever is later.';
  }
  if (s.now() >= until) return undefined;
  return `This I-9 must be kept until ${usDate(until)} (3 years after the first day of employment or 1 year after employment ends, whichever is later).`;
}

function withDates(i9: DataObject, emp: DataObject): DataObject {
  const out = { ...i9 };
  for (const field of DERIVED) delete out[field];
  return { ...out, ...i9Dates(i9, emp) };
}

/**
 * The employee's I-9 with its dates derived anew, written in the same commit as an employee record
 * whose hire or termination date changed; nothing when there is no I-9 or its dates stay the same.
 */
export function i9DatesOps(s: Services, org: string, key: string, emp: DataObject, by: string): WriteOp[] {
  const stored = s.storage.get('payroll/i9', org, key);
  if (!stored) return [];
  const data = withDates(stored.data, emp);
  if (DERIVED.every((f) => JSON.stringify(data[f]) === JSON.stringify(stored.data[f]))) return [];
  const meta = { ...stored.meta, updated_by: by, updated_time: s.now(), version: stored.meta.version + 1 };
  return [{ op: 'put', expectVersion: stored.meta.version, record: { ...stored, data, meta } }];
}

export const i9Hooks: EntityHooks = {
  amend({ s, caller, key, data }) {
    return withDates(data, employment(s, caller.org.id, key));
  },
  onDelete({ s, caller, record }) {
    const refusal = retentionRefusal(s, caller.org.id, record.key, record.data);
    if (refusal) throw new ApiError(409, refusal);
    return [];
  },
};
