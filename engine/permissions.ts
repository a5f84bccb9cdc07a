/**
 * The permissions of spec/000 section 6, as `MODULE:Permission` strings.
 * Which role holds which is not in the spec: groups and per-user overrides grant them.
 */
export const PERMISSIONS = [
  'AUTH:CanManageUsers',
  'AUTH:CanManageGroups',
  'AUTH:CanManageOrganizations',
  'AUTH:CanManageOrganizationPreferences',
  'AUTH:CanLoginToOrganizations',
  'AUTH:CanUseCrossSiteLogin',
  'AUTH:CanViewAuditLogs',
  'HR:CanManageModule',
  'HR:CanUseModule',
  'HR:CanManageSecureFileTransfer',
  'HR:CanManageLaborLawAdmin',
  'PAYROLL:CanUseModule',
  'PAYROLL:CanManageUserPayrollData',
  'PAYROLL:CanManageOnboarding',
  'PAYROLL:CanViewPayrollReports',
  'PAYROLL:CanOnlyViewPersonalReports',
  'TIME:CanManagePTO',
  'TIME:CanUsePTO',
  'TIME:CanUseClock',
  'TIME:CanManageClock',
  'TIME:CanUseModule',
  'COMMS:CanManageNotificationRoutes',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/**
 * The permissions of the personal area (the inactive layout: paystubs and a password change,
 * spec/000 sections 2 and 4): each module's CanUseModule and personal reports. An inactive user
 * keeps only these; a user holding only these is confined to that area.
 */
export function personalPermission(permission: string): boolean {
  return permission === 'PAYROLL:CanOnlyViewPersonalReports' || permission.endsWith(':CanUseModule');
}

/**
 * What a company's own administrator (the account of its admin_email) holds from the start: the
 * company's users, groups, branding, audit log and every module's management, but no power over
 * other companies (AUTH:CanManageOrganizations, AUTH:CanLoginToOrganizations) and no admin rights.
 */
export const COMPANY_ADMIN_PERMISSIONS: readonly Permission[] = [
  'AUTH:CanManageUsers',
  'AUTH:CanManageGroups',
  'AUTH:CanManageOrganizationPreferences',
  'AUTH:CanViewAuditLogs',
  'PAYROLL:CanUseModule',
  'PAYROLL:CanManageUserPayrollData',
  'PAYROLL:CanManageOnboarding',
  'PAYROLL:CanViewPayrollReports',
  'HR:CanUseModule',
  'HR:CanManageModule',
  'TIME:CanUseModule',
  'TIME:CanManagePTO',
];

/** Splits at the first colon, as the client does (spec/000 section 6). */
export function splitPermission(p: string): { module: string; name: string } | undefined {
  const i = p.indexOf(':');
  if (i <= 0 || i === p.length - 1) return undefined;
  return { module: p.slice(0, i), name: p.slice(i + 1) };
}

/** `{MODULE: [names]}`: the shape of the session's permissions map. */
export function permissionMap(perms: Iterable<string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const p of perms) {
    const s = splitPermission(p);
    if (!s) continue;
    (out[s.module] ??= []).push(s.name);
  }
  for (const k of Object.keys(out)) out[k].sort();
  return out;
}

/** The permissions of a `{MODULE: [names]}` map as `MODULE:Name` strings (permissionMap's inverse). */
export function permissionsOfMap(map: Readonly<Record<string, readonly string[]>>): Set<string> {
  return new Set(Object.entries(map).flatMap(([module, names]) => names.map((n) => `${module}:${n}`)));
}
