/**
 * `POST /payroll/api/retrieve_tin {data: {employee_id, last_four}}` answers `{tin_type, tin}`, the
 * taxpayer identification number of an employee's Form W-9 whole, as retrieve_ssn answers the SSN
 * (./last-four-reveal.ts: who may, what is audited). A W-9 without a TIN answers 404 like the rest.
 */
import type { Services } from '../services.ts';
import { lastFourRevealRoute } from './last-four-reveal.ts';
import { lastFourOf } from './ssn-index.ts';

export function retrieveTinRoute(s: Services) {
  return lastFourRevealRoute(s, {
    path: '/retrieve_tin',
    scope: 'tin',
    type: 'w9',
    field: 'tin',
    async find(s, caller, employee, lastFour) {
      // The W-9 is keyed by the employee's user key: the record of the caller's own company, or none.
      const stored = (await s.storage.get('payroll/w9', caller.org.id, employee))?.data;
      const tin = typeof stored?.tin === 'string' ? s.cipher.decrypt(stored.tin) : undefined;
      return tin !== undefined && lastFourOf(tin) === lastFour ? { tin_type: stored?.tin_type, tin } : undefined;
    },
  });
}
