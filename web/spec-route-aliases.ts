/**
 * The spec's other names of pages (spec/000 section 2): the "new_" pages and older names of the
 * product this one follows, each opening the screen that serves it here. A bookmark or a link in an
 * old e-mail lands on the page it meant instead of 'Page Not Found'. Each only sends on: the page it
 * names is judged by the guard as if asked for (its access, its record's rules).
 *
 * Spec routes with no screen here stay 'Page Not Found' (docs/route-guard.md, "Other names of pages").
 */
import type { PageEntry } from '../renderers/app/pages.ts';

const ALIASES: readonly [from: string, to: string][] = [
  ['/payroll/new_onboarding_users', '/payroll/onboarding_user/list'],
  ['/payroll/new_onboarding_user/:key', '/payroll/onboarding_user/edit/:key'],
  ['/payroll/new_employees', '/payroll/employee/list'],
  ['/payroll/new_employee/:key', '/payroll/employee/edit/:key'],
  // The application events (auth/activity_log), "shown on the payroll activity log page".
  ['/payroll/activity_log', '/auth/activity_log/list'],
  ['/auth/new_organizations', '/auth/organizations/list'],
  ['/auth/new_organizations/:key', '/auth/organizations/edit/:key'],
  ['/auth/new_users', '/auth/users/list'],
  ['/auth/new_user/:key', '/auth/users/edit/:key'],
  // Teams are the groups: a permission group's users hold its permissions.
  ['/auth/new_teams', '/auth/groups/list'],
  ['/auth/team/:key', '/auth/groups/edit/:key'],
  ['/auth/new_groups', '/auth/groups/list'],
  ['/auth/group/:key', '/auth/groups/edit/:key'],
  ['/employerContacts', '/payroll/employer_contacts/list'],
  ['/notification_prefs', '/comms/my_notification_prefs/list'],
  ['/laborlawposters', '/hr/global_docs/list'],
  ['/mylaborlawposters', '/hr/global_docs/list'],
  ['/laborlawpostersadmin', '/hr/global_docs/list'],
  ['/journey_secure_files', '/secure_file_transfer'],
  ['/settings/new_profile', '/settings/profile'],
  ['/user_settings', '/settings/profile'],
  ['/new_onboarding', '/onboarding'],
];

export const SPEC_ROUTE_ALIASES: readonly PageEntry[] = ALIASES.map(([path, redirect]) => ({
  path,
  access: {},
  redirect,
}));
