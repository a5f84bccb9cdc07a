/**
 * The employer's lists (payroll/employer_info) as one object of type to value, as spec/001 section 7
 * reads them; transforms see it as `$employer`.
 */
import type { Services } from '../services.ts';

export async function employerInfo(s: Services, org: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const all = await s.storage.find('payroll/employer_info', org, { criteria: [], limit: 100, offset: 0 });
  for (const r of all.items) if (typeof r.data.type === 'string') out[r.data.type] = r.data.value;
  return out;
}
