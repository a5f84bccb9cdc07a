/**
 * What the printed pay statement (payroll/paystubs, printable/pay-statement.ts) reads: the statement
 * through the record service, so tenancy, x-access (payroll staff, or the employee's own) and the
 * company's block_paystubs (x-hidden-by) decide as for any read; then the company's name and place
 * and the employee's name. The name is read from the employee record (else the account) once the
 * statement's read has succeeded: the statement is the employee's, and their name is all it prints
 * of those records.
 */
import type { PayStatementInput } from '../../printable/pay-statement.ts';
import type { PayrollPaystubs } from '../../types/generated/payroll/paystubs.ts';
import type { Caller } from '../auth/principal.ts';
import { readRecord, target } from '../data/records.ts';
import type { Services } from '../services.ts';

/** The printable form name of a pay statement: its entity's name, as every printable form's is. */
export const PAY_STATEMENT_FORM = 'paystubs';

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The employee's name: first, middle and last from their employee record, else their account's display name. */
async function employeeName(s: Services, org: string, userKey: string): Promise<string> {
  const employee = (await s.storage.get('payroll/employee', org, userKey))?.data;
  const full = [employee?.first_name, employee?.middle_name, employee?.last_name].map(str).filter(Boolean).join(' ');
  if (full) return full;
  const account = (await s.storage.get('auth/users', org, userKey))?.data;
  return str(account?.display_name) || str(account?.email);
}

/** The statement `key` as the caller may print it: 404 for another company's or an unknown key, 403 for a colleague's. */
export async function payStatementInput(s: Services, caller: Caller, key: string): Promise<PayStatementInput> {
  const t = target(s, caller, 'payroll', PAY_STATEMENT_FORM);
  const record = await readRecord(s, caller, t, key);
  const paystub = record.data as unknown as PayrollPaystubs;
  const data = caller.org.record.data;
  return {
    organization: { name: caller.org.name, city: str(data.city) || undefined, state: str(data.state) || undefined },
    employeeName: await employeeName(s, caller.org.id, paystub.employee_id),
    paystub,
  };
}
