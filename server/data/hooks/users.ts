/**
 * User accounts: an e-mail is unique in its organization; an editor grants only permissions they
 * hold and changes only accounts they may act on (none holding more than them, never the
 * product-staff admin's: a changed e-mail plus forgot_password would take the account over); the
 * password hash (`secret`) is never set through the data API: passwords go through change_password
 * or the password mode (set_user_password).
 */
import type { FieldError } from '../../../engine/messages.ts';
import { mayActOnAccount } from '../../auth/account-rights.ts';
import { ApiError, notAuthorized } from '../../http/errors.ts';
import type { EntityHooks } from '../hooks.ts';
import { claimOps, claimOwner } from './unique.ts';

export const EMAIL_EXISTS = 'An account with this email already exists.';
export const NOT_HELD = 'You may grant only permissions you hold.';

export const userHooks: EntityHooks = {
  authorize({ s, caller, stored }) {
    if (stored && !mayActOnAccount(s, caller, stored)) throw notAuthorized();
  },
  validate({ s, caller, key, data, before }) {
    const errors: FieldError[] = [];
    // spec/001 section 6: an editor grants only permissions they hold (the product-staff admin, any).
    const had = new Set(Array.isArray(before?.permissions) ? (before.permissions as string[]) : []);
    const granted = Array.isArray(data.permissions) ? (data.permissions as string[]) : [];
    const p = caller.principal;
    if (!p.isAdmin && granted.some((perm) => !had.has(perm) && !p.permissions.has(perm))) {
      errors.push({ path: '/permissions', message: NOT_HELD });
    }
    const email = typeof data.email === 'string' ? data.email.toLowerCase() : undefined;
    const owner = email ? claimOwner(s, caller.org.id, 'email', email) : undefined;
    // A duplicate is a conflict with another account (API.md: 409), once the rest is valid.
    if (owner && owner !== key && !errors.length) {
      throw new ApiError(409, EMAIL_EXISTS, [{ path: '/email', message: EMAIL_EXISTS }]);
    }
    return errors;
  },
  extraOps({ s, caller, key, data, before }) {
    const email = String(data.email ?? '').toLowerCase();
    const previous = typeof before?.email === 'string' ? before.email.toLowerCase() : undefined;
    return email ? claimOps(s, caller.org.id, 'email', key, email, previous) : [];
  },
  onDelete({ s, caller, record }) {
    const email = typeof record.data.email === 'string' ? record.data.email.toLowerCase() : undefined;
    return email ? claimOps(s, caller.org.id, 'email', record.key, '', email).slice(1) : [];
  },
};
