/**
 * Who may see an employee's whole SSN: whoever may retrieve it (retrieve_ssn: a caller allowed to
 * manage payroll data), and the employee themself on their own forms. Everyone else (a manager of
 * onboarding only, say) sees the mask, on screen and on a printed form.
 */
import type { Caller } from '../auth/principal.ts';

export const SSN_MANAGERS = 'PAYROLL:CanManageUserPayrollData';

export function maySeeWholeSsn(caller: Caller, employeeKey: string): boolean {
  const p = caller.principal;
  return p.isAdmin || p.permissions.has(SSN_MANAGERS) || p.userKey === employeeKey;
}
