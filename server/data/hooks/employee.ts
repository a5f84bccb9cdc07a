/**
 * Employees: the SSN index entry (server/payroll/ssn-index.ts) is written and removed in the same
 * commit as the record, so retrieve_ssn finds the record by a keyed digest and never decrypts to search.
 * A changed hire or termination date derives the employee's I-9 dates anew (./i9.ts) in that commit.
 */
import { ssnIndexOps } from '../../payroll/ssn-index.ts';
import type { EntityHooks } from '../hooks.ts';
import { i9DatesOps } from './i9.ts';

export const employeeHooks: EntityHooks = {
  async extraOps({ s, caller, key, data, before }) {
    const ops = ssnIndexOps(s, caller.org.id, key, data.ssn, before?.ssn, caller.principal.userKey);
    const dates = (d: typeof data | undefined) => JSON.stringify([d?.hire_date, d?.term_date]);
    if (dates(data) !== dates(before))
      ops.push(...(await i9DatesOps(s, caller.org.id, key, data, caller.principal.userKey)));
    return ops;
  },
  onDelete({ s, caller, record }) {
    const stored = record.data.ssn;
    const previous = typeof stored === 'string' ? s.cipher.decrypt(stored) : undefined;
    return ssnIndexOps(s, caller.org.id, record.key, undefined, previous, caller.principal.userKey);
  },
};
