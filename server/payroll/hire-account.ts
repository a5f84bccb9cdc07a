/**
 * A hire's account. The invitation is what lets a new hire in (spec/001: "An employer invites new
 * hires"; a hire whose e-mail is an account's already is refused), so a new hire's commit makes the
 * account too: keyed as the hire (the pipeline finds a hire's account by that key), an employee of
 * the company with no password, allowed the modules onboarding uses. Each invitation carries a
 * single-use link, valid 7 days, that signs the hire in and asks for a password, as an account
 * invitation does (../auth/user-admin.ts). A cancelled hire's account signs in no more.
 */
import type { Caller } from '../auth/principal.ts';
import { mayActOnAccount } from '../auth/account-rights.ts';
import { singleUseOp } from '../auth/sign-in.ts';
import { INVITE_SECONDS } from '../auth/account-invitation.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { systemPut, systemUpdate } from '../data/system-write.ts';
import { claimOps } from '../data/unique.ts';
import { signInLink } from '../public-url.ts';
import type { Services } from '../services.ts';
import { VersionConflictError, type DataObject, type WriteOp } from '../storage/types.ts';
import type { Entity } from '../../engine/entity.ts';
import type { Event } from '../../types/generated/payroll/onboarding_user.ts';

/** What a hire may use: the onboarding forms (payroll) and the documents asked of them (HR). */
const HIRE_PERMISSIONS = ['PAYROLL:CanUseModule', 'HR:CanUseModule'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The employee ID of a hire's account: the hire's own, or, since the payroll provider's id is not
 * known before the hire is onboarded, the hire's own number.
 */
export function employeeIdOf(hireKey: string, hire: DataObject): string {
  return text(hire.employee_id) || hireKey.replaceAll('-', '');
}

/** The account of a new hire, its e-mail claim and the audit of both, for the hire's own commit. */
export function hireAccountOps(s: Services, caller: Caller, hireKey: string, hire: DataObject): WriteOp[] {
  const org = caller.org.id;
  const email = text(hire.email).toLowerCase();
  // Cut by characters, not UTF-16 units: an emoji is never split into half a character.
  const cut = (v: string) => Array.from(v).slice(0, 32).join('').trim();
  const name = cut(`${text(hire.first_name)} ${text(hire.last_name)}`.trim()) || cut(email);
  const p = caller.principal;
  const now = s.now();
  return [
    systemPut(
      s,
      'auth/users',
      org,
      hireKey,
      {
        email,
        display_name: name,
        status: 'active',
        // An editor grants only permissions they hold (spec/001 section 6), the inviter too.
        permissions: HIRE_PERMISSIONS.filter((perm) => p.isAdmin || p.permissions.has(perm)),
        is_employee: true,
        employee_id: employeeIdOf(hireKey, hire),
        cross_site_login_only: false,
        created_by: p.userKey,
        created_time: now,
      },
      p.userKey,
    ),
    ...claimOps(s, org, 'email', hireKey, email, undefined),
    ...claimOps(s, org, 'employee_id', hireKey, employeeIdOf(hireKey, hire).toLowerCase(), undefined),
    auditOp({
      org,
      actor: actorOf(caller),
      action: 'create',
      module: 'auth',
      type: 'users',
      key: hireKey,
      affectedUser: hireKey,
      fields: ['email', 'display_name', 'status', 'permissions', 'is_employee', 'employee_id'],
      outcome: 'made with the hire',
      now,
    }),
  ];
}

/** A single-use sign-in key for the hire's account and the link that redeems it. */
export function hireSignIn(s: Services, caller: Caller, userKey: string): { op: WriteOp; link: string } {
  const { op, key } = singleUseOp(s, caller.org.id, { key: userKey }, 'forgot_password', INVITE_SECONDS, {
    purpose: 'hire_invite',
    by: caller.principal.userKey,
  });
  return { op, link: signInLink(s.config, caller.org.hostname, userKey, key) };
}

/** One entry of a hire's history, typed from the schema (npm run gen:types). */
export type HireEvent = Event;

export function historyOf(hire: DataObject | undefined): HireEvent[] {
  return Array.isArray(hire?.activity_log) ? (hire.activity_log as HireEvent[]) : [];
}

/** The schema's bound on a hire's history: past it the oldest entries go, the first few kept (the account's making). */
const HISTORY_MAX = 1000;
const HISTORY_KEPT_FIRST = 10;

/** The history with `entries` added, within its bound. */
export function withHistory(hire: DataObject | undefined, ...entries: HireEvent[]): HireEvent[] {
  const all = [...historyOf(hire), ...entries];
  if (all.length <= HISTORY_MAX) return all;
  return [...all.slice(0, HISTORY_KEPT_FIRST), ...all.slice(all.length - (HISTORY_MAX - HISTORY_KEPT_FIRST))];
}

/** The history entry that says the hire made its account (the account is the hire's to block). */
export const ACCOUNT_MADE = 'account_made';
const BLOCKED = 'account_blocked';
const REOPENED = 'account_reopened';

/**
 * What cancelling a hire (or opening it again) does to its account: the account the hire made is
 * blocked, so whoever's hiring was called off signs in no more; opened again, an account this
 * hire blocked is active again. Never an account the hire did not make (an employee's own, a
 * manager's), one set inactive or blocked by someone else, or one the caller may not act on
 * (../auth/account-rights.ts): a hire is no way round the rules on accounts.
 */
export async function accountMoveOf(
  s: Services,
  caller: Caller,
  hireKey: string,
  before: DataObject,
  after: DataObject | undefined,
): Promise<'block' | 'reopen' | undefined> {
  const cancelled = after === undefined || after.status === 'cancelled';
  if (after !== undefined && (before.status === 'cancelled') === cancelled) return undefined;
  const history = historyOf(before);
  if (!history.some((e) => e.action === ACCOUNT_MADE)) return undefined;
  const account = await s.storage.get('auth/users', caller.org.id, hireKey);
  if (!account || !(await mayActOnAccount(s, caller, account))) return undefined;
  if (cancelled) return account.data.status === 'active' ? 'block' : undefined;
  const last = history.filter((e) => e.action === BLOCKED || e.action === REOPENED).at(-1);
  return account.data.status === 'blocked' && last?.action === BLOCKED ? 'reopen' : undefined;
}

/** The history entry of an account move, written with the hire. */
export function accountMoveEntry(caller: Caller, move: 'block' | 'reopen', now: number): HireEvent {
  return move === 'block'
    ? { time: now, user: caller.principal.userKey, action: BLOCKED, message: "The hire's account was blocked." }
    : { time: now, user: caller.principal.userKey, action: REOPENED, message: "The hire's account is active again." };
}

/** The account's change for a move, audited. */
export async function accountMoveOps(
  s: Services,
  caller: Caller,
  hireKey: string,
  move: 'block' | 'reopen',
): Promise<WriteOp[]> {
  const account = await s.storage.get('auth/users', caller.org.id, hireKey);
  if (!account) return [];
  return [
    systemUpdate(s, account, caller.principal.userKey, { status: move === 'block' ? 'blocked' : 'active' }),
    auditOp({
      org: caller.org.id,
      actor: actorOf(caller),
      action: 'update',
      module: 'auth',
      type: 'users',
      key: hireKey,
      affectedUser: hireKey,
      fields: ['status'],
      outcome: move === 'block' ? 'blocked: its hire was called off' : 'active: its hire was opened again',
      now: s.now(),
    }),
  ];
}

/**
 * A hire's status moved on by the server, as far as the hire got (the spec leaves the moves to the
 * product; docs/decisions.md): `invited` once the invitation went out, `started` once the hire saved
 * a form of the onboarding. Best effort after the write that caused it: a concurrent change of the
 * hire wins, and the move waits for the next occasion.
 */
export async function moveHire(
  s: Services,
  org: string,
  hireKey: string,
  from: readonly string[],
  to: 'invited' | 'started',
  entry?: { user: string; message: string },
): Promise<void> {
  const hire = await s.storage.get('payroll/onboarding_user', org, hireKey);
  if (!hire || !from.includes(String(hire.data.status ?? 'created'))) return;
  const changes: DataObject = { status: to };
  if (entry) changes.activity_log = withHistory(hire.data, { time: s.now(), action: to, ...entry });
  await s.storage.commit([systemUpdate(s, hire, entry?.user ?? 'system', changes)]).catch((e: unknown) => {
    if (!(e instanceof VersionConflictError)) throw e;
  });
}

/** After a form of the onboarding saved by its own employee: their hire, if any, is started. */
export async function hireStartedBy(
  s: Services,
  caller: Caller,
  entity: Entity,
  owner: string | undefined,
): Promise<void> {
  if (!entity.file['x-onboarding'] || !owner || owner !== caller.principal.userKey) return;
  await moveHire(s, caller.org.id, owner, ['created', 'invited'], 'started', {
    user: owner,
    message: `Started the onboarding forms (${String(entity.file.title ?? entity.type)}).`,
  });
}
