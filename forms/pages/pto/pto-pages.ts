/**
 * The PTO pages of spec/000 section 2 ("### PTO") and who may open each (docs/pto.md), as data: the
 * guard (renderers/guard/decide.ts) and the "Time off" menu read these rules; ./index.tsx adds the
 * screens. The TIME module must be usable for the company and the person on every page.
 */
import type { PageAccess, PageRule } from '../../../renderers/app/pages.ts';

export const PTO_PATHS = {
  root: '/pto',
  employeeDash: '/pto/employee/dash',
  adminDash: '/pto/admin/dash',
  employees: '/pto/admin/employees',
  employee: '/pto/admin/employee/:userId',
  summary: '/pto/admin/summary',
  calendar: '/pto/admin/calendar',
  planBuilder: '/pto/planbuilder',
} as const;

/** One employee's page (the admin's). */
export const employeePath = (userId: string) => `/pto/admin/employee/${encodeURIComponent(userId)}`;

const uses: PageAccess = { module: 'time', anyOf: ['TIME:CanUsePTO'] };
/** The PTO managers' pages; who opens them may also list every enrolment (`pto_employee`). */
export const MANAGES: PageAccess = { module: 'time', anyOf: ['TIME:CanManagePTO'] };
/** spec/000 section 6: "Admin-only pages: employer, PTO plan builder". */
const adminOnly: PageAccess = { module: 'time', adminOnly: true };

export interface PtoPageRule extends PageRule {
  /** The menu's label; a page without one (an employee's page) is reached from another. */
  nav?: string;
}

export const PTO_RULES: readonly PtoPageRule[] = [
  // The target page decides who opens it.
  { path: PTO_PATHS.root, access: {}, redirect: PTO_PATHS.employeeDash },
  { path: PTO_PATHS.employeeDash, access: uses, nav: 'My time off' },
  { path: PTO_PATHS.adminDash, access: MANAGES, nav: 'Requests to decide' },
  { path: PTO_PATHS.employees, access: MANAGES, nav: 'Employees' },
  { path: PTO_PATHS.employee, access: MANAGES },
  { path: PTO_PATHS.summary, access: MANAGES, nav: 'Summary' },
  { path: PTO_PATHS.calendar, access: MANAGES, nav: 'Calendar' },
  { path: PTO_PATHS.planBuilder, access: adminOnly, nav: 'Plan builder' },
];
