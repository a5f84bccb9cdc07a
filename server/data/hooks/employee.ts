/**
 * Employees: the SSN index entry (server/payroll/ssn-index.ts) is written and removed in the same
 * commit as the record, so retrieve_ssn finds the record by a keyed digest and never decrypts to search.
 */
import { ssnIndexOps } from '../../payroll/ssn-index.ts';
import type { EntityHooks } from '../hooks.ts';

export const employeeHooks: EntityHooks = {
  extraOps({ s, caller, key, data, before }) {
    return ssnIndexOps(s, caller.org.id, key, data.ssn, before?.ssn, caller.principal.userKey);
  },
  onDelete({ s, caller, record }) {
    const stored = record.data.ssn;
    const previous = typeof stored === 'string' ? s.cipher.decrypt(stored) : undefined;
    return ssnIndexOps(s, caller.org.id, record.key, undefined, previous, caller.principal.userKey);
  },
};
