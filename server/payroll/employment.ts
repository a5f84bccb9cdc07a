/**
 * An employee's employment facts (hire and termination dates, employment type, state): their
 * employee record, else their hire (keyed as their account) while the payroll record is not made
 * yet. The I-9's due days and the onboarding views read them alike.
 */
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';

export async function employmentOf(s: Services, org: string, userKey: string, hire?: DataObject): Promise<DataObject> {
  const emp = (await s.storage.get('payroll/employee', org, userKey))?.data;
  if (emp) return emp;
  return hire ?? (await s.storage.get('payroll/onboarding_user', org, userKey))?.data ?? {};
}
