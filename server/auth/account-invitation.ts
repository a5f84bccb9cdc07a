/**
 * The e-mail that carries a single-use sign-in key to an account, whoever asks for it: the user
 * form's invites (./user-admin.ts: a company's own user manager) and a partner's request for a
 * sign-in code to a client company (./cross-site-request.ts). Both obey the same rules
 * (./invitations.ts): one invitation per account per DFORM_RESEND_SECONDS, the newest spends the
 * earlier links, the company's and the sender's budgets; the key, the mark, the audit record and
 * the queued message are committed together, so a key that is not stored is never sent.
 *
 * The callers decide who may ask; this module only sends, to the address on the account.
 */
import type { Context } from 'hono';
import { auditOp, type AuditActor } from '../data/audit.ts';
import { requestInfo } from '../http/context.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { deliverQueued, queueOp } from '../mail/outbox.ts';
import type { OrgInfo } from '../orgs.ts';
import { signInLink } from '../public-url.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import { invitationKeys, invitationMarkOp, spendInvitation, spentOps } from './invitations.ts';
import { singleUseOp } from './sign-in.ts';

/** How long an invitation's sign-in key works: a week for a new account, a day for a partner's code. */
export const INVITE_SECONDS = 7 * 24 * 3600;
export const CROSS_SITE_INVITE_SECONDS = 24 * 3600;

/** `invite`: a link to choosing a password; `cross_site`: a partner account's sign-in code. */
export type InvitationKind = 'invite' | 'cross_site';

/** Who asks for the invitation, as the key's metadata and the account's company's audit log name them. */
export interface InvitationSender {
  actor: AuditActor;
  /** The sender's own organization: the account's company, or a partner's home company. */
  org: string;
  /** More for the audit record (where a partner asked from); never a secret. */
  detail?: Record<string, unknown>;
}

/**
 * Sends `user` of `org` an invitation of `kind` and answers the address it went to. Refuses (409)
 * one asked for too soon after the last and (429) one past the budgets, writing nothing then.
 */
export async function sendAccountInvitation(
  s: Services,
  c: Context,
  org: OrgInfo,
  user: StoredRecord,
  kind: InvitationKind,
  sender: InvitationSender,
): Promise<string> {
  const earlier = await invitationKeys(s, org.id, user.key);
  const mark = await invitationMarkOp(s, org.id, user.key, {
    whom: 'account',
    wait: true,
    // An invitation sent before the marks: its key's time.
    since: Math.max(0, ...earlier.map((k) => k.meta.created_time)),
  });
  // The account's company pays for the message it sends; the sender's own budget is theirs there.
  await spendInvitation(s, org.id, sender.actor.key);
  const to = String(user.data.email ?? '');
  const lifetime = kind === 'invite' ? INVITE_SECONDS : CROSS_SITE_INVITE_SECONDS;
  const { op, key } = singleUseOp(s, org.id, user, 'forgot_password', lifetime, {
    purpose: kind,
    by: sender.actor.key,
    ...(sender.org === org.id ? {} : { from_org: sender.org }),
  });
  const link = signInLink(s.config, org.hostname, user.key, key);
  const mail = queueOp(
    s,
    org.id,
    invitationMessage(kind, org.name, String(user.data.display_name ?? ''), to, key, link),
  );
  await s.storage.commit([
    ...spentOps(org.id, earlier),
    mark,
    op,
    auditOp({
      org: org.id,
      actor: sender.actor,
      ...requestInfo(c),
      action: 'invite',
      module: 'auth',
      type: 'users',
      key: user.key,
      affectedUser: user.key,
      fields: [kind],
      detail: sender.detail,
      now: s.now(),
    }),
    mail.op,
  ]);
  await deliverQueued(s, mail.key);
  return to;
}

function invitationMessage(kind: InvitationKind, company: string, name: string, to: string, key: string, link: string) {
  return kind === 'invite'
    ? {
        to,
        subject: `${company}: your account invitation`,
        text: `Hello ${name},\nyou have an account with ${company}. Use this link within 7 days to sign in and choose your password: ${link}`,
        html: `<p>You have an account with ${escapeHtml(company)}. Use <a href="${escapeHtml(link)}">this link</a> within 7 days to sign in and choose your password.</p>`,
      }
    : {
        to,
        subject: `${company}: your sign-in code`,
        text: `Hello ${name},\nyour one-time sign-in code for ${company} is ${key} (valid 24 hours). Or use this link: ${link}`,
        html: `<p>Your one-time sign-in code for ${escapeHtml(company)} is <code>${escapeHtml(key)}</code> (valid 24 hours), or use <a href="${escapeHtml(link)}">this link</a>.</p>`,
      };
}
