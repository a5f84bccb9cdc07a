/**
 * A company's own administrator is an ordinary account: the company's admin_email, holding the
 * company-admin permissions (engine/permissions.ts), never the admin rights of the product-staff
 * account beside it (server/auth/impersonation.ts), which holds no credentials at all.
 */
import { randomUUID } from 'node:crypto';
import { productStaffAdminKey } from '../engine/access.ts';
import { COMPANY_ADMIN_PERMISSIONS } from '../engine/permissions.ts';
import { hashPassword } from './crypto/passwords.ts';
import { auditOp } from './data/audit.ts';
import { claimKey, claimOps, claimOwner } from './data/unique.ts';
import { systemPut } from './data/system-write.ts';
import { getOrg } from './orgs.ts';
import { SINGLE_USE } from './auth/sign-in.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from './services.ts';
import type { DataObject, StoredRecord, WriteOp } from './storage/types.ts';

/**
 * The e-mail of every company's product-staff account: under a reserved domain (RFC 2606), so it
 * reaches nobody, and never a company's own address, so no forgot_password can find the account.
 */
export const PRODUCT_STAFF_EMAIL = 'product-staff@dform.invalid';

/** What a company's product-staff account may not hold: anything that signs in without sudo_login. */
const CREDENTIALS = ['secret', 'authenticator_key', 'login_hash', '2fa_method'] as const;

/**
 * Whether an account holds this credential. A second factor of "none" (the users schema's default,
 * which every new company's product-staff account is written with) is none.
 */
function holds(data: DataObject, field: (typeof CREDENTIALS)[number]): boolean {
  return data[field] !== undefined && !(field === '2fa_method' && data[field] === 'none');
}

/** A new ordinary administrator of `org` for `email`, with a password when one is given. */
export async function companyAdminOps(
  s: Services,
  org: string,
  email: string,
  opts: { password?: string; name?: string; claim?: StoredRecord } = {},
): Promise<{ key: string; ops: WriteOp[] }> {
  const key = randomUUID();
  const admin: Record<string, unknown> = {
    email,
    display_name: opts.name ?? 'Company administrator',
    status: 'active',
    permissions: [...COMPANY_ADMIN_PERMISSIONS],
    is_employee: false,
    cross_site_login_only: false,
    created_by: 'system',
    created_time: s.now(),
  };
  if (opts.password) admin.secret = await hashPassword(opts.password);
  // An address the product-staff account held passes to the new account in the same commit.
  const held = opts.claim;
  const claim: WriteOp[] = held
    ? [
        {
          op: 'put',
          expectVersion: held.meta.version,
          record: {
            ...held,
            data: { owner: key, scope: 'email' },
            meta: { ...held.meta, updated_by: 'system', updated_time: s.now(), version: held.meta.version + 1 },
          },
        },
      ]
    : claimOps(s, org, 'email', key, email, undefined);
  return { key, ops: [systemPut(s, 'auth/users', org, key, admin), ...claim] };
}

/**
 * Existing deployments: older versions gave each company's product-staff account the company's
 * admin_email (and the password set with it), so the company could reset it with forgot_password
 * and hold product-staff powers. At start, each such account loses its password, 2FA key and login
 * hash, its e-mail becomes PRODUCT_STAFF_EMAIL, its sessions not opened by sudo_login end and its
 * forgot-password keys are deleted; the company's admin_email then belongs to a new ordinary
 * administrator (company-admin permissions, no password: forgot_password sets one), unless another
 * account already holds it. Each company changes in one commit, with its audit records; a second
 * run changes nothing. Answers how many companies changed.
 */
export async function separateCompanyAdmins(s: Services): Promise<number> {
  const orgs = await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, {
    criteria: [],
    limit: Number.MAX_SAFE_INTEGER,
    offset: 0,
  });
  let changed = 0;
  for (const dir of orgs.items) {
    if (dir.data.root === true) continue;
    const ops = await separationOps(s, dir.key);
    if (!ops.length) continue;
    await s.storage.commit(ops);
    changed++;
  }
  return changed;
}

async function separationOps(s: Services, orgId: string): Promise<WriteOp[]> {
  const org = await getOrg(s, orgId);
  const staffKey = productStaffAdminKey(orgId);
  const staff = await s.storage.get('auth/users', orgId, staffKey);
  if (!org || !staff) return [];
  const d = staff.data;
  if (d.email === PRODUCT_STAFF_EMAIL && !CREDENTIALS.some((f) => holds(d, f))) return [];
  const now = s.now();
  const data: DataObject = { ...d, email: PRODUCT_STAFF_EMAIL };
  for (const f of CREDENTIALS) delete data[f];
  const ops: WriteOp[] = [
    {
      op: 'put',
      expectVersion: staff.meta.version,
      record: {
        ...staff,
        data,
        meta: { ...staff.meta, updated_by: 'system', updated_time: now, version: staff.meta.version + 1 },
      },
    },
  ];
  if ((await claimOwner(s, orgId, 'email', PRODUCT_STAFF_EMAIL)) === undefined) {
    ops.push(...claimOps(s, orgId, 'email', staffKey, PRODUCT_STAFF_EMAIL, undefined));
  }
  const claimOf = async (email: string) =>
    await s.storage.get(SYSTEM.unique, orgId, claimKey(s, orgId, 'email', email));
  const adminEmail = String(org.record.data.admin_email ?? '').toLowerCase();
  const oldEmail = typeof d.email === 'string' ? d.email.toLowerCase() : '';
  const adminClaim = adminEmail ? await claimOf(adminEmail) : undefined;
  let admin: string | undefined;
  if (adminEmail && (!adminClaim || adminClaim.data.owner === staffKey)) {
    const made = await companyAdminOps(s, orgId, adminEmail, { claim: adminClaim });
    admin = made.key;
    ops.push(...made.ops);
  }
  const oldClaim = oldEmail && oldEmail !== adminEmail ? await claimOf(oldEmail) : undefined;
  if (oldClaim?.data.owner === staffKey)
    ops.push({ op: 'delete', collection: SYSTEM.unique, org: orgId, key: oldClaim.key });
  ops.push(...(await staleAccessOps(s, orgId, staffKey)));
  const audit = { org: orgId, actor: undefined, module: 'auth', type: 'users', now };
  ops.push(
    auditOp({ ...audit, action: 'update', key: staffKey, affectedUser: staffKey, fields: ['email', ...CREDENTIALS] }),
  );
  if (admin) ops.push(auditOp({ ...audit, action: 'create', key: admin, affectedUser: admin, fields: ['email'] }));
  return ops;
}

/** The product-staff account's sessions not opened by sudo_login, and its forgot-password keys. */
async function staleAccessOps(s: Services, org: string, staffKey: string): Promise<WriteOp[]> {
  const all = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };
  const sessions = (
    await s.storage.find(SYSTEM.sessions, org, { criteria: [{ field: 'user', is: '=', value: staffKey }], ...all })
  ).items.filter((r) => r.data.type !== 'sudo_login');
  const keys = (
    await s.storage.find(SINGLE_USE, org, { criteria: [{ field: 'user_key', is: '=', value: staffKey }], ...all })
  ).items.filter((r) => r.data.type !== 'sudo_login');
  return [
    ...sessions.map((r): WriteOp => ({ op: 'delete', collection: SYSTEM.sessions, org, key: r.key })),
    ...keys.map((r): WriteOp => ({ op: 'delete', collection: SINGLE_USE, org, key: r.key })),
  ];
}
