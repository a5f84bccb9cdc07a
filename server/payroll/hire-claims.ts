/**
 * One person, one hire: a hire's e-mail and SSN are unique among the company's hires (the schema's
 * x-unique, claims written with the record by the data API: server/data/unique.ts). Hires written
 * before the claims existed, and the demo's (written without the data API), get theirs here: the
 * first hire holding a value claims it; a value another hire already holds is left unclaimed (the
 * two stay as they were, and the next save of the second is refused until one is corrected).
 */
import type { Services } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';
import { claimStoredValues, storedClaimOps } from '../data/unique-claims.ts';

const HIRES = 'payroll/onboarding_user';

/**
 * The claims a stored hire makes that no record holds yet, and that `taken` (claim keys already
 * written in this run) does not name; adds the claims made to `taken`.
 */
export async function hireClaimOps(s: Services, record: StoredRecord, taken: Set<string>): Promise<WriteOp[]> {
  return storedClaimOps(s, s.catalogue.registry.require('payroll', 'onboarding_user'), record, taken);
}

/** Claims for the hires written before hires' e-mails and SSNs were unique, once per store. */
export async function claimHireValues(s: Services): Promise<number> {
  return claimStoredValues(s, HIRES, 'hire-unique-claims');
}
