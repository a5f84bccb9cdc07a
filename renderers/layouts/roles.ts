/**
 * What a signed-in person does here, from their session: the navigation and the home page are
 * arranged by it (docs/journeys.md). The server decides access; this only decides what is offered.
 */
import type { GuardSession } from '../guard/decide.ts';

const MANAGER_PERMISSIONS = ['PAYROLL:CanManageOnboarding', 'PAYROLL:CanManageUserPayrollData'];

/** The permissions every employee holds: someone holding only these has no work queues. */
const EMPLOYEE_PERMISSIONS = new Set([
  'PAYROLL:CanUseModule',
  'HR:CanUseModule',
  'TIME:CanUseModule',
  'TIME:CanUsePTO',
  'TIME:CanUseClock',
]);

export function managesOnboarding(s: GuardSession): boolean {
  return s.isAdmin || MANAGER_PERMISSIONS.some((p) => s.permissions.has(p));
}

/** Whether the generic lists of records ("All records") are offered: anyone who manages something. */
export function usesRecordLists(s: GuardSession): boolean {
  return s.isAdmin || [...s.permissions].some((p) => !EMPLOYEE_PERMISSIONS.has(p));
}
