/**
 * The one call that answers a full SSN (../shared/API.md), `POST /payroll/api/retrieve_ssn`: see
 * ./last-four-reveal.ts for who may and what is audited. The record is found through the SSN index
 * (a keyed digest, ./ssn-index.ts), so a wrong last four, an unknown employee and another company's
 * employee take the same path; only a match is decrypted.
 */
import type { Services } from '../services.ts';
import { lastFourRevealRoute } from './last-four-reveal.ts';
import { findBySsn, lastFourOf } from './ssn-index.ts';

export function retrieveSsnRoute(s: Services) {
  return lastFourRevealRoute(s, {
    path: '/retrieve_ssn',
    scope: 'ssn',
    type: 'employee',
    field: 'ssn',
    async find(s, caller, employee, lastFour) {
      const key = await findBySsn(s, caller.org.id, employee, lastFour);
      const stored = key ? (await s.storage.get('payroll/employee', caller.org.id, key))?.data.ssn : undefined;
      const ssn = typeof stored === 'string' ? s.cipher.decrypt(stored) : undefined;
      // The index decides; the decrypted value agreeing is a second check, never the search.
      return ssn !== undefined && lastFourOf(ssn) === lastFour ? { ssn } : undefined;
    },
  });
}
