/**
 * A hire's account. The invitation is what lets a new hire in (spec/001: "An employer invites new
 * hires"; a hire whose e-mail is an account's already is refused), so a new hire's commit makes the
 * account too: keyed as the hire (the pipeline finds a hire's account by that key), an employee of
 * the company with no password, allowed the modules onboarding uses. Each invitation carries a
 * single-use link, valid 7 days, that signs the hire in and asks for a password, as an account
 * invitation does (../auth/user-admin.ts). A cancelled hire's account signs in no more.
 */
import type { Caller } from '../auth/principal.ts';
import { singleUseOp } from '../auth/sign-in.ts';
import { INVITE_SECONDS } from '../auth/user-admin.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { systemPut, systemUpdate } from '../data/system-write.ts';
import { claimOps } from '../data/unique.ts';
import { signInLink } from '../public-url.ts';
import type { Services } from '../services.ts';
import { VersionConflictError, type DataObject, type WriteOp } from '../storage/types.ts';
import type { Entity } from '../../engine/entity.ts';

/** What a hire may use: the onboarding forms (payroll) and the documents asked of them (HR). */
const HIRE_PERMISSIONS = ['PAYROLL:CanUseModule', 'HR:CanUseModule'] as const;

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The account of a new hire, its e-mail claim and the audit of both, for the hire's own commit. */
export function hireAccountOps(s: Services, caller: Caller, hireKey: string, hire: DataObject): WriteOp[] {
  const org = caller.org.id;
  const email = text(hire.email).toLowerCase();
  const name = `${text(hire.first_name)} ${text(hire.last_name)}`.trim().slice(0, 32).trim() || email.slice(0, 32);
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
        // The payroll provider's id is not known before the hire is onboarded; the hire's own number stands in.
        employee_id: text(hire.employee_id) || hireKey.replaceAll('-', ''),
        cross_site_login_only: false,
        created_by: p.userKey,
        created_time: now,
      },
      p.userKey,
    ),
    ...claimOps(s, org, 'email', hireKey, email, undefined),
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

/**
 * A hire cancelled: the account made with it (keyed as the hire) is blocked, so the person whose
 * hiring was called off signs in no more (its sessions end at their next request); the hire opened
 * again: the account is active again. Only a blocked account is reopened: one an administrator set
 * otherwise keeps that.
 */
export async function hireAccountStatusOps(
  s: Services,
  caller: Caller,
  hireKey: string,
  before: DataObject,
  after: DataObject,
): Promise<WriteOp[]> {
  const cancelled = after.status === 'cancelled';
  if ((before.status === 'cancelled') === cancelled) return [];
  const account = await s.storage.get('auth/users', caller.org.id, hireKey);
  if (!account) return [];
  const status = cancelled ? 'blocked' : 'active';
  if (account.data.status === status || (!cancelled && account.data.status !== 'blocked')) return [];
  return [
    systemUpdate(s, account, caller.principal.userKey, { status }),
    auditOp({
      org: caller.org.id,
      actor: actorOf(caller),
      action: 'update',
      module: 'auth',
      type: 'users',
      key: hireKey,
      affectedUser: hireKey,
      fields: ['status'],
      outcome: cancelled ? 'blocked: the hire was cancelled' : 'active: the hire was opened again',
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
  const log = Array.isArray(hire.data.activity_log) ? hire.data.activity_log : [];
  const changes: DataObject = { status: to };
  if (entry) changes.activity_log = [...log, { time: s.now(), action: to, ...entry }];
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
