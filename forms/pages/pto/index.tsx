/**
 * The PTO pages with their screens, for the app root to register (web/pages.ts), and the "Time off"
 * menu section, offering only the pages the guard lets the person open.
 */
import type { ReactNode } from 'react';
import type { PageEntry } from '../../../renderers/app/pages.ts';
import { pageAllows, type GuardSession } from '../../../renderers/guard/decide.ts';
import type { NavSection } from '../../../renderers/layouts/nav.ts';
import { AdminDashPage } from './AdminDashPage.tsx';
import { AdminEmployeePage } from './AdminEmployeePage.tsx';
import { AdminEmployeesPage } from './AdminEmployeesPage.tsx';
import { CalendarPage } from './CalendarPage.tsx';
import { EmployeeDashPage } from './EmployeeDashPage.tsx';
import { PlanBuilderPage } from './PlanBuilderPage.tsx';
import { PTO_PATHS, PTO_RULES } from './pto-pages.ts';
import { SummaryPage } from './SummaryPage.tsx';

const SCREENS: Record<string, ReactNode> = {
  [PTO_PATHS.employeeDash]: <EmployeeDashPage />,
  [PTO_PATHS.adminDash]: <AdminDashPage />,
  [PTO_PATHS.employees]: <AdminEmployeesPage />,
  [PTO_PATHS.employee]: <AdminEmployeePage />,
  [PTO_PATHS.summary]: <SummaryPage />,
  [PTO_PATHS.calendar]: <CalendarPage />,
  [PTO_PATHS.planBuilder]: <PlanBuilderPage />,
};

export const PTO_PAGES: readonly PageEntry[] = PTO_RULES.map((rule) => ({ ...rule, element: SCREENS[rule.path] }));

/** The menu's links the session may open, in the rules' order. */
export function ptoLinks(s: GuardSession) {
  return PTO_RULES.filter((r) => r.nav && pageAllows(s, r.access)).map((r) => ({ to: r.path, label: r.nav! }));
}

export const PTO_NAV: NavSection = {
  id: 'pto',
  label: 'Time off',
  order: 40,
  show: (s) => ptoLinks(s).length > 0,
  links: (s) => ptoLinks(s),
};
