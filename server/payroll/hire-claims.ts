/**
 * One person, one hire: a hire's e-mail and SSN are unique among the company's hires (the schema's
 * x-unique, claims written with the record by the data API: server/data/unique.ts). Hires written
 * before the claims existed, and the demo's (written without the data API), get theirs here: the
 * first hire holding a value claims it; a value another hire already holds is left unclaimed (the
 * two stay as they were, and the next save of the second is refused until one is corrected).
 */
import type { Services } from '../services.ts';
import { SYSTEM } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';
import { decryptedData } from '../data/records.ts';
import { fieldFacts } from '../data/fields.ts';
import { claimKey, claimOps, claimValue } from '../data/unique.ts';
import { markPassDone, passDone, rewriteEach } from '../data/record-walk.ts';

const HIRES = 'payroll/onboarding_user';

/**
 * The claims a stored hire makes that no record holds yet, and that `taken` (claim keys already
 * written in this run) does not name; adds the claims made to `taken`.
 */
export async function hireClaimOps(s: Services, record: StoredRecord, taken: Set<string>): Promise<WriteOp[]> {
  const entity = s.catalogue.registry.require('payroll', 'onboarding_user');
  const data = decryptedData(s, entity, record);
  const ops: WriteOp[] = [];
  for (const u of fieldFacts(s.catalogue, entity).unique) {
    const value = data[u.field];
    if (typeof value !== 'string' || claimValue(value) === '') continue;
    const key = claimKey(s, record.org, u.scope, value);
    if (taken.has(key) || (await s.storage.get(SYSTEM.unique, record.org, key))) continue;
    taken.add(key);
    ops.push(...claimOps(s, record.org, u.scope, record.key, value, undefined));
  }
  return ops;
}

/** Claims for the hires written before hires' e-mails and SSNs were unique, once per store. */
export async function claimHireValues(s: Services): Promise<number> {
  const marker = 'hire-unique-claims';
  if (await passDone(s, marker)) return 0;
  const taken = new Set<string>();
  const claimed = await rewriteEach(s, HIRES, (record) => hireClaimOps(s, record, taken));
  await markPassDone(s, marker, { claimed });
  return claimed;
}
