/**
 * User accounts (an e-mail is unique in its organization: the schema's x-unique): an editor grants only permissions they
 * hold and changes only accounts they may act on (none holding more than them, never the
 * product-staff admin's: a changed e-mail plus forgot_password would take the account over); the
 * password hash (`secret`) is never set through the data API: passwords go through change_password
 * or the password mode (set_user_password).
 */
import type { FieldError } from '../../../engine/messages.ts';
import { mayActOnAccount } from '../../auth/account-rights.ts';
import { notAuthorized } from '../../http/errors.ts';
import type { EntityHooks } from '../hooks.ts';

const NOT_HELD = 'You may grant only permissions you hold.';

export const userHooks: EntityHooks = {
  async authorize({ s, caller, stored }) {
    if (stored && !(await mayActOnAccount(s, caller, stored))) throw notAuthorized();
  },
  validate({ caller, data, before }) {
    const errors: FieldError[] = [];
    // spec/001 section 6: an editor grants only permissions they hold (the product-staff admin, any).
    const had = new Set(Array.isArray(before?.permissions) ? (before.permissions as string[]) : []);
    const granted = Array.isArray(data.permissions) ? (data.permissions as string[]) : [];
    const p = caller.principal;
    if (!p.isAdmin && granted.some((perm) => !had.has(perm) && !p.permissions.has(perm))) {
      errors.push({ path: '/permissions', message: NOT_HELD });
    }
    return errors;
  },
};
