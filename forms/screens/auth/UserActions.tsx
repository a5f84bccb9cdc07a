/**
 * The user screen's header actions (spec/001 sections 2, 7 and 8), each shown only to whom the
 * server will allow it: Set password (the password mode), Reset two-factor and the invites with
 * AUTH:CanManageUsers, Audit Log with AUTH:CanViewAuditLogs, Delete for the product-staff admin.
 */
import { useState } from 'react';
import { isFailure } from '../../../renderers/api/failure.ts';
import type { ScreenContext } from '../../../renderers/contract/forms-registry.ts';
import { holds, isProductStaffAdmin } from '../session-rights.ts';
import { UserPasswordDialog } from './UserPasswordDialog.tsx';
import { UserGroupActions } from './GroupHelperActions.tsx';

export const INVITE_FAILED = 'Error. Please try again or contact your administrator.';

/**
 * The spec's failure message; a refusal that says why (sent too soon, too many, a blocked account)
 * says only that: "try again or contact your administrator" would contradict "wait", and the
 * reader is the administrator.
 */
const inviteFailed = (e: unknown) => (isFailure(e, 409) || isFailure(e, 429) ? e.message : INVITE_FAILED);
export const DELETED = 'Success: User Deleted';
export const DELETE_FAILED = 'ERROR: Failed to delete user';
export const WRONG_NAME = 'ERROR: Incorrect name entered. User NOT deleted.';
export const TWO_FACTOR_RESET = 'Two-factor sign-in reset: the user signs in with the password and sets it up again.';
export const TWO_FACTOR_RESET_FAILED = 'Two-factor sign-in was not reset.';

/** The named route auth_audit_log: /auth/new_user/{userId}/audit_log?name=… */
export function auditLogPath(userId: string, name: string): string {
  return `/auth/new_user/${encodeURIComponent(userId)}/audit_log?name=${encodeURIComponent(name)}`;
}

export function UserActions(ctx: ScreenContext) {
  const [passwordMode, setPasswordMode] = useState(false);
  const [busy, setBusy] = useState(false);
  const { record, session, client, notify, dialogs } = ctx;
  if (!record || ctx.isNew) return null;
  const name = String(record.data.display_name ?? '');
  const manage = holds(session, 'AUTH:CanManageUsers');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const resend = () =>
    run(async () => {
      try {
        await client.resendUserInvite(record.key);
        notify({ type: 'positive', message: 'User invite email resent.' });
      } catch (e) {
        notify({ type: 'negative', message: inviteFailed(e) });
      }
    });

  const crossSite = () =>
    run(async () => {
      try {
        const r = await client.crossSiteInvite(record.key);
        notify({
          type: 'positive',
          message: r.email ? `User invite code sent to ${r.email}.` : 'User invite code sent.',
        });
      } catch (e) {
        notify({ type: 'negative', message: inviteFailed(e) });
      }
    });

  const resetTwoFactor = () =>
    run(async () => {
      const sure = await dialogs.confirm(
        `Reset ${name}'s two-factor sign-in? Their authenticator app and recovery codes stop working; they sign in with the password alone until they set it up again.`,
        { title: 'Reset two-factor', accept: 'Reset', danger: true },
      );
      if (!sure) return;
      try {
        await client.resetTwoFactor(record.key);
        notify({ type: 'positive', message: TWO_FACTOR_RESET });
      } catch (e) {
        notify({ type: 'negative', message: isFailure(e, 403) ? 'Not authorized.' : TWO_FACTOR_RESET_FAILED });
      }
    });

  const remove = () =>
    run(async () => {
      const sure = await dialogs.confirm(
        `Delete ${name} and every record of this user (employee, basic info, emergency contacts, I-9, W-4, state W-4, payment information, hire, their documents and files, time off, channel places and notifications), and take them out of the records that name them? This cannot be undone.`,
        { title: 'Delete user', accept: 'Delete', danger: true },
      );
      if (!sure) return;
      const typed = await dialogs.prompt(`Type the user's name (${name}) to confirm.`, {
        title: 'Delete user',
        label: 'Name',
        accept: 'Delete',
        danger: true,
      });
      if (typed === undefined) return;
      if (typed.trim() !== name) {
        notify({ type: 'negative', message: WRONG_NAME });
        return;
      }
      try {
        await client.deleteUser(record.key, typed.trim());
        notify({ type: 'positive', message: DELETED });
        ctx.navigate('/auth/users/list');
      } catch (e) {
        // A refusal for a rule (an I-9 or pay statements still to keep) says which: the reader is
        // the one who can act on it.
        notify({ type: 'negative', message: isFailure(e, 409) ? `${DELETE_FAILED}: ${e.message}` : DELETE_FAILED });
      }
    });

  return (
    <>
      <UserGroupActions {...ctx} />
      {manage && (
        <button
          type="button"
          className="btn"
          // One's own password is changed knowing the current one (the server asks for it too).
          onClick={() => (record.key === session?.user.key ? ctx.navigate('/change-password') : setPasswordMode(true))}
        >
          Set password
        </button>
      )}
      {manage && (
        <button type="button" className="btn" disabled={busy} onClick={() => void resetTwoFactor()}>
          Reset two-factor
        </button>
      )}
      {holds(session, 'AUTH:CanViewAuditLogs') && (
        <button type="button" className="btn" onClick={() => ctx.navigate(auditLogPath(record.key, name))}>
          Audit Log
        </button>
      )}
      {manage && (
        <button type="button" className="btn" disabled={busy} onClick={() => void resend()}>
          Send invite
        </button>
      )}
      {manage && (
        <button type="button" className="btn" disabled={busy} onClick={() => void crossSite()}>
          Send cross-site invite
        </button>
      )}
      {isProductStaffAdmin(session) && (
        <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void remove()}>
          Delete
        </button>
      )}
      <UserPasswordDialog
        open={passwordMode}
        userId={record.key}
        name={name}
        policy={{
          minLength: session?.organization.data.password_min_length as number | undefined,
          personal: [record.data.email, name],
        }}
        client={client}
        notify={notify}
        onClose={() => setPasswordMode(false)}
      />
    </>
  );
}
