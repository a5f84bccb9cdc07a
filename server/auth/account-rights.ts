/**
 * Who may act on another's account. Changing an account's e-mail, password or invitation is
 * signing in as its holder (forgot_password goes to the e-mail on file), so a user manager may do it
 * only for accounts holding no permission the manager lacks, and never for the product-staff admin's
 * account; the product-staff admin may act on any but a company's product-staff account, which
 * nobody changes. Used by the data API's user writes (server/data/hooks/users.ts) and the
 * user-admin calls (set_user_password, the invites).
 */
import { productStaffAdminKey } from '../../engine/access.ts';
import type { StoredRecord } from '../storage/types.ts';
import type { Services } from '../services.ts';
import { sudoOnlyAccount } from './impersonation.ts';
import { principalFor, type Caller } from './principal.ts';

export async function mayActOnAccount(s: Services, caller: Caller, account: StoredRecord): Promise<boolean> {
  if (sudoOnlyAccount(caller.org, account.key)) return false;
  if (caller.principal.isAdmin) return true;
  if (account.key === productStaffAdminKey(caller.org.id)) return false;
  if (account.key === caller.user.key) return true;
  const held = caller.principal.permissions;
  for (const p of (await principalFor(s, caller.org, account)).permissions) if (!held.has(p)) return false;
  return true;
}
