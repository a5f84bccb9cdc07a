/**
 * The company's employer record: a company has one employer at the payroll provider (spec/001
 * section 7 reads it "by organization key"). When several exist, the first active one is it.
 */
import type { Services } from '../services.ts';

async function firstKey(
  s: Services,
  org: string,
  criteria: { field: string; value: unknown }[],
): Promise<string | undefined> {
  const query = { criteria: criteria.map((c) => ({ ...c, is: '=' as const })), limit: 1, offset: 0 };
  return (await s.storage.find('payroll/employer', org, query)).items[0]?.key;
}

/** The key of the company's employer record, or undefined when it has none. */
export async function companyEmployerKey(s: Services, org: string): Promise<string | undefined> {
  return (await firstKey(s, org, [{ field: 'status', value: 'active' }])) ?? (await firstKey(s, org, []));
}
