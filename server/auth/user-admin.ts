/**
 * Calls of the user form beyond the data API (spec/001 sections 2, 7 and 8), mounted at /auth/api:
 *
 * - `POST set_user_password {user_id, password, password2}`: the password mode; argon2id hash set by
 *   the server, the user's sessions ended. On the caller's own account, `current_password` too.
 * - `POST resend_user_invite_email {user_id}` and `POST get_cross_site_invite {user_id}`: an e-mail
 *   carrying a single-use sign-in key.
 *
 * These three need AUTH:CanManageUsers and an account the caller may act on (./account-rights.ts:
 * none holding a permission the caller lacks, never the product-staff admin's).
 * - `POST delete_user {user_id, confirm_name}`: the superuser delete across every record of the
 *   user, in one commit (the product-staff admin only).
 *
 * Each refuses a caller without the right with 403 before looking the user up, and answers 404 for
 * a user key that is not an account of the caller's company.
 */
import { Hono, type Context } from 'hono';
import { productStaffAdminKey } from '../../engine/access.ts';
import { actorOf } from '../data/audit.ts';
import { sendAccountInvitation, type InvitationKind } from './account-invitation.ts';
import { ApiError, badRequest, notAuthorized, notFound } from '../http/errors.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import { readJsonObject } from '../http/json-body.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import { mayActOnAccount } from './account-rights.ts';
import { isUuid, type Caller } from './principal.ts';
import { signedIn, type SignedInEnv } from './signed-in.ts';
import { deleteUser } from './user-delete.ts';
import { needsCurrentPassword, storeNewPassword } from './new-password.ts';

function userIdOf(body: Record<string, unknown>): string {
  const id = typeof body.user_id === 'string' ? body.user_id.toLowerCase() : '';
  if (!isUuid(id))
    throw badRequest('user_id must be a 36-character user key', [
      { path: '/user_id', message: 'Must be a 36-character user key' },
    ]);
  return id;
}

function mayManageUsers(caller: Caller): boolean {
  return caller.principal.isAdmin || caller.principal.permissions.has('AUTH:CanManageUsers');
}

async function accountOf(s: Services, caller: Caller, id: string): Promise<StoredRecord> {
  const user = await s.storage.get('auth/users', caller.org.id, id);
  if (!user) throw notFound();
  return user;
}

export function userAdminRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);

  app.post('/set_user_password', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    if (!mayManageUsers(caller)) throw notAuthorized();
    const user = await accountOf(s, caller, userIdOf(body));
    if (!(await mayActOnAccount(s, caller, user))) throw notAuthorized();
    // One's own password is changed as change_password does: knowing the current one.
    const own = user.key === caller.user.key;
    await storeNewPassword(s, c, caller, user.key, body, {
      checkCurrent: own && (await needsCurrentPassword(s, caller)),
    });
    return c.json({ message: 'Password set.' });
  });

  /** Sends an invitation carrying a single-use sign-in key: to choosing a password, or a partner's code. */
  const invite = (kind: InvitationKind) => async (c: Context<SignedInEnv>) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    if (!mayManageUsers(caller)) throw notAuthorized();
    const user = await accountOf(s, caller, userIdOf(body));
    // The invitation's key signs in as the account's holder.
    if (!(await mayActOnAccount(s, caller, user))) throw notAuthorized();
    if (user.data.status === 'blocked' || user.data.locked === true) {
      throw new ApiError(409, 'This account is blocked or locked; unblock it before inviting.');
    }
    const to = await sendAccountInvitation(s, c, caller.org, user, kind, {
      actor: actorOf(caller),
      org: caller.org.id,
    });
    return kind === 'invite'
      ? c.json({ message: 'User invite email resent.' })
      : c.json({ message: `User invite code sent to ${to}.`, email: to });
  };
  app.post('/resend_user_invite_email', auth, invite('invite'));
  app.post('/get_cross_site_invite', auth, invite('cross_site'));

  app.post('/delete_user', auth, async (c) => {
    const caller = c.var.caller;
    const body = await readJsonObject(c);
    if (!caller.principal.isAdmin) throw notAuthorized();
    const user = await accountOf(s, caller, userIdOf(body));
    if (user.key === caller.user.key || user.key === productStaffAdminKey(caller.org.id)) {
      throw new ApiError(409, 'The product-staff admin account cannot be deleted.');
    }
    if (typeof body.confirm_name !== 'string' || body.confirm_name.trim() !== String(user.data.display_name ?? '')) {
      throw badRequest('The name does not match', [
        { path: '/confirm_name', message: 'ERROR: Incorrect name entered. User NOT deleted.' },
      ]);
    }
    const removed = await deleteUser(s, caller, user, requestInfo(c));
    return c.json({ message: 'Success: User Deleted', removed });
  });

  return app;
}
