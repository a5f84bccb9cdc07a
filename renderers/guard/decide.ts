/**
 * The route guard of spec/000 sections 2, 4 and 6 as one pure function: given where the visitor goes,
 * who they are and (for record pages) what the type's meta allows, answer allow, redirect, wait for
 * the meta, 'Page Not Found', 'Not authorized.' or the onboarding-only alert. No React, no router:
 * tests feed it tables. The decisions the spec leaves open are in docs/route-guard.md.
 */
import { moduleUsable } from '../../engine/access.ts';
import { MODULES } from '../../engine/entity.ts';
import { personalPermission } from '../../engine/permissions.ts';
import type { Session, Verb } from '../api/types.ts';
import { JOURNEY_SETTINGS } from '../pages/journey-settings.ts';
import { DOCUMENTS_PAGES } from '../pages/documents-pages.ts';
import { matchPage, redirectTarget, type PageAccess, type PageRule } from '../app/pages.ts';

export const NOT_AUTHORIZED = 'Not authorized.';
/** The alert of spec/000 section 6 for a user limited by PAYROLL:CanManageOnboarding. */
export const ONBOARDING_ONLY =
  'Access denied: "Can Manage Onboarding" limits access in the payroll module to onboarding-related pages only.';
/** The onboarding list (the hires) where such a user is sent back. */
export const ONBOARDING_LIST = '/payroll/onboarding_user/list';
export const INACTIVE_HOME = '/inactive/paystubs';
export const ACTIVE_PAYSTUBS = '/paystubs';
/** The payroll reports page (spec/000 section 2), opened by PAYROLL:CanViewPayrollReports. */
export const REPORTS_PATH = '/payroll/reports';
export const REPORTS_PERMISSION = 'PAYROLL:CanViewPayrollReports';

/** What the guard needs of a session (spec/000 section 3), with permissions as `MODULE:Name`. */
export interface GuardSession {
  exp: number;
  status: string;
  isAdmin: boolean;
  isEmployee: boolean;
  employeeId: string | null;
  permissions: ReadonlySet<string>;
  features: Readonly<Record<string, boolean>>;
  /** The company's active modules (spec/000 section 6); none when not told. */
  activeModules?: readonly string[];
  /** The company requires a second factor the user has not set up: only its settings page opens. */
  twoFactorSetupRequired?: boolean;
  /** The page of this site the account lands on after signing in, set by its administrator. */
  destination?: string;
}

export function guardSession(s: Session): GuardSession {
  const permissions = new Set<string>();
  for (const [m, names] of Object.entries(s.permissions ?? {})) for (const n of names) permissions.add(`${m}:${n}`);
  return {
    exp: s.exp,
    status: s.user.status,
    isAdmin: s.is_admin === true,
    isEmployee: s.user.is_employee === true,
    employeeId: s.user.employee_id || null,
    permissions,
    features: s.organization?.enabled_features ?? {},
    activeModules: s.organization?.active_modules ?? [],
    twoFactorSetupRequired: s.two_factor_setup_required === true,
    destination: safeRedirect(s.user.default_destination),
  };
}

export type RecordAction = 'list' | 'create' | 'edit' | 'view';

export type RouteInfo =
  | { kind: 'public' }
  | { kind: 'logout' }
  | { kind: 'inactive' }
  | { kind: 'app'; path: string }
  /** A page an area registered (../app/pages.ts), judged by its own access rule. */
  | { kind: 'page'; path: string; rule: PageRule; params: Record<string, string> }
  | { kind: 'record'; module: string; datatype: string; action: RecordAction; key?: string }
  /** The named route auth_audit_log (spec/001 section 2): one user's audit records. */
  | { kind: 'auditLog'; userId: string }
  /** The generic audit log route /{module}/{datatype}/{userId}/audit_log (spec/000 section 2). */
  | { kind: 'typeAuditLog'; module: string; datatype: string; userId: string }
  | { kind: 'generic'; module: string; datatype: string; key?: string };

const PUBLIC = new Set([
  '/',
  '/login',
  '/auto-login',
  '/password-forgot',
  '/forgot-password',
  '/password-change',
  '/change-password',
  '/error',
  '/signup',
]);

/** Pages of the main layout that are not record pages (they outrank /:module/:datatype). */
export const APP_PATHS = [
  '/home',
  '/new_home',
  '/paystubs',
  REPORTS_PATH,
  '/onboarding',
  '/organization_preferences',
  '/settings',
  '/settings/profile',
  '/settings/change-password',
  '/settings/password-change',
  '/settings/two-factor',
  ...JOURNEY_SETTINGS.map((j) => j.path),
  ...DOCUMENTS_PAGES.map((d) => d.path),
];
/** The two-factor settings: the only page open while the company requires a second factor not yet set up. */
export const TWO_FACTOR_SETTINGS = '/settings/two-factor';
const APP = new Set(APP_PATHS);
/** Pages of the product-staff admin only (spec/000 section 6: the journey admin settings). */
const ADMIN_ONLY = new Set(JOURNEY_SETTINGS.map((j) => j.path));
/** Pages closed to users who are not employees (spec/000 section 4). */
const EMPLOYEE_ONLY = new Set([
  '/paystubs',
  '/settings/profile',
  '/settings/change-password',
  '/settings/password-change',
]);

export function classify(pathname: string): RouteInfo {
  const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (p === '/logout') return { kind: 'logout' };
  if (PUBLIC.has(p)) return { kind: 'public' };
  if (p === '/inactive' || p.startsWith('/inactive/')) return { kind: 'inactive' };
  if (APP.has(p)) return { kind: 'app', path: p };
  const registered = matchPage(p);
  if (registered) return { kind: 'page', path: p, rule: registered.page, params: registered.params };
  const audit = /^\/auth\/new_user\/([^/]+)\/audit_log$/.exec(p);
  if (audit) return { kind: 'auditLog', userId: decodeSegment(audit[1]) };
  const parts = p.split('/').slice(1).map(decodeSegment);
  const [module, datatype, a, b] = parts;
  if (parts.length === 2) return { kind: 'generic', module, datatype };
  if (parts.length === 3 && (a === 'list' || a === 'create')) return { kind: 'record', module, datatype, action: a };
  if (parts.length === 3) return { kind: 'generic', module, datatype, key: a };
  // A company's settings page: signed-in; the records it opens carry their own access rules.
  if (parts.length === 4 && b === 'org_settings') return { kind: 'app', path: p };
  if (parts.length === 4 && b === 'audit_log') return { kind: 'typeAuditLog', module, datatype, userId: a };
  if (parts.length === 4 && (a === 'edit' || a === 'view'))
    return { kind: 'record', module, datatype, action: a, key: b };
  // Anything else is an unknown path: the router shows the not-found page.
  return { kind: 'public' };
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The facts of `GET /<module>/api/data/meta/<type>` the guard uses; or why it failed. */
export type MetaFacts =
  | { can: Record<Verb, boolean>; routes?: { list?: boolean; edit?: boolean; create?: boolean } }
  | 'notFound'
  | 'forbidden';

export interface GuardInput {
  /** pathname + search + hash: what the redirect query holds. */
  path: string;
  route: RouteInfo;
  session: GuardSession | null;
  /** Epoch seconds. */
  now: number;
  /** For record and generic pages: undefined while it loads. */
  meta?: MetaFacts;
  /** The navigation came straight from the login page. */
  fromLogin?: boolean;
  /** The page the visitor was on before, where a refusal returns. */
  previous?: string;
}

export type Decision =
  | { kind: 'allow' }
  | { kind: 'pending' }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'deny'; to: string; message: typeof NOT_AUTHORIZED | typeof ONBOARDING_ONLY };

export function has(s: GuardSession, perm: string): boolean {
  return s.permissions.has(perm);
}

/** Valid only while the expiry is in the future, compared in whole seconds (spec/000 section 4). */
export function sessionValid(s: GuardSession | null, now: number): s is GuardSession {
  return !!s && Math.floor(s.exp) > Math.floor(now);
}

/**
 * A user holding only the personal-reports-only payroll permission: PAYROLL:CanOnlyViewPersonalReports
 * and nothing beyond the modules' CanUseModule, and not the product-staff admin.
 */
export function personalReportsOnly(s: GuardSession): boolean {
  if (s.isAdmin || !has(s, 'PAYROLL:CanOnlyViewPersonalReports')) return false;
  return [...s.permissions].every(personalPermission);
}

/**
 * A user whose payroll management is onboarding only: PAYROLL:CanManageOnboarding without
 * PAYROLL:CanManageUserPayrollData, and not the product-staff admin (spec/000 section 6).
 */
export function onboardingOnly(s: GuardSession): boolean {
  return !s.isAdmin && has(s, 'PAYROLL:CanManageOnboarding') && !has(s, 'PAYROLL:CanManageUserPayrollData');
}

/**
 * The payroll datatypes whose pages are onboarding-related (docs/route-guard.md): the hires and the
 * spec's hires routes, the I-9 (its Section 2 is the onboarding manager's part of a hire's
 * onboarding), and a user's own my_ records.
 */
const ONBOARDING_TYPES = new Set(['onboarding_user', 'new_onboarding_users', 'new_onboarding_user', 'i9']);

export function onboardingType(datatype: string): boolean {
  return ONBOARDING_TYPES.has(datatype) || datatype.startsWith('my_');
}

/** May an onboarding-only user open this payroll page? Other modules' pages are not limited. */
function onboardingAllows(s: GuardSession, route: RouteInfo): boolean {
  if (route.kind === 'record' || route.kind === 'generic' || route.kind === 'typeAuditLog')
    return route.module !== 'payroll' || onboardingType(route.datatype);
  if (route.kind !== 'app' || !route.path.startsWith('/payroll/')) return true;
  // The reports page has its own permission; a company settings page is judged by its datatype.
  if (route.path === REPORTS_PATH) return has(s, REPORTS_PERMISSION);
  return onboardingType(route.path.split('/')[2] ?? '');
}

/**
 * May this session open a registered page? Its module usable for the company and the user, then
 * admin-only or one of its permissions; the product-staff admin passes, as the data API lets them.
 * The menu asks the same (web/nav-sections.ts), so it offers nothing that is refused.
 */
export function pageAllows(s: GuardSession, access: PageAccess): boolean {
  if (access.module && !moduleUsable(access.module, s.activeModules ?? [], s)) return false;
  if (s.isAdmin) return true;
  if (access.adminOnly) return false;
  return !access.anyOf || access.anyOf.some((p) => has(s, p));
}

/**
 * May this session open the reports page? PAYROLL:CanViewPayrollReports, or the product-staff
 * admin; it is also where such a user lands (landing), so the two must agree. Which reports it
 * offers, and what each shows, the data API decides per type (the catalogue's `can.list`).
 */
export function reportsAllowed(s: GuardSession): boolean {
  return s.isAdmin || has(s, REPORTS_PERMISSION);
}

export function dashboard(s: GuardSession): string {
  return s.features.use_new_dashboard ? '/new_home' : '/home';
}

/**
 * Where a user lands after signing in (spec/000 section 4, in its order). The landing page an
 * administrator set on the account (users.json default_destination) comes before the spec's choices
 * among pages, not before what an account must do or may only see (an inactive account, one that
 * sees only its own statements, a hire still onboarding); one the account may not open is refused
 * there as any page is, and the refusal goes to specLanding.
 */
export function landing(s: GuardSession): string {
  return mustLand(s) ?? s.destination ?? specLanding(s);
}

/** Where an account goes whatever page was set for it. */
function mustLand(s: GuardSession): string | undefined {
  if (s.status !== 'active') return INACTIVE_HOME;
  if (!s.isAdmin && has(s, 'PAYROLL:CanOnlyViewPersonalReports')) return INACTIVE_HOME;
  if (!s.isAdmin && !has(s, 'AUTH:CanUseCrossSiteLogin') && s.isEmployee && !s.employeeId) return '/onboarding';
  return undefined;
}

/** The spec's landing order alone. */
export function specLanding(s: GuardSession): string {
  if (s.status !== 'active') return INACTIVE_HOME;
  if (s.isAdmin) return dashboard(s);
  if (has(s, 'PAYROLL:CanOnlyViewPersonalReports')) return INACTIVE_HOME;
  if (has(s, 'AUTH:CanUseCrossSiteLogin')) return '/myclients';
  if (s.isEmployee && !s.employeeId) return '/onboarding';
  if (has(s, REPORTS_PERMISSION) && !has(s, 'PAYROLL:CanManageUserPayrollData')) return REPORTS_PATH;
  return dashboard(s);
}

/** What follows the pathname in `pathname + search + hash`: '' when there is neither. */
function queryAndHash(path: string): string {
  const at = path.search(/[?#]/);
  return at < 0 ? '' : path.slice(at);
}

/**
 * A redirect query is followed only when it stays on this site: a path, read as a browser reads it.
 * A URL parser drops tabs and line breaks and reads a backslash as `/`, so `/<tab>/evil.example` is
 * `//evil.example`; any control character, space or backslash, and any path that resolves to
 * another origin, is no redirect.
 */
export function safeRedirect(q: string | null | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex -- refusing control characters is what it is for
  if (!q || !q.startsWith('/') || /[\u0000-\u0020\u007f\\]/.test(q)) return undefined;
  const base = 'http://site.invalid';
  let url: URL;
  try {
    url = new URL(q, base);
  } catch {
    return undefined;
  }
  return url.origin === base && !q.startsWith('//') ? q : undefined;
}

export function loginPath(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

const NAME = /^[a-z][a-z0-9_]{0,63}$/;
const KEY_LENGTH = 36;
const VERB_OF: Record<RecordAction, Verb> = { list: 'list', create: 'create', edit: 'edit', view: 'read' };

export function decide(input: GuardInput): Decision {
  const { route, now } = input;
  if (route.kind === 'public' || route.kind === 'logout') return { kind: 'allow' };
  const s = input.session;
  if (!sessionValid(s, now)) return { kind: 'redirect', to: loginPath(input.path) };
  // The server answers nothing else until the second factor is set up (server/auth/principal.ts).
  if (s.twoFactorSetupRequired) {
    return route.kind === 'app' && route.path === TWO_FACTOR_SETTINGS
      ? { kind: 'allow' }
      : { kind: 'redirect', to: TWO_FACTOR_SETTINGS };
  }

  const deny = (): Decision => ({
    kind: 'deny',
    to:
      input.fromLogin || !input.previous || input.previous === input.path
        ? // A landing page set on the account that the account may not open: the spec's landing.
          landing(s) === input.path
          ? specLanding(s)
          : landing(s)
        : input.previous,
    message: NOT_AUTHORIZED,
  });

  if (personalReportsOnly(s)) return route.kind === 'inactive' ? { kind: 'allow' } : deny();
  if (s.status !== 'active')
    return route.kind === 'inactive' ? { kind: 'allow' } : { kind: 'redirect', to: INACTIVE_HOME };
  if (route.kind === 'inactive') return { kind: 'redirect', to: ACTIVE_PAYSTUBS };

  const onboardingDeny = (): Decision | undefined =>
    onboardingOnly(s) && !onboardingAllows(s, route)
      ? { kind: 'deny', to: ONBOARDING_LIST, message: ONBOARDING_ONLY }
      : undefined;

  if (route.kind === 'app') {
    if (route.path === '/settings') return { kind: 'redirect', to: '/settings/profile' };
    if (ADMIN_ONLY.has(route.path) && !s.isAdmin) return deny();
    const limited = onboardingDeny();
    if (limited) return limited;
    if (route.path === REPORTS_PATH && !reportsAllowed(s)) return deny();
    if (EMPLOYEE_ONLY.has(route.path) && !s.isEmployee) return { kind: 'redirect', to: dashboard(s) };
    if (route.path === '/onboarding' && (!s.isEmployee || s.employeeId)) return { kind: 'redirect', to: dashboard(s) };
    return { kind: 'allow' };
  }

  if (route.kind === 'page') {
    if (!pageAllows(s, route.rule.access)) return deny();
    // A page that only sends on keeps the query and hash it came with (docs/route-guard.md, "Other
    // names of pages"): a bookmark of the spec's name of a list with its page and sort lands on them.
    return route.rule.redirect
      ? { kind: 'redirect', to: redirectTarget(route.rule.redirect, route.params) + queryAndHash(input.path) }
      : { kind: 'allow' };
  }

  if (route.kind === 'auditLog') {
    if (route.userId.length !== KEY_LENGTH) return { kind: 'notFound' };
    return s.isAdmin || has(s, 'AUTH:CanViewAuditLogs') ? { kind: 'allow' } : deny();
  }

  if (route.kind === 'typeAuditLog') {
    // Its module and datatype as for record pages (usable, the datatype of the module), then as auth_audit_log.
    if (!(MODULES as readonly string[]).includes(route.module) || !NAME.test(route.datatype))
      return { kind: 'notFound' };
    if (route.userId.length !== KEY_LENGTH) return { kind: 'notFound' };
    if (input.meta === undefined) return { kind: 'pending' };
    if (input.meta === 'notFound') return { kind: 'notFound' };
    const limited = onboardingDeny();
    if (limited) return limited;
    return s.isAdmin || has(s, 'AUTH:CanViewAuditLogs') ? { kind: 'allow' } : deny();
  }

  // Record pages: the module and datatype must be usable, and the datatype must belong to the module.
  if (!(MODULES as readonly string[]).includes(route.module) || !NAME.test(route.datatype)) return { kind: 'notFound' };
  if (route.key !== undefined && route.key.length !== KEY_LENGTH) return { kind: 'notFound' };
  const meta = input.meta;
  if (meta === undefined) return { kind: 'pending' };
  if (meta === 'notFound') return { kind: 'notFound' };
  const limited = onboardingDeny();
  if (limited) return limited;
  if (meta === 'forbidden') return deny();

  const base = `/${route.module}/${route.datatype}`;
  if (route.kind === 'record') return meta.can[VERB_OF[route.action]] ? { kind: 'allow' } : deny();
  if (route.key === undefined) {
    if (!meta.routes?.list) return { kind: 'notFound' };
    return meta.can.list ? { kind: 'redirect', to: `${base}/list` } : deny();
  }
  if (!meta.routes?.edit) return { kind: 'notFound' };
  if (meta.can.edit) return { kind: 'redirect', to: `${base}/edit/${route.key}` };
  return meta.can.read ? { kind: 'redirect', to: `${base}/view/${route.key}` } : deny();
}
