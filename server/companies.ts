/**
 * Creating a company: its organization record in the parent's collection, its directory entry,
 * default branding, its product-staff account (the id derived from the organization, entered only
 * through sudo_login) and its own administrator, an ordinary account for its admin_email. The root
 * organization's product-staff account is instead the product-staff admin's, with the admin e-mail
 * and password of the first start.
 */
import { randomUUID } from 'node:crypto';
import { productStaffAdminKey } from '../engine/access.ts';
import { hashPassword } from './crypto/passwords.ts';
import { systemPut, systemUpdate } from './data/system-write.ts';
import { claimOps } from './data/unique.ts';
import { companyAdminOps, PRODUCT_STAFF_EMAIL } from './company-admins.ts';
import { directoryOp } from './orgs.ts';
import { SYSTEM_ORG, type Services } from './services.ts';
import type { DataObject, WriteOp } from './storage/types.ts';

/** The display name of every product-staff account (the root's admin, each company's sudo account). */
export const PRODUCT_STAFF_NAME = 'Product staff admin';

export interface NewCompany {
  name: string;
  hostname: string;
  adminEmail: string;
  /**
   * The root: the product-staff admin's password. A company: its administrator's, who otherwise
   * chooses one through forgot_password.
   */
  adminPassword?: string;
  /** A company's administrator's display name. */
  adminName?: string;
  /** undefined for the root (product) organization. */
  parent?: string;
  activeModules?: string[];
  companyId?: string;
  id?: string;
}

export async function companyOps(
  s: Services,
  c: NewCompany,
): Promise<{ id: string; adminKey: string; companyAdminKey?: string; ops: WriteOp[] }> {
  const id = c.id ?? randomUUID();
  const parent = c.parent ?? id;
  const now = s.now();
  const org: Record<string, unknown> = {
    name: c.name,
    hostname: c.hostname.toLowerCase(),
    admin_email: c.adminEmail.toLowerCase(),
    active_modules: c.activeModules ?? ['auth', 'payroll', 'comms', 'hr'],
    enabled_features: {},
    parent_organization: parent,
    status: 'active',
    created_by: 'system',
    created_time: now,
  };
  if (c.companyId) org.company_id = c.companyId;
  const extras = await companyExtras(s, id, parent, org, {
    root: c.parent === undefined,
    adminPassword: c.adminPassword,
    adminName: c.adminName,
  });
  return { id, ...extras, ops: [systemPut(s, 'auth/organizations', parent, id, org), ...extras.ops] };
}

/**
 * The claim on a company's hostname, across every organization, committed with the company (or its
 * new hostname, releasing the old): a hostname is unique (hooks/organizations.ts checks it first),
 * and companies sent at once with one hostname were all made, the host then finding one of them.
 * Organizations made before the claim existed have none; the check by directory still finds them.
 */
export function hostnameClaimOps(s: Services, id: string, hostname: string, previous?: string): WriteOp[] {
  return claimOps(s, SYSTEM_ORG, 'hostname', id, hostname.toLowerCase(), previous?.toLowerCase());
}

/** The company's fields its preferences show, read-only (organization_preferences.json: copies). */
const COPIED = ['name', 'parent_organization', 'status', 'hostname', 'active_modules', 'company_id'] as const;

export function companyCopy(org: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const field of COPIED) if (org[field] !== undefined && org[field] !== '') copy[field] = org[field];
  return copy;
}

/**
 * The company's preferences (its auth module's, the branding) with the copies of a changed company
 * record: none when they are the same already, or the company has none.
 */
export async function companyCopyOps(s: Services, id: string, org: Record<string, unknown>): Promise<WriteOp[]> {
  const found = await s.storage.find('auth/organization_preferences', id, {
    criteria: [{ field: 'module', is: '=', value: 'auth' }],
    limit: 1,
    offset: 0,
  });
  const prefs = found.items[0];
  if (!prefs) return [];
  const copy = companyCopy(org);
  const changes: DataObject = {};
  for (const field of COPIED) {
    if (JSON.stringify(copy[field]) !== JSON.stringify(prefs.data[field]))
      changes[field] = copy[field] as DataObject[string];
  }
  return Object.keys(changes).length ? [systemUpdate(s, prefs, 'system', changes)] : [];
}

/**
 * What comes with every new organization record: its directory entry, its product-staff account,
 * a company's own administrator and its default branding.
 */
export async function companyExtras(
  s: Services,
  id: string,
  parent: string,
  org: Record<string, unknown>,
  opts: { root?: boolean; adminPassword?: string; adminName?: string } = {},
): Promise<{ adminKey: string; companyAdminKey?: string; ops: WriteOp[] }> {
  const adminKey = productStaffAdminKey(id);
  const now = s.now();
  const adminEmail = String(org.admin_email).toLowerCase();
  // A company's product-staff account has no credentials and none of the company's addresses.
  const email = opts.root ? adminEmail : PRODUCT_STAFF_EMAIL;
  const admin: Record<string, unknown> = {
    email,
    display_name: PRODUCT_STAFF_NAME,
    status: 'active',
    permissions: [],
    is_employee: false,
    cross_site_login_only: false,
    created_by: 'system',
    created_time: now,
  };
  if (opts.root && opts.adminPassword) admin.secret = await hashPassword(opts.adminPassword);
  const companyAdmin = opts.root
    ? undefined
    : await companyAdminOps(s, id, adminEmail, { password: opts.adminPassword, name: opts.adminName });
  const name = String(org.name);
  return {
    adminKey,
    companyAdminKey: companyAdmin?.key,
    ops: [
      directoryOp(id, parent, String(org.hostname), now, opts.root),
      ...hostnameClaimOps(s, id, String(org.hostname)),
      systemPut(s, 'auth/users', id, adminKey, admin),
      ...claimOps(s, id, 'email', adminKey, email, undefined),
      ...(companyAdmin?.ops ?? []),
      systemPut(s, 'auth/organization_preferences', id, randomUUID(), {
        module: 'auth',
        ...companyCopy(org),
        name,
        created_by: 'system',
        created_time: now,
        attributes: {
          business_name: name.slice(0, 128),
          colorPrimary: '002d50',
          colorSecondary: 'bfc0c0',
          colorAccent: '588326',
        },
      }),
    ],
  };
}
