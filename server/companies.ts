/**
 * Creating a company: its organization record in the parent's collection, its directory entry,
 * default branding, and its product-staff admin account (the id derived from the organization).
 */
import { randomUUID } from 'node:crypto';
import { productStaffAdminKey } from '../engine/access.ts';
import { hashPassword } from './crypto/passwords.ts';
import { systemPut } from './data/system-write.ts';
import { claimOps } from './data/hooks/unique.ts';
import { directoryOp } from './orgs.ts';
import type { Services } from './services.ts';
import type { WriteOp } from './storage/types.ts';

export interface NewCompany {
  name: string;
  hostname: string;
  adminEmail: string;
  /** The admin's password; without one the account can be reached only by sudo login. */
  adminPassword?: string;
  /** undefined for the root (product) organization. */
  parent?: string;
  activeModules?: string[];
  companyId?: string;
  id?: string;
}

export async function companyOps(
  s: Services,
  c: NewCompany,
): Promise<{ id: string; adminKey: string; ops: WriteOp[] }> {
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
  const extras = await companyExtras(s, id, parent, org, c.adminPassword, c.parent === undefined);
  return { id, adminKey: extras.adminKey, ops: [systemPut(s, 'auth/organizations', parent, id, org), ...extras.ops] };
}

/**
 * What comes with every new organization record: its directory entry, its product-staff admin
 * account and its default branding.
 */
export async function companyExtras(
  s: Services,
  id: string,
  parent: string,
  org: Record<string, unknown>,
  adminPassword: string | undefined,
  root = false,
): Promise<{ adminKey: string; ops: WriteOp[] }> {
  const adminKey = productStaffAdminKey(id);
  const now = s.now();
  const email = String(org.admin_email).toLowerCase();
  const admin: Record<string, unknown> = {
    email,
    display_name: 'Product staff admin',
    status: 'active',
    permissions: [],
    is_employee: false,
    cross_site_login_only: false,
    created_by: 'system',
    created_time: now,
  };
  if (adminPassword) admin.secret = await hashPassword(adminPassword);
  const name = String(org.name);
  return {
    adminKey,
    ops: [
      directoryOp(id, parent, String(org.hostname), now, root),
      systemPut(s, 'auth/users', id, adminKey, admin),
      ...claimOps(s, id, 'email', adminKey, email, undefined),
      systemPut(s, 'auth/organization_preferences', id, randomUUID(), {
        module: 'auth',
        name,
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
