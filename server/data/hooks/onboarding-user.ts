/**
 * Hires (payroll/onboarding_user, spec/001 sections 2 to 5): a new hire whose e-mail already
 * belongs to an account of the company is refused (409, nothing written); otherwise the hire is
 * stored with an "invited" entry in its activity log, its account (../../payroll/hire-account.ts)
 * and the invitation, carrying a single-use sign-in link, queued in the outbox in the same commit
 * (../../mail/outbox.ts), then sent. A failed send is recorded on the hire (status error
 * and an activity entry) and the message taken out of the outbox in that commit, so the history
 * never claims more or less than happened: the invitation is sent again by hand.
 */
import { ApiError } from '../../http/errors.ts';
import { escapeHtml } from '../../mail/escape-html.ts';
import { deliverQueued, dropOp, queueOp } from '../../mail/outbox.ts';
import { companyUrl, type PublicSite } from '../../public-url.ts';
import type { Caller } from '../../auth/principal.ts';
import { earlierInvitationOps, invitationMarkOp, spendInvitation } from '../../auth/invitations.ts';
import type { Services } from '../../services.ts';
import type { DataObject, StoredRecord } from '../../storage/types.ts';
import { actorOf, auditOp } from '../audit.ts';
import type { EntityHooks } from '../hooks.ts';
import { claimOwner } from '../unique.ts';
import { fieldMessage } from '../../../engine/messages.ts';
import type { JsonSchema } from '../../../engine/entity.ts';
import type { Event } from '../../../types/generated/payroll/onboarding_user.ts';
import {
  ACCOUNT_MADE,
  accountMoveEntry,
  accountMoveOf,
  accountMoveOps,
  hireAccountOps,
  hireSignIn,
  historyOf,
  withHistory,
} from '../../payroll/hire-account.ts';
import { checkHireMove, checkPayChange, reopenedStatus } from '../../payroll/hire-moves.ts';
import { EMPLOYER_STEPS } from '../../../engine/hire-steps.ts';

/** One entry of a hire's history, typed from the schema (npm run gen:types). */
type ActivityEntry = Event;

const EMAIL_KEPT =
  "The hire's account was made with this e-mail and keeps it: to invite another address, cancel this hire and invite that address.";

function emailOf(data: DataObject): string {
  return typeof data.email === 'string' ? data.email.toLowerCase() : '';
}

function entry(caller: Caller, now: number, action: string, message: string, to: string): ActivityEntry {
  return { time: now, user: caller.principal.userKey, action, message, to };
}

/** What the history says of each status the employer moves a hire to (engine/hire-steps.ts). */
const STEP_MESSAGES: Record<string, string> = {
  ...Object.fromEntries(Object.entries(EMPLOYER_STEPS).map(([to, step]) => [to, step.done])),
  cancelled: 'Hire cancelled.',
};

/** The history entry of an employer's move of the hire, when the save moved it. */
function stepEntry(caller: Caller, now: number, before: DataObject, data: DataObject): ActivityEntry | undefined {
  const to = String(data.status ?? 'created');
  if (to === String(before.status ?? 'created')) return undefined;
  if (before.status === 'cancelled') {
    return { time: now, user: caller.principal.userKey, action: 'opened_again', message: 'Hire opened again.' };
  }
  if (!STEP_MESSAGES[to]) return undefined;
  return { time: now, user: caller.principal.userKey, action: to, message: STEP_MESSAGES[to] };
}

/** The invitation a new hire receives: who invites them, the link that lets them in, whom to ask. */
export function invitation(
  publicSite: PublicSite,
  caller: Caller,
  data: DataObject,
  /** A single-use sign-in link for the hire's account; without one, the company's sign-in page. */
  link: string | undefined,
): { subject: string; text: string; html: string } {
  const org = caller.org;
  const first = typeof data.first_name === 'string' ? data.first_name : '';
  const contact = (data.onboarding_contact ?? {}) as { name?: string; email?: string };
  const site = companyUrl(publicSite, org.hostname, '/login');
  const ask = contact.name ? `\nQuestions? Ask ${contact.name}${contact.email ? ` (${contact.email})` : ''}.` : '';
  const way = link
    ? {
        text: `Use this link within 7 days to sign in and choose your password: ${link}\nAfterwards, sign in at ${site}.`,
        html:
          `Use <a href="${escapeHtml(link)}">this link</a> within 7 days to sign in and choose your password.</p>` +
          `<p>Afterwards, sign in at ${escapeHtml(site)}.`,
      }
    : {
        text: `Sign in at ${site}.`,
        html: `Sign in at <a href="${escapeHtml(site)}">${escapeHtml(site)}</a>.`,
      };
  return {
    subject: `${org.name}: your onboarding invitation`,
    text: `Hello ${first},\n${org.name} invites you to complete your new-hire onboarding forms online. ${way.text}${ask}`,
    html:
      `<p>Hello ${escapeHtml(first)},</p><p>${escapeHtml(org.name)} invites you to complete your new-hire onboarding ` +
      `forms online. ${way.html}</p>` +
      (ask ? `<p>${escapeHtml(ask.trim())}</p>` : ''),
  };
}

/** The outbox key of a hire's invitation: the commit that queues it and the delivery after it agree on it. */
function invitationKey(record: { key: string }): string {
  return `hire-invitation-${record.key}`;
}

/** Records a failed send on the hire: status error and an activity entry, audited; the message is dropped. */
async function recordFailure(
  s: Services,
  caller: Caller,
  record: StoredRecord,
  to: string,
  outboxKey = invitationKey(record),
): Promise<void> {
  const now = s.now();
  const failed = entry(caller, now, 'invite_failed', `The invitation to ${to} could not be sent.`, to);
  await s.storage.commit([
    {
      op: 'put',
      expectVersion: record.meta.version,
      record: {
        ...record,
        data: { ...record.data, status: 'error', activity_log: withHistory(record.data, failed) },
        meta: { ...record.meta, updated_by: 'system', updated_time: now, version: record.meta.version + 1 },
      },
    },
    auditOp({
      org: record.org,
      actor: undefined,
      action: 'update',
      module: 'payroll',
      type: 'onboarding_user',
      key: record.key,
      fields: ['activity_log', 'status'],
      now,
    }),
    dropOp(outboxKey),
  ]);
}

/**
 * Sends a hire's invitation again (the pipeline's Resend invitation), to a hire not complete or
 * cancelled: a history entry says so, a hire whose send had failed (`error`) is back where a new
 * hire starts (`created`), and the message is queued in that commit, then sent; a failed send is
 * recorded as on the first one. Its sign-in link goes to the e-mail of the account it opens, never
 * to an address only the hire record holds (which whoever may edit the hire may change): a hire
 * without an account gets one, unless its e-mail is another account's, when the message carries
 * no link. Answers the address it went to.
 */
export async function resendInvitation(s: Services, caller: Caller, hire: StoredRecord): Promise<string> {
  if (hire.data.status === 'complete' || hire.data.status === 'cancelled') {
    throw new ApiError(409, `This hire is ${String(hire.data.status)}: there is no invitation to send.`);
  }
  const now = s.now();
  // A resend is for a message lost, not a way to fill a mailbox with live sign-in links. A send
  // that failed reached no mailbox: a hire in `error` may be invited again at once.
  const mark = await invitationMarkOp(s, caller.org.id, hire.key, {
    whom: 'hire',
    wait: hire.data.status !== 'error',
    since: historyOf(hire.data).findLast((e) => e.action === 'invited')?.time ?? 0,
  });
  const account = await s.storage.get('auth/users', caller.org.id, hire.key);
  if (account && (account.data.status === 'blocked' || account.data.locked === true)) {
    throw new ApiError(409, "This hire's account is blocked or locked; unblock it before inviting.");
  }
  const to = account ? String(account.data.email ?? '') : emailOf(hire.data);
  if (!to) throw new ApiError(409, 'This hire has no e-mail address to send the invitation to.');
  const taken = account ? undefined : await claimOwner(s, caller.org.id, 'email', to);
  const made = account || taken ? [] : hireAccountOps(s, caller, hire.key, hire.data);
  const signIn = taken ? undefined : hireSignIn(s, caller, hire.key);
  const spent = account ? await earlierInvitationOps(s, caller.org.id, hire.key) : [];
  await spendInvitation(s, caller.org.id, caller.user.key);
  const version = hire.meta.version + 1;
  const again = entry(caller, now, 'invited', `Invitation sent again to ${to}.`, to);
  const record: StoredRecord = {
    ...hire,
    data: {
      ...hire.data,
      // Invited in the commit that queues the message, as a new hire is (below).
      ...(hire.data.status === 'error' || hire.data.status === 'created' ? { status: 'invited' } : {}),
      activity_log: withHistory(
        hire.data,
        ...(made.length ? [entry(caller, now, ACCOUNT_MADE, `Account made for ${to}.`, to)] : []),
        again,
      ),
    },
    meta: { ...hire.meta, updated_by: caller.principal.userKey, updated_time: now, version },
  };
  // One outbox message per send: the first's key stays the first's.
  const outboxKey = `${invitationKey(hire)}-${version}`;
  await s.storage.commit([
    { op: 'put', expectVersion: hire.meta.version, record },
    auditOp({
      org: hire.org,
      actor: actorOf(caller),
      action: 'invite',
      module: 'payroll',
      type: 'onboarding_user',
      key: hire.key,
      fields: ['activity_log', 'status'],
      now,
    }),
    ...made,
    ...spent,
    mark,
    ...(signIn ? [signIn.op] : []),
    queueOp(s, caller.org.id, { to, ...invitation(s.config, caller, hire.data, signIn?.link) }, outboxKey).op,
  ]);
  if (!(await deliverQueued(s, outboxKey))) {
    s.log('error', 'hire invitation not sent', { key: hire.key });
    await recordFailure(s, caller, record, to, outboxKey);
  }
  return to;
}

export const onboardingUserHooks: EntityHooks = {
  async validate({ s, caller, key, data, before }) {
    if (before) {
      // The status moves as the employer's steps allow (docs/decisions.md, "A hire's status").
      await checkHireMove(s, caller, key, before, data);
      checkPayChange(caller, before, data);
      // The invitation's link goes to the account's e-mail, which a hire's editor may not change.
      const moved = emailOf(data) !== emailOf(before);
      return moved && (await s.storage.get('auth/users', caller.org.id, key))
        ? [{ path: '/email', message: EMAIL_KEPT }]
        : [];
    }
    // The invitation makes an account: its e-mail and employee ID are refused as the accounts' own
    // x-unique refuses them.
    const users = s.catalogue.registry.require('auth', 'users').file as unknown as JsonSchema;
    for (const [field, value] of [
      ['email', emailOf(data)],
      ['employee_id', typeof data.employee_id === 'string' ? data.employee_id.trim().toLowerCase() : ''],
    ] as const) {
      if (value && (await claimOwner(s, caller.org.id, field, value))) {
        const exists = fieldMessage(users, field, 'unique');
        throw new ApiError(409, exists, [{ path: `/${field}`, message: exists }]);
      }
    }
    return [];
  },
  async amend({ s, caller, key, data, before }) {
    const now = s.now();
    if (before) {
      // Opened again, the hire is where its onboarding is (server/payroll/hire-moves.ts).
      if (before.status === 'cancelled' && data.status === 'created') {
        data = { ...data, status: await reopenedStatus(s, caller, key, data) };
      }
      // The employer's step in the history, then what it did to the account (extraOps reads the last entry).
      const step = stepEntry(caller, now, before, data);
      const move = await accountMoveOf(s, caller, key, before, data);
      const entries = [...(step ? [step] : []), ...(move ? [accountMoveEntry(caller, move, now)] : [])];
      return entries.length ? { ...data, activity_log: withHistory(data, ...entries) } : data;
    }
    const to = emailOf(data);
    return {
      ...data,
      // Invited in the commit that queues the invitation, as its history says: the outbox sends it
      // at least once from there, whatever happens to this process (moved after the send, a crash
      // between the two left the hire "created" with its invitation sent). A send that fails at
      // once moves it to "error" (afterCommit).
      status: 'invited',
      // The approval list asks who invited the hire: whoever did, unless they named someone else.
      invited_by: typeof data.invited_by === 'string' && data.invited_by ? data.invited_by : caller.principal.userKey,
      activity_log: withHistory(
        data,
        entry(caller, now, ACCOUNT_MADE, `Account made for ${to}.`, to),
        entry(caller, now, 'invited', `Invitation sent to ${to}.`, to),
      ),
    };
  },
  async extraOps({ s, caller, data, before, record }) {
    if (before) {
      // The move amend wrote into the history, made on the account in the same commit.
      const last = historyOf(data).at(-1);
      const fresh = last && last.time === s.now() && historyOf(before).at(-1) !== last ? last : undefined;
      const move =
        fresh?.action === 'account_blocked' ? 'block' : fresh?.action === 'account_reopened' ? 'reopen' : undefined;
      return move ? accountMoveOps(s, caller, record.key, move) : [];
    }
    await spendInvitation(s, caller.org.id, caller.user.key);
    const to = emailOf(data);
    const signIn = hireSignIn(s, caller, record.key);
    return [
      ...hireAccountOps(s, caller, record.key, data),
      signIn.op,
      await invitationMarkOp(s, caller.org.id, record.key, { whom: 'hire', wait: false }),
      queueOp(s, caller.org.id, { to, ...invitation(s.config, caller, data, signIn.link) }, invitationKey(record)).op,
    ];
  },
  // A hire deleted is called off too: the account it made signs in no more.
  async onDelete({ s, caller, record }) {
    const move = await accountMoveOf(s, caller, record.key, record.data, undefined);
    return move ? accountMoveOps(s, caller, record.key, move) : [];
  },
  async afterCommit({ s, caller, data, before, record }) {
    if (before) return;
    // The outbox logged why (without the address).
    if (await deliverQueued(s, invitationKey(record))) return;
    s.log('error', 'hire invitation not sent', { key: record.key });
    await recordFailure(s, caller, record, emailOf(data));
  },
};
