/**
 * The work of forgot_password, done after its answer (./routes.ts): a single-use sign-in key for
 * the account the name finds, queued in the outbox with the key and sent (../mail/outbox.ts). No account, a blocked one, a partner
 * account (cross_site_login_only) or a company's product-staff account (which has no password to
 * reset, ./impersonation.ts): nothing is sent. Nor within DFORM_RESEND_SECONDS of the last link to
 * the same person.
 */
import { getOrg } from '../orgs.ts';
import { SYSTEM, type Services } from '../services.ts';
import { VersionConflictError } from '../storage/types.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import { signInLink } from '../public-url.ts';
import { deliverQueued, queueOp } from '../mail/outbox.ts';
import { isUuid } from './principal.ts';
import { findUser, singleUseOp } from './sign-in.ts';
import { sudoOnlyAccount } from './impersonation.ts';
import { lastSent, sentMark, sentMarkOp } from './sent-marks.ts';

/** How long a forgot-password key works. */
const LIFETIME_SECONDS = 3600;

export async function mailSignInLink(s: Services, orgId: string, username: string): Promise<void> {
  const org = isUuid(orgId) ? await getOrg(s, orgId) : undefined;
  const user = org ? await findUser(s, org.id, username) : undefined;
  // A partner account (cross_site_login_only) has no password of use either: it signs in only
  // through the cross-site flow.
  if (!org || !user || user.data.status === 'blocked' || sudoOnlyAccount(org, user.key)) return;
  if (user.data.cross_site_login_only === true) return;
  // One link a person per DFORM_RESEND_SECONDS, however the name was written (the e-mail in any
  // case, the user key) and however many asked at once: the sign-in throttle counts names, so
  // without this one person could be sent a link for each name's budget.
  const mark = await sentMark(s, SYSTEM.signInLinkMarks, org.id, user.key);
  if (s.now() - lastSent(mark) < s.config.resendSeconds) return;
  const { op, key } = singleUseOp(s, org.id, user, 'forgot_password', LIFETIME_SECONDS);
  const link = signInLink(s.config, org.hostname, user.key, key);
  const mail = queueOp(s, org.id, {
    to: String(user.data.email),
    subject: `Sign in to ${org.name}`,
    text: `Use this link within an hour to sign in and choose a new password: ${link}\nIf you did not ask for it, ignore this message.`,
    html: `<p>Use <a href="${escapeHtml(link)}">this link</a> within an hour to sign in and choose a new password.</p>`,
  });
  try {
    await s.storage.commit([op, mail.op, sentMarkOp(s, SYSTEM.signInLinkMarks, org.id, user.key, mark)]);
  } catch (err) {
    // Another request sent this person a link meanwhile: that one is the link of this minute.
    if (err instanceof VersionConflictError) return;
    throw err;
  }
  await deliverQueued(s, mail.key);
}
