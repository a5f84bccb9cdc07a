/**
 * User accounts (an e-mail is unique in its organization: the schema's x-unique): an editor grants only permissions they
 * hold and changes only accounts they may act on (none holding more than them, never the
 * product-staff admin's: a changed e-mail plus forgot_password would take the account over); the
 * password hash (`secret`) is never set through the data API: passwords go through change_password
 * or the password mode (set_user_password). Nor is two-factor sign-in turned on here: its holder
 * chooses a method and proves it with a code (set_2fa_options, verify_2fa), and a user manager
 * resets it (reset_2fa_key), which turns it off until the holder proves the new key; a method or key
 * written here would skip that proof (API.md, two-factor sign-in). Locking or blocking an account
 * ends its sessions and refresh tokens in the same commit, so undoing it later revives none. The
 * company's last active user manager is not made inactive, blocked, locked or stripped of
 * AUTH:CanManageUsers (../../auth/user-managers.ts).
 */
import { accountDeleteOps } from '../../auth/user-delete.ts';
import type { FieldError } from '../../../engine/messages.ts';
import { mayActOnAccount } from '../../auth/account-rights.ts';
import { userMaySignIn } from '../../auth/principal.ts';
import { endSessionsOps } from '../../auth/sessions.ts';
import { spendSingleUseKeysOps } from '../../auth/sign-in.ts';
import {
  LAST_USER_MANAGER,
  MANAGE_USERS,
  lastUserManagerHeld,
  removesLastUserManager,
} from '../../auth/user-managers.ts';
import { ApiError, notAuthorized, validationFailed } from '../../http/errors.ts';
import type { EntityHooks } from '../hooks.ts';

const NOT_HELD = 'You may grant only permissions you hold.';
const METHOD_NOT_HERE =
  "Two-factor sign-in is turned on by the account's holder, who proves it with a code; a user manager resets it with reset_2fa_key.";
const KEY_NOT_HERE =
  'An authenticator key is changed with reset_2fa_key, which turns two-factor sign-in off until its holder proves the new key.';

/** The field of a user write that could end the account's managing of users, if any. */
function lastManagerField(before: Record<string, unknown>, data: Record<string, unknown>): string | undefined {
  if (before.status === 'active' && data.status !== 'active') return '/status';
  if (before.locked !== true && data.locked === true) return '/locked';
  if (before.cross_site_login_only !== true && data.cross_site_login_only === true) return '/cross_site_login_only';
  const held = (v: unknown) => Array.isArray(v) && v.includes(MANAGE_USERS);
  if (held(before.permissions) && !held(data.permissions)) return '/permissions';
  return undefined;
}

export const userHooks: EntityHooks = {
  async authorize({ s, caller, stored }) {
    if (stored && !(await mayActOnAccount(s, caller, stored))) throw notAuthorized();
  },
  async validate({ s, caller, key, data, before }) {
    const errors: FieldError[] = [];
    // spec/001 section 6: an editor grants only permissions they hold (the product-staff admin, any).
    const had = new Set(Array.isArray(before?.permissions) ? (before.permissions as string[]) : []);
    const granted = Array.isArray(data.permissions) ? (data.permissions as string[]) : [];
    const p = caller.principal;
    if (!p.isAdmin && granted.some((perm) => !had.has(perm) && !p.permissions.has(perm))) {
      errors.push({ path: '/permissions', message: NOT_HELD });
    }
    if ((data['2fa_method'] ?? 'none') !== (before?.['2fa_method'] ?? 'none')) {
      errors.push({ path: '/2fa_method', message: METHOD_NOT_HERE });
    }
    // A secret is never answered, so a save that does not send one keeps the stored one (write-derive).
    if (before && data.authenticator_key !== before.authenticator_key) {
      errors.push({ path: '/authenticator_key', message: KEY_NOT_HERE });
    }
    if (!errors.length && before) {
      const path = lastManagerField(before, data);
      if (path && (await removesLastUserManager(s, caller.org.id, { collection: 'auth/users', key, data }))) {
        errors.push({ path, message: LAST_USER_MANAGER });
      }
    }
    return errors;
  },
  async extraOps({ s, caller, key, before, record }) {
    if (!before) return [];
    const path = lastManagerField(before, record.data);
    const held = path
      ? await lastUserManagerHeld(s, caller.org.id, { collection: 'auth/users', key, data: record.data }, () => {
          throw validationFailed([{ path, message: LAST_USER_MANAGER }]);
        })
      : [];
    // A changed e-mail: the links sent to the old address (an invitation, a forgot-password link)
    // sign in no more; whoever reads that mailbox is no longer the account's holder.
    const email = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
    if (email(before.email) !== email(record.data.email)) {
      held.push(...(await spendSingleUseKeysOps(s, caller.org.id, key)));
    }
    // An account that could sign in and no longer may (locked, blocked): its sessions end now,
    // not only while the lock lasts.
    if (!userMaySignIn({ ...record, data: before }) || userMaySignIn(record)) return held;
    return [...held, ...(await endSessionsOps(s, caller.org.id, key))];
  },
  async onDelete({ s, caller, record, request }) {
    // Deleted (by product staff), the account no longer manages users.
    const held = await lastUserManagerHeld(
      s,
      caller.org.id,
      { collection: 'auth/users', key: record.key, data: {} },
      () => {
        throw new ApiError(409, LAST_USER_MANAGER);
      },
    );
    // And it goes as delete_user takes it: what is theirs with it, their name out of others' records.
    return [...held, ...(await accountDeleteOps(s, caller, record, request))];
  },
};
