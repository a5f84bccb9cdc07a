/**
 * The route guard of spec/000 sections 2, 4 and 6 (renderers/guard/decide.ts), table-driven.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { Session } from '../../renderers/api/types.ts';
import {
  classify,
  decide,
  guardSession,
  landing,
  onboardingOnly,
  onboardingType,
  ONBOARDING_LIST,
  ONBOARDING_ONLY,
  safeRedirect,
  sessionValid,
  type Decision,
  type GuardSession,
  type MetaFacts,
} from '../../renderers/guard/decide.ts';
import { registerPages } from '../../renderers/app/pages.ts';
import { PTO_RULES } from '../../forms/pages/pto/pto-pages.ts';
import { SPEC_ROUTE_ALIASES } from '../../web/spec-route-aliases.ts';

// The PTO pages, as the app root registers them (web/pages.ts), without their screens.
registerPages(PTO_RULES);
registerPages(SPEC_ROUTE_ALIASES);

const NOW = 1_800_000_000;
const KEY = '0b9e3f1c-7a55-4c1e-9d7a-2f4b8c6d1e0a';

function user(o: Partial<GuardSession> & { perms?: string[] } = {}): GuardSession {
  return {
    exp: NOW + 3600,
    status: 'active',
    isAdmin: false,
    isEmployee: true,
    employeeId: '10001',
    features: {},
    ...o,
    permissions: new Set(o.perms ?? ['PAYROLL:CanUseModule']),
  };
}

const manager = user({
  isEmployee: false,
  employeeId: null,
  perms: ['PAYROLL:CanUseModule', 'PAYROLL:CanManageUserPayrollData'],
});
const all = { list: true, read: true, create: true, edit: true, delete: true };
const none = { list: false, read: false, create: false, edit: false, delete: false };
const employeeMeta: MetaFacts = { can: { ...all, delete: false }, routes: { list: true, edit: true, create: false } };
const readOnlyMeta: MetaFacts = { can: { ...none, read: true }, routes: { list: true, edit: true } };
const noRoutesMeta: MetaFacts = { can: all, routes: {} };

interface Row {
  name: string;
  path: string;
  session: GuardSession | null;
  meta?: MetaFacts;
  fromLogin?: boolean;
  previous?: string;
  expect: Decision;
}

const deny = (to: string): Decision => ({ kind: 'deny', to, message: 'Not authorized.' });

/** Manages onboarding and nothing else of payroll (spec/000 section 6). */
const onboarder = user({
  isEmployee: false,
  employeeId: null,
  perms: ['PAYROLL:CanUseModule', 'PAYROLL:CanManageOnboarding', 'HR:CanUseModule'],
});
const onboardingDenied: Decision = {
  kind: 'deny',
  to: '/payroll/onboarding_user/list',
  message:
    'Access denied: "Can Manage Onboarding" limits access in the payroll module to onboarding-related pages only.',
};
const productStaff = user({ isAdmin: true, isEmployee: false, employeeId: null, perms: [] });
const companyAdmin = user({
  isEmployee: false,
  employeeId: null,
  perms: ['AUTH:CanManageUsers', 'AUTH:CanManageGroups', 'AUTH:CanManageOrganizations', 'TIME:CanManagePTO'],
});
const JOURNEY_PAGES = [
  '/journey_admin/notification_settings',
  '/journey_admin/clock_settings',
  '/journey_admin/pto_settings',
  '/journey_admin/style_settings',
];

/** The TIME module on for the company (spec/000 section 6: active modules and CanUseModule). */
const TIME_ON = ['auth', 'payroll', 'comms', 'hr', 'time'];
const ptoEmployee = user({
  activeModules: TIME_ON,
  perms: ['PAYROLL:CanUseModule', 'TIME:CanUseModule', 'TIME:CanUsePTO'],
});
const ptoManager = user({
  isEmployee: false,
  employeeId: null,
  activeModules: TIME_ON,
  perms: ['TIME:CanUseModule', 'TIME:CanManagePTO'],
});
const PTO_MANAGER_PAGES = [
  '/pto/admin/dash',
  '/pto/admin/employees',
  '/pto/admin/summary',
  '/pto/admin/calendar',
  `/pto/admin/employee/${KEY}`,
];

const rows: Row[] = [
  { name: 'public routes pass signed out', path: '/login', session: null, expect: { kind: 'allow' } },
  { name: 'aliases of login pass', path: '/auto-login', session: null, expect: { kind: 'allow' } },
  { name: 'logout always passes', path: '/logout', session: null, expect: { kind: 'allow' } },
  { name: 'password pages are public', path: '/forgot-password', session: null, expect: { kind: 'allow' } },
  {
    name: 'signed out: to login with the full path',
    path: '/payroll/employee/list?page=2&sort=-hire_date',
    session: null,
    expect: { kind: 'redirect', to: '/login?redirect=%2Fpayroll%2Femployee%2Flist%3Fpage%3D2%26sort%3D-hire_date' },
  },
  {
    name: 'an expired token counts as signed out (seconds)',
    path: '/home',
    session: user({ exp: NOW }),
    expect: { kind: 'redirect', to: '/login?redirect=%2Fhome' },
  },
  { name: 'a valid session passes app pages', path: '/home', session: user(), expect: { kind: 'allow' } },
  {
    name: 'personal-reports-only users may visit /inactive',
    path: '/inactive/paystubs',
    session: user({ perms: ['PAYROLL:CanOnlyViewPersonalReports'] }),
    expect: { kind: 'allow' },
  },
  {
    name: 'personal-reports-only users are refused elsewhere',
    path: '/home',
    session: user({ perms: ['PAYROLL:CanOnlyViewPersonalReports', 'PAYROLL:CanUseModule'] }),
    previous: '/inactive/paystubs',
    expect: deny('/inactive/paystubs'),
  },
  {
    name: 'inactive users go to the inactive paystubs',
    path: '/payroll/employee/list',
    session: user({ status: 'inactive' }),
    expect: { kind: 'redirect', to: '/inactive/paystubs' },
  },
  {
    name: 'inactive users may use the inactive area',
    path: '/inactive/password-change',
    session: user({ status: 'inactive' }),
    expect: { kind: 'allow' },
  },
  {
    name: 'active users visiting /inactive go to /paystubs',
    path: '/inactive/paystubs',
    session: user(),
    expect: { kind: 'redirect', to: '/paystubs' },
  },
  {
    name: 'non-employees are sent from paystubs to home',
    path: '/paystubs',
    session: manager,
    expect: { kind: 'redirect', to: '/home' },
  },
  {
    name: 'onboarding is closed to users with an employee id',
    path: '/onboarding',
    session: user(),
    expect: { kind: 'redirect', to: '/home' },
  },
  {
    name: '/settings goes to the profile',
    path: '/settings',
    session: user(),
    expect: { kind: 'redirect', to: '/settings/profile' },
  },
  {
    name: 'record pages wait for the meta',
    path: '/payroll/employee/list',
    session: manager,
    expect: { kind: 'pending' },
  },
  {
    name: 'list allowed by can.list',
    path: '/payroll/employee/list',
    session: manager,
    meta: employeeMeta,
    expect: { kind: 'allow' },
  },
  {
    name: 'create allowed by can.create',
    path: '/payroll/employee/create',
    session: manager,
    meta: employeeMeta,
    expect: { kind: 'allow' },
  },
  {
    name: 'edit allowed by can.edit',
    path: `/payroll/employee/edit/${KEY}`,
    session: manager,
    meta: employeeMeta,
    expect: { kind: 'allow' },
  },
  {
    name: 'view allowed by can.read',
    path: `/payroll/employee/view/${KEY}`,
    session: manager,
    meta: readOnlyMeta,
    expect: { kind: 'allow' },
  },
  {
    name: 'edit refused without can.edit, back where the user was',
    path: `/payroll/employee/edit/${KEY}`,
    session: manager,
    meta: readOnlyMeta,
    previous: '/home',
    expect: deny('/home'),
  },
  {
    name: 'a refusal right after login returns to the landing page',
    path: '/payroll/employee/create',
    session: manager,
    meta: readOnlyMeta,
    fromLogin: true,
    previous: '/somewhere',
    expect: deny('/home'),
  },
  {
    name: 'a module the user may not use is refused',
    path: '/hr/documents/list',
    session: manager,
    meta: 'forbidden',
    previous: '/home',
    expect: deny('/home'),
  },
  {
    name: 'a datatype outside its module is Page Not Found',
    path: '/auth/employee/list',
    session: manager,
    meta: 'notFound',
    expect: { kind: 'notFound' },
  },
  {
    name: 'an unknown module is Page Not Found',
    path: '/nope/employee/list',
    session: manager,
    expect: { kind: 'notFound' },
  },
  {
    name: 'a key that is not 36 characters is Page Not Found',
    path: '/payroll/employee/edit/123',
    session: manager,
    expect: { kind: 'notFound' },
  },
  {
    name: 'generic list page leads to the list screen',
    path: '/payroll/employee',
    session: manager,
    meta: employeeMeta,
    expect: { kind: 'redirect', to: '/payroll/employee/list' },
  },
  {
    name: 'generic record page leads to the edit screen',
    path: `/payroll/employee/${KEY}`,
    session: manager,
    meta: employeeMeta,
    expect: { kind: 'redirect', to: `/payroll/employee/edit/${KEY}` },
  },
  {
    name: 'generic record page without edit rights leads to the view',
    path: `/payroll/employee/${KEY}`,
    session: manager,
    meta: readOnlyMeta,
    expect: { kind: 'redirect', to: `/payroll/employee/view/${KEY}` },
  },
  {
    name: 'generic list page not in the allow-list is Page Not Found',
    path: '/payroll/basic_info',
    session: manager,
    meta: noRoutesMeta,
    expect: { kind: 'notFound' },
  },
  {
    name: 'generic record page not in the allow-list is Page Not Found',
    path: `/payroll/basic_info/${KEY}`,
    session: manager,
    meta: noRoutesMeta,
    expect: { kind: 'notFound' },
  },
  {
    name: 'the audit log route (auth_audit_log) needs AUTH:CanViewAuditLogs',
    path: `/auth/new_user/${KEY}/audit_log?name=Emma`,
    session: user({ perms: ['AUTH:CanViewAuditLogs'] }),
    expect: { kind: 'allow' },
  },
  {
    name: 'the audit log route refuses a user without AUTH:CanViewAuditLogs',
    path: `/auth/new_user/${KEY}/audit_log`,
    session: manager,
    previous: '/home',
    expect: deny('/home'),
  },
  {
    name: 'the audit log route lets the product-staff admin in',
    path: `/auth/new_user/${KEY}/audit_log`,
    session: user({ isAdmin: true, perms: [] }),
    expect: { kind: 'allow' },
  },
  {
    name: 'the audit log route sends a signed-out visitor to login',
    path: `/auth/new_user/${KEY}/audit_log`,
    session: null,
    expect: { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(`/auth/new_user/${KEY}/audit_log`)}` },
  },
  {
    name: 'the audit log route with a malformed user key is Page Not Found',
    path: '/auth/new_user/abc/audit_log',
    session: user({ perms: ['AUTH:CanViewAuditLogs'] }),
    expect: { kind: 'notFound' },
  },
  // The generic audit log route /{module}/{datatype}/{userId}/audit_log (spec/000 section 2).
  {
    name: 'the generic audit log route opens for AUTH:CanViewAuditLogs once its type is known',
    path: `/auth/users/${KEY}/audit_log?name=Emma`,
    session: user({ perms: ['AUTH:CanViewAuditLogs'] }),
    meta: readOnlyMeta,
    expect: { kind: 'allow' },
  },
  {
    name: 'the generic audit log route waits for its type',
    path: `/payroll/employee/${KEY}/audit_log`,
    session: user({ perms: ['AUTH:CanViewAuditLogs'] }),
    expect: { kind: 'pending' },
  },
  {
    name: 'the generic audit log route refuses a user without AUTH:CanViewAuditLogs',
    path: `/payroll/employee/${KEY}/audit_log`,
    session: manager,
    meta: employeeMeta,
    previous: '/home',
    expect: deny('/home'),
  },
  {
    name: 'the generic audit log route of an unknown module or type is Page Not Found',
    path: `/nomodule/users/${KEY}/audit_log`,
    session: user({ isAdmin: true, perms: [] }),
    expect: { kind: 'notFound' },
  },
  {
    name: 'the generic audit log route of a type not of its module is Page Not Found',
    path: `/payroll/users/${KEY}/audit_log`,
    session: user({ isAdmin: true, perms: [] }),
    meta: 'notFound',
    expect: { kind: 'notFound' },
  },
  {
    name: 'the generic audit log route of a payroll type not of onboarding is refused to an onboarding-only user',
    path: `/payroll/employee/${KEY}/audit_log`,
    session: user({ perms: ['PAYROLL:CanUseModule', 'PAYROLL:CanManageOnboarding', 'AUTH:CanViewAuditLogs'] }),
    meta: employeeMeta,
    expect: onboardingDenied,
  },
  // A user limited by PAYROLL:CanManageOnboarding (spec/000 section 6; docs/route-guard.md).
  ...['/payroll/employee', '/payroll/employee/list', `/payroll/employee/edit/${KEY}`, `/payroll/w4/view/${KEY}`].map(
    (path): Row => ({
      name: `onboarding only: ${path} is refused with the alert, to the hires`,
      path,
      session: onboarder,
      meta: employeeMeta,
      previous: '/home',
      expect: onboardingDenied,
    }),
  ),
  {
    name: 'onboarding only: the alert sends to the hires even straight after login',
    path: '/payroll/approvals/list',
    session: onboarder,
    meta: employeeMeta,
    fromLogin: true,
    expect: onboardingDenied,
  },
  {
    name: 'onboarding only: a payroll type the user may not use at all gets the alert too',
    path: '/payroll/employee_payment_information/list',
    session: onboarder,
    meta: 'forbidden',
    expect: onboardingDenied,
  },
  {
    name: 'onboarding only: a company settings page of a payroll type is refused',
    path: `/payroll/employee/${KEY}/org_settings`,
    session: onboarder,
    expect: onboardingDenied,
  },
  {
    name: 'onboarding only: the reports page is refused without PAYROLL:CanViewPayrollReports',
    path: '/payroll/reports',
    session: onboarder,
    expect: onboardingDenied,
  },
  {
    name: 'onboarding only: the reports page opens with PAYROLL:CanViewPayrollReports',
    path: '/payroll/reports',
    session: user({ perms: ['PAYROLL:CanManageOnboarding', 'PAYROLL:CanViewPayrollReports'] }),
    expect: { kind: 'allow' },
  },
  {
    name: 'reports: an employee without PAYROLL:CanViewPayrollReports is refused the reports page',
    path: '/payroll/reports',
    session: user(),
    expect: deny('/home'),
  },
  {
    name: 'reports: managing payroll data alone does not open the reports page',
    path: '/payroll/reports',
    session: manager,
    previous: '/payroll/employee/list',
    expect: deny('/payroll/employee/list'),
  },
  {
    name: 'reports: PAYROLL:CanViewPayrollReports alone opens the reports page',
    path: '/payroll/reports',
    session: user({ isEmployee: false, employeeId: null, perms: ['PAYROLL:CanViewPayrollReports'] }),
    expect: { kind: 'allow' },
  },
  {
    name: 'reports: the product-staff admin opens the reports page',
    path: '/payroll/reports',
    session: productStaff,
    expect: { kind: 'allow' },
  },
  ...['/payroll/onboarding_user/list', '/payroll/onboarding_user/create', `/payroll/onboarding_user/edit/${KEY}`].map(
    (path): Row => ({
      name: `onboarding only: the hires page ${path} opens`,
      path,
      session: onboarder,
      meta: employeeMeta,
      expect: { kind: 'allow' },
    }),
  ),
  {
    name: 'onboarding only: the generic hires page leads to the hires list',
    path: '/payroll/onboarding_user',
    session: onboarder,
    meta: employeeMeta,
    expect: { kind: 'redirect', to: '/payroll/onboarding_user/list' },
  },
  {
    name: "onboarding only: a hire's I-9 (Section 2) opens",
    path: `/payroll/i9/edit/${KEY}`,
    session: onboarder,
    meta: employeeMeta,
    expect: { kind: 'allow' },
  },
  {
    name: "onboarding only: the user's own my_ forms open",
    path: `/payroll/my_w4/edit/${KEY}`,
    session: onboarder,
    meta: employeeMeta,
    expect: { kind: 'allow' },
  },
  {
    name: "onboarding only: the spec's other name of the hires list sends on to it",
    path: '/payroll/new_onboarding_users',
    session: onboarder,
    expect: { kind: 'redirect', to: '/payroll/onboarding_user/list' },
  },
  {
    name: 'onboarding only: an unknown payroll type is Page Not Found, not the alert',
    path: '/payroll/nothing_here/list',
    session: onboarder,
    meta: 'notFound',
    expect: { kind: 'notFound' },
  },
  {
    name: 'onboarding only: a payroll page waits for the meta like any record page',
    path: '/payroll/employee/list',
    session: onboarder,
    expect: { kind: 'pending' },
  },
  {
    name: 'onboarding only: other modules are not limited',
    path: '/hr/documents/list',
    session: onboarder,
    meta: employeeMeta,
    expect: { kind: 'allow' },
  },
  {
    name: 'onboarding only: pages outside the modules are not limited',
    path: '/home',
    session: onboarder,
    expect: { kind: 'allow' },
  },
  {
    name: 'onboarding and payroll data: the employee list opens',
    path: '/payroll/employee/list',
    session: user({ perms: ['PAYROLL:CanManageOnboarding', 'PAYROLL:CanManageUserPayrollData'] }),
    meta: employeeMeta,
    expect: { kind: 'allow' },
  },
  {
    name: 'onboarding and the product-staff admin: the employee list opens',
    path: '/payroll/employee/list',
    session: user({ isAdmin: true, perms: ['PAYROLL:CanManageOnboarding'] }),
    meta: employeeMeta,
    expect: { kind: 'allow' },
  },
  // The journey admin settings pages are the product-staff admin's (spec/000 section 6).
  ...JOURNEY_PAGES.flatMap((path): Row[] => [
    { name: `${path} opens for the product-staff admin`, path, session: productStaff, expect: { kind: 'allow' } },
    {
      name: `${path} refuses an employee with 'Not authorized.'`,
      path,
      session: user(),
      previous: '/home',
      expect: deny('/home'),
    },
    {
      name: `${path} refuses a company admin who is not the product-staff admin`,
      path,
      session: companyAdmin,
      fromLogin: true,
      expect: deny('/home'),
    },
  ]),
  {
    name: 'a journey admin page sends a signed-out visitor to login',
    path: '/journey_admin/clock_settings',
    session: null,
    expect: { kind: 'redirect', to: '/login?redirect=%2Fjourney_admin%2Fclock_settings' },
  },
  {
    name: "the spec's other name of a list sends on to the list it names",
    path: '/payroll/new_onboarding_users',
    session: manager,
    expect: { kind: 'redirect', to: '/payroll/onboarding_user/list' },
  },
  {
    name: "the spec's other name of a record's page sends on to its edit screen, with its key",
    path: `/auth/new_user/${KEY}`,
    session: companyAdmin,
    expect: { kind: 'redirect', to: `/auth/users/edit/${KEY}` },
  },
  {
    name: "a key in the spec's other name is sent on encoded as it came",
    path: '/auth/team/a%2Fb',
    session: companyAdmin,
    expect: { kind: 'redirect', to: '/auth/groups/edit/a%2Fb' },
  },
  {
    name: "the spec's other name of a list keeps the query it came with (a bookmarked page and sort)",
    path: '/payroll/new_employees?page=2&sort=-hire_date',
    session: manager,
    expect: { kind: 'redirect', to: '/payroll/employee/list?page=2&sort=-hire_date' },
  },
  {
    name: "the spec's other name of a record's page keeps its key and the query",
    path: `/auth/new_user/${KEY}?from=mail`,
    session: companyAdmin,
    expect: { kind: 'redirect', to: `/auth/users/edit/${KEY}?from=mail` },
  },
  {
    name: "the spec's other names send a signed-out visitor to sign in first",
    path: '/auth/new_teams',
    session: null,
    expect: { kind: 'redirect', to: '/login?redirect=%2Fauth%2Fnew_teams' },
  },
  {
    name: "the user's audit log is its own page, not the other name of the user's page",
    path: `/auth/new_user/${KEY}/audit_log`,
    session: productStaff,
    expect: { kind: 'allow' },
  },
  {
    name: '/pto sends on to the employee dash',
    path: '/pto',
    session: ptoEmployee,
    expect: { kind: 'redirect', to: '/pto/employee/dash' },
  },
  {
    name: 'an employee using PTO opens their dash',
    path: '/pto/employee/dash',
    session: ptoEmployee,
    expect: { kind: 'allow' },
  },
  {
    name: 'an employee without TIME:CanUsePTO is refused the PTO dash',
    path: '/pto/employee/dash',
    session: user({ activeModules: TIME_ON, perms: ['PAYROLL:CanUseModule', 'TIME:CanUseModule'] }),
    previous: '/home',
    expect: deny('/home'),
  },
  {
    name: 'a PTO manager without TIME:CanUsePTO is refused the employee dash',
    path: '/pto/employee/dash/',
    session: ptoManager,
    previous: '/pto/admin/dash',
    expect: deny('/pto/admin/dash'),
  },
  ...PTO_MANAGER_PAGES.flatMap((path): Row[] => [
    { name: `${path} opens for TIME:CanManagePTO`, path, session: ptoManager, expect: { kind: 'allow' } },
    { name: `${path} opens for the product-staff admin`, path, session: productStaff, expect: { kind: 'allow' } },
    {
      name: `${path} refuses an employee who only uses PTO`,
      path,
      session: ptoEmployee,
      previous: '/pto/employee/dash',
      expect: deny('/pto/employee/dash'),
    },
    {
      name: `${path} refuses a PTO manager when the company's TIME module is off`,
      path,
      session: { ...ptoManager, activeModules: ['auth', 'payroll', 'comms', 'hr'] },
      previous: '/home',
      expect: deny('/home'),
    },
    {
      name: `${path} refuses a PTO manager without TIME:CanUseModule`,
      path,
      session: user({ isEmployee: false, employeeId: null, activeModules: TIME_ON, perms: ['TIME:CanManagePTO'] }),
      previous: '/home',
      expect: deny('/home'),
    },
  ]),
  {
    name: 'the employee dash is refused when the TIME module is off',
    path: '/pto/employee/dash',
    session: { ...ptoEmployee, activeModules: ['auth', 'payroll'] },
    previous: '/home',
    expect: deny('/home'),
  },
  {
    name: 'the plan builder opens for the product-staff admin',
    path: '/pto/planbuilder',
    session: productStaff,
    expect: { kind: 'allow' },
  },
  {
    name: 'the plan builder refuses a company admin who manages PTO (admin-only, spec/000 section 6)',
    path: '/pto/planbuilder',
    session: {
      ...companyAdmin,
      activeModules: TIME_ON,
      permissions: new Set([...companyAdmin.permissions, 'TIME:CanUseModule']),
    },
    previous: '/pto/admin/dash',
    expect: deny('/pto/admin/dash'),
  },
  {
    name: 'a PTO page sends a signed-out visitor to login',
    path: '/pto/admin/calendar',
    session: null,
    expect: { kind: 'redirect', to: '/login?redirect=%2Fpto%2Fadmin%2Fcalendar' },
  },
  {
    name: "an employee's PTO page needs the employee in the path (no page without)",
    path: '/pto/admin/employee',
    session: ptoManager,
    expect: { kind: 'notFound' },
  },
  {
    name: 'another journey_admin path is no page (the router shows not found)',
    path: '/journey_admin/other_settings',
    session: productStaff,
    expect: { kind: 'notFound' },
  },
];

describe('guard: decide()', () => {
  for (const r of rows) {
    it(r.name, () => {
      const [pathname] = r.path.split('?');
      const got = decide({
        path: r.path,
        route: classify(pathname),
        session: r.session,
        now: NOW,
        meta: r.meta,
        fromLogin: r.fromLogin,
        previous: r.previous,
      });
      assert.deepEqual(got, r.expect);
    });
  }
});

describe('guard: landing order after login (spec/000 section 4)', () => {
  const cases: [string, GuardSession, string][] = [
    ['admin goes to the dashboard', user({ isAdmin: true, perms: ['PAYROLL:CanOnlyViewPersonalReports'] }), '/home'],
    ['new dashboard feature', user({ isAdmin: true, features: { use_new_dashboard: true } }), '/new_home'],
    ['inactive user', user({ status: 'inactive' }), '/inactive/paystubs'],
    ['personal reports only', user({ perms: ['PAYROLL:CanOnlyViewPersonalReports'] }), '/inactive/paystubs'],
    ['cross-site login', user({ perms: ['AUTH:CanUseCrossSiteLogin'] }), '/myclients'],
    ['employee without an employee id', user({ employeeId: null }), '/onboarding'],
    ['reports without managing payroll data', user({ perms: ['PAYROLL:CanViewPayrollReports'] }), '/payroll/reports'],
    [
      'reports and managing payroll data',
      user({ perms: ['PAYROLL:CanViewPayrollReports', 'PAYROLL:CanManageUserPayrollData'] }),
      '/home',
    ],
    ['everyone else', user(), '/home'],
    // A landing page set on the account (users.json default_destination) comes before the choices
    // among pages, not before what the account must do or may only see.
    ['a landing page set', user({ destination: '/paystubs' }), '/paystubs'],
    ['an admin with a landing page', user({ isAdmin: true, destination: '/auth/users' }), '/auth/users'],
    ['a partner with a landing page', user({ perms: ['AUTH:CanUseCrossSiteLogin'], destination: '/home' }), '/home'],
    ['inactive, a landing page set', user({ status: 'inactive', destination: '/paystubs' }), '/inactive/paystubs'],
    [
      'personal reports only, a landing page set',
      user({ perms: ['PAYROLL:CanOnlyViewPersonalReports'], destination: '/paystubs' }),
      '/inactive/paystubs',
    ],
    ['still onboarding, a landing page set', user({ employeeId: null, destination: '/paystubs' }), '/onboarding'],
  ];
  for (const [name, s, to] of cases) it(name, () => assert.equal(landing(s), to));
  it('a landing page set on a session is followed only when it stays on this site', () => {
    const SESSION: Session = {
      organization_id: KEY,
      organization: { key: KEY, active_modules: ['payroll'], enabled_features: {}, data: {} },
      user: {
        key: KEY,
        display_name: 'Carla',
        email: 'carla@acme.example',
        is_employee: true,
        employee_id: '1',
        status: 'active',
      },
      permissions: { PAYROLL: ['CanUseModule'] },
      exp: NOW + 3600,
    };
    const at = (d: string) =>
      guardSession({ ...SESSION, user: { ...SESSION.user, default_destination: d } }).destination;
    assert.equal(at('/payroll/reports?from=2024-01-01'), '/payroll/reports?from=2024-01-01');
    for (const d of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', ''])
      assert.equal(at(d), undefined, d);
  });
  it("a landing page the account may not open is refused there, to the spec's landing, not to itself", () => {
    const s = user({ destination: '/payroll/reports' });
    assert.deepEqual(
      decide({ path: '/payroll/reports', route: classify('/payroll/reports'), session: s, now: NOW, fromLogin: true }),
      { kind: 'deny', to: '/home', message: 'Not authorized.' },
    );
  });
});

describe('guard: helpers', () => {
  it('compares expiry in whole seconds', () => {
    assert.equal(sessionValid(user({ exp: NOW + 1 }), NOW + 0.9), true);
    assert.equal(sessionValid(user({ exp: NOW + 1 }), NOW + 1.2), false);
    assert.equal(sessionValid(null, NOW), false);
  });
  it('follows only same-site redirects', () => {
    assert.equal(safeRedirect('/payroll/employee/list?page=2'), '/payroll/employee/list?page=2');
    assert.equal(safeRedirect('//evil.example/'), undefined);
    assert.equal(safeRedirect('https://evil.example/'), undefined);
    assert.equal(safeRedirect(null), undefined);
    // A browser drops tabs and line breaks and reads a backslash as a slash: each is //evil.example.
    for (const q of ['/\t/evil.example', '/\n/evil.example', '/\r/evil.example', '/\\evil.example', '/ /x', '/\\/x'])
      assert.equal(safeRedirect(q), undefined, JSON.stringify(q));
    assert.equal(safeRedirect('/home?next=%2F%2Fevil#top'), '/home?next=%2F%2Fevil#top');
  });
  it('names who is limited by PAYROLL:CanManageOnboarding', () => {
    assert.equal(onboardingOnly(onboarder), true);
    assert.equal(
      onboardingOnly(user({ perms: ['PAYROLL:CanManageOnboarding', 'PAYROLL:CanManageUserPayrollData'] })),
      false,
    );
    assert.equal(onboardingOnly(user({ isAdmin: true, perms: ['PAYROLL:CanManageOnboarding'] })), false);
    assert.equal(onboardingOnly(manager), false);
    assert.equal(ONBOARDING_LIST, '/payroll/onboarding_user/list');
    assert.match(ONBOARDING_ONLY, /^Access denied: "Can Manage Onboarding"/);
  });
  it('names the onboarding-related payroll types', () => {
    for (const t of ['onboarding_user', 'new_onboarding_users', 'new_onboarding_user', 'i9', 'my_w4', 'my_basic_info'])
      assert.equal(onboardingType(t), true, t);
    for (const t of ['employee', 'w4', 'basic_info', 'state_w4', 'approvals', 'employer', 'payroll_calendar'])
      assert.equal(onboardingType(t), false, t);
  });
  it('classifies the routes of spec/000 section 2', () => {
    assert.deepEqual(classify('/journey_admin/pto_settings'), { kind: 'app', path: '/journey_admin/pto_settings' });
    assert.deepEqual(classify('/payroll/employee/view/' + KEY), {
      kind: 'record',
      module: 'payroll',
      datatype: 'employee',
      action: 'view',
      key: KEY,
    });
    assert.deepEqual(classify('/payroll/employee'), { kind: 'generic', module: 'payroll', datatype: 'employee' });
    assert.deepEqual(classify('/payroll/reports'), { kind: 'app', path: '/payroll/reports' });
    assert.deepEqual(classify('/inactive/paystubs'), { kind: 'inactive' });
    assert.deepEqual(classify('/a/b/c/d/e'), { kind: 'public' });
    assert.deepEqual(classify(`/pto/admin/employee/${KEY}`), {
      kind: 'page',
      path: `/pto/admin/employee/${KEY}`,
      rule: PTO_RULES.find((r) => r.path === '/pto/admin/employee/:userId'),
      params: { userId: KEY },
    });
    assert.equal(classify(`/pto/admin/employee/${KEY}/more`).kind, 'public');
  });
});
