/**
 * The superuser delete (spec/001 section 7): a user removed across employee, basic info,
 * emergency contacts, I-9, W-4, state W-4, payment information, onboarding user (hires with the
 * account's e-mail), the user's employee documents, the confidential documents about them, the
 * copies of their I-9 documents, their stored files (storage/files) with those files' shares, and
 * the account itself, with what hangs off the account (its e-mail claim, sessions, refresh tokens,
 * two-factor state, unused single-use keys, group and file-group memberships). The ops
 * form one commit; each removed record gets its own audit entry. An account whose Form I-9 is still
 * within its retention period is not deleted (409 with the I-9's own rule, as deleting the I-9
 * itself answers); so is one whose pay statements payroll must still keep (payStatementsRefusal).
 * What else is theirs goes too (their PTO, their COMMS places and notifications, the secure files
 * sent to them: USER_OWNED_TYPES), and the records of others that name them name them no more
 * (./user-delete-references.ts). The files of the removed records go with them: their references
 * in the same commit, their bytes right after (deleteUser).
 */
import { epochToUs } from '../../engine/masks.ts';
import { actorOf, auditOp } from '../data/audit.ts';
import { commitReleasing } from '../files/references.ts';
import { claimKey } from '../data/unique.ts';
import { CHANNEL_MEMBERS } from '../data/channel-reach.ts';
import { membershipReleaseOp } from '../data/hooks/comms.ts';
import { referenceOps } from './user-delete-references.ts';
import { decryptedData } from '../data/records.ts';
import { fieldFacts } from '../data/fields.ts';
import { retentionRefusal } from '../data/hooks/i9.ts';
import { ApiError } from '../http/errors.ts';
import { SYSTEM, type Services } from '../services.ts';
import { VersionConflictError, type StoredRecord, type WriteOp } from '../storage/types.ts';
import type { Caller } from './principal.ts';
import { SINGLE_USE } from './sign-in.ts';
import { forgetEpochOps, sessionsOf } from './sessions.ts';
import { signInState } from './sign-in-state.ts';
import { LAST_USER_MANAGER, lastUserManagerHeld } from './user-managers.ts';

/** The payroll records keyed by the user key that go with the account. */
export const USER_KEYED_TYPES = [
  'payroll/employee',
  'payroll/basic_info',
  'payroll/emergency_contacts',
  'payroll/i9',
  'payroll/w4',
  'payroll/employee_payment_information',
  // Their Form W-9 (a taxpayer ID), keyed by the user key as the W-4 is.
  'payroll/w9',
  // Their PTO enrolment (plans, approver, team), keyed by the user key too.
  'time/pto_employee',
] as const;

/** Records that name the user as their owner (x-owner) and go with the account. */
export const USER_OWNED_TYPES = [
  { id: 'hr/employee_documents', owner: 'employee_id' },
  // One state withholding certificate per state (../payroll/certificates.ts).
  { id: 'payroll/state_w4', owner: '_user_uuid' },
  // About the user though not theirs to see: they go with the account all the same.
  { id: 'hr/confidential_employee_documents', owner: 'employee_id' },
  { id: 'payroll/i9_document_copies', owner: 'employee_id' },
  // The files they keep in the storage module (their shares go with each: below).
  { id: 'storage/files', owner: 'owner_id' },
  // Files sent to them securely, and their requests to share their documents.
  { id: 'hr/secure_files', owner: 'owner_id' },
  { id: 'hr/share_request', owner: 'employee_id' },
  // Their PTO: the ledger, the balances it keeps and their requests.
  { id: 'time/pto_register', owner: 'user_id' },
  { id: 'time/pto_balance', owner: 'user_id' },
  { id: 'time/pto_request', owner: 'user_id' },
  // Their place in COMMS: memberships (their claims released below), requests and invitations to
  // join, the notifications delivered to them, their profile and their delivery preferences.
  { id: 'comms/channel_members', owner: 'user_id' },
  { id: 'comms/membership_requests', owner: 'user_id' },
  { id: 'comms/user_notifications', owner: 'recipient_id' },
  { id: 'comms/comms_profiles', owner: 'user_id' },
  { id: 'comms/notification_prefs', owner: 'user_id' },
  // Their pay statements, once payroll need no longer keep them (payStatementsRefusal).
  { id: 'payroll/paystubs', owner: 'employee_id' },
  // Approvals of their changed payroll records, waiting for them or an administrator.
  { id: 'payroll/approvals', owner: 'employee' },
  // Their own settings, and their links to accounts in client companies (cross-site login).
  { id: 'auth/user_options', owner: 'user_id' },
  { id: 'auth/cross_org_accounts', owner: 'user_id' },
] as const;

/** Payroll records are kept 4 years (the IRS's period for employment tax records; FLSA's is 3). */
const PAY_RECORD_YEARS = 4;

/**
 * Why the user's pay statements keep the account, or undefined: payroll keeps them until 4 years
 * after the last pay date, and a statement without its employee would name nobody.
 */
async function payStatementsRefusal(s: Services, org: string, user: string): Promise<string | undefined> {
  const latest = (
    await s.storage.find('payroll/paystubs', org, {
      criteria: [{ field: 'employee_id', is: '=', value: user }],
      sort: [{ field: 'pay_date', dir: 'desc' }],
      limit: 1,
      offset: 0,
    })
  ).items[0];
  const paid = latest?.data.pay_date;
  if (typeof paid !== 'number') return undefined;
  const until = new Date(paid * 1000);
  until.setUTCFullYear(until.getUTCFullYear() + PAY_RECORD_YEARS);
  const untilSeconds = Math.floor(until.getTime() / 1000);
  if (s.now() >= untilSeconds) return undefined;
  return `Pay statements are kept until ${epochToUs(untilSeconds)} (${PAY_RECORD_YEARS} years after the last pay date).`;
}

/** File groups (storage/fgroups) list their people in these fields; a deleted user leaves them. */
const FILE_GROUP_PEOPLE = ['group_members', 'group_admins'] as const;

/** Deletes the user in one commit, then the bytes of the files nobody else holds. */
export async function deleteUser(
  s: Services,
  caller: Caller,
  user: StoredRecord,
  request: { browser?: string; address?: string },
): Promise<string[]> {
  // The delete changes records of others (a team's approvers, a channel): a colleague saving one
  // between its reads and its commit makes it read again and try anew, as a data write does.
  for (let attempt = 1; ; attempt++) {
    const current = attempt === 1 ? user : await s.storage.get(user.collection, caller.org.id, user.key);
    if (!current) throw new ApiError(404, 'Not found');
    const { ops, removed, doomed } = await userDeletionOps(s, caller, current, request);
    const withFiles = doomed.flatMap((r) => {
      const [module, type] = r.collection.split('/');
      const entity = s.catalogue.registry.resolve(module, type)?.entity;
      return entity ? [{ entity, key: r.key }] : [];
    });
    try {
      await commitReleasing(s, caller.org.id, withFiles, ops);
      return removed;
    } catch (e) {
      if (!(e instanceof VersionConflictError) || attempt >= RACE_TRIES) throw e;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

/**
 * The data API's delete of an account (API.md's generic delete, product staff) is the same delete
 * as delete_user, but for the re-typed name: the ops for what goes with the account and the records
 * naming it, written in the account's own delete commit (its onDelete hook), whose files that
 * commit releases (../data/write-commit.ts). Its refusals (an I-9 or pay statements to keep) are
 * the same 409s.
 */
export async function accountDeleteOps(
  s: Services,
  caller: Caller,
  user: StoredRecord,
  request: { browser?: string; address?: string },
): Promise<WriteOp[]> {
  return (await userDeletionOps(s, caller, user, request, false)).ops;
}

/** How many times a delete met by others' saves is tried. */
const RACE_TRIES = 5;

/**
 * The ops of a user's delete. `account` false: what goes with the account and the references to it,
 * without the account's own delete, audit entry, unique claims and last-user-manager check, which
 * the data API's delete of the account writes itself (../data/hooks/users.ts).
 */
async function userDeletionOps(
  s: Services,
  caller: Caller,
  user: StoredRecord,
  request: { browser?: string; address?: string },
  account = true,
): Promise<{ ops: WriteOp[]; removed: string[]; doomed: StoredRecord[] }> {
  const org = caller.org.id;
  const now = s.now();
  const email = String(user.data.email ?? '').toLowerCase();
  const doomed: StoredRecord[] = [];
  for (const type of USER_KEYED_TYPES) {
    const r = await s.storage.get(type, org, user.key);
    if (r) doomed.push(r);
  }
  const i9 = doomed.find((r) => r.collection === 'payroll/i9');
  const refusal = i9 && (await retentionRefusal(s, org, user.key, i9.data));
  if (refusal)
    throw new ApiError(409, `The user's Form I-9 must be kept, so the user cannot be deleted yet. ${refusal}`);
  const payRefusal = await payStatementsRefusal(s, org, user.key);
  if (payRefusal)
    throw new ApiError(409, `The user's pay statements must be kept, so the user cannot be deleted yet. ${payRefusal}`);
  // The company keeps an account that manages users (docs/security.md), as the data API's delete
  // of an account keeps it; the checks go first, before this commit changes the groups they hold.
  const held = account
    ? await lastUserManagerHeld(s, org, { collection: 'auth/users', key: user.key, data: {} }, () => {
        throw new ApiError(409, LAST_USER_MANAGER);
      })
    : [];
  if (email) {
    doomed.push(
      ...(
        await s.storage.find('payroll/onboarding_user', org, {
          criteria: [{ field: 'email', is: '=', value: email }],
          limit: 500,
          offset: 0,
        })
      ).items,
    );
  }
  for (const { id, owner } of USER_OWNED_TYPES) {
    doomed.push(
      ...(
        await s.storage.find(id, org, {
          criteria: [{ field: owner, is: '=', value: user.key }],
          limit: Infinity,
          offset: 0,
        })
      ).items,
    );
  }
  // A file's shares say what it gives to whom: with the file gone they give nothing, and go too.
  for (const file of doomed.filter((r) => r.collection === 'storage/files')) {
    doomed.push(
      ...(
        await s.storage.find('storage/shares', org, {
          criteria: [{ field: 'file_key', is: '=', value: file.key }],
          limit: Infinity,
          offset: 0,
        })
      ).items,
    );
  }
  if (account) doomed.push(user);

  const ops: WriteOp[] = [...held];
  for (const r of doomed) {
    const [module, type] = r.collection.split('/');
    ops.push(
      { op: 'delete', collection: r.collection, org, key: r.key, expectVersion: r.meta.version },
      auditOp({
        org,
        actor: actorOf(caller),
        action: 'delete',
        module,
        type,
        key: r.key,
        affectedUser: user.key,
        fields: ['superuser_delete'],
        ...request,
        now,
      }),
    );
  }
  // Its claims on its e-mail and employee ID: another account may hold them now.
  const employeeId = typeof user.data.employee_id === 'string' ? user.data.employee_id.trim().toLowerCase() : '';
  for (const [scope, value] of account
    ? ([
        ['email', email],
        ['employee_id', employeeId],
      ] as const)
    : []) {
    const claim = value ? claimKey(s, org, scope, value) : undefined;
    if (claim && (await s.storage.get(SYSTEM.unique, org, claim))) {
      ops.push({ op: 'delete', collection: SYSTEM.unique, org, key: claim });
    }
  }
  // The claims of the records going with it (a hire's e-mail and SSN), where that record holds them.
  for (const r of doomed) {
    if (r === user) continue;
    const [module, type] = r.collection.split('/');
    const entity = s.catalogue.registry.resolve(module, type)?.entity;
    const unique = entity ? fieldFacts(s.catalogue, entity).unique : [];
    if (!entity || !unique.length) continue;
    const data = decryptedData(s, entity, r);
    for (const u of unique) {
      const value = data[u.field];
      if (typeof value !== 'string' || !value) continue;
      const claim = claimKey(s, org, u.scope, value);
      const held = await s.storage.get(SYSTEM.unique, org, claim);
      if (held && held.data.owner === r.key && !ops.some((op) => op.op === 'delete' && op.key === claim)) {
        ops.push({ op: 'delete', collection: SYSTEM.unique, org, key: claim });
      }
    }
  }
  // Every one of them: a session of a deleted account is refused anyway, its record is not kept.
  for (const session of await sessionsOf(s, org, user.key)) {
    ops.push({ op: 'delete', collection: SYSTEM.sessions, org, key: session.key });
  }
  ops.push(...(await forgetEpochOps(s, org, user.key)));
  // Its challenges, used TOTP step, recovery codes and refresh tokens.
  ops.push(
    ...(await signInState(s).forgetUserOps(org, user.key, {
      challenges: true,
      totp: true,
      recovery: true,
      refresh: true,
    })),
  );
  const keys = (
    await s.storage.find(SINGLE_USE, org, {
      criteria: [{ field: 'user_key', is: '=', value: user.key }],
      limit: Infinity,
      offset: 0,
    })
  ).items;
  for (const k of keys) ops.push({ op: 'delete', collection: SINGLE_USE, org, key: k.key });
  // Groups they are in, or manage: the group stays for its people, without a manager to name anew.
  const groups = (
    await s.storage.find('auth/groups', org, {
      criteria: [],
      anyOf: [
        { field: 'users', is: 'contains', value: user.key },
        { field: 'members', is: 'contains', value: user.key },
        { field: 'manager', is: '=', value: user.key },
      ],
      limit: Infinity,
      offset: 0,
    })
  ).items;
  for (const g of groups) {
    const without = (v: unknown) => (Array.isArray(v) ? v.filter((x) => x !== user.key) : v);
    const { manager, ...rest } = g.data;
    ops.push({
      op: 'put',
      expectVersion: g.meta.version,
      record: {
        ...g,
        data: {
          ...rest,
          ...(manager !== undefined && manager !== user.key ? { manager } : {}),
          users: without(g.data.users),
          ...(g.data.members ? { members: without(g.data.members) } : {}),
        },
        meta: { ...g.meta, updated_by: caller.user.key, updated_time: now, version: g.meta.version + 1 },
      },
    });
  }
  // Its places in file groups: a group stays for its other people, as a group of accounts does.
  const fileGroups = (
    await s.storage.find('storage/fgroups', org, {
      criteria: [],
      anyOf: FILE_GROUP_PEOPLE.map((field) => ({ field, is: 'contains' as const, value: user.key })),
      limit: Infinity,
      offset: 0,
    })
  ).items;
  for (const g of fileGroups) {
    const data = { ...g.data };
    for (const field of FILE_GROUP_PEOPLE)
      if (Array.isArray(data[field])) data[field] = (data[field] as unknown[]).filter((x) => x !== user.key);
    ops.push({
      op: 'put',
      expectVersion: g.meta.version,
      record: {
        ...g,
        data,
        meta: { ...g.meta, updated_by: caller.user.key, updated_time: now, version: g.meta.version + 1 },
      },
    });
  }
  // Shares of others' files that name them: they name them no more, and one that gave only to them
  // gives nothing and goes (those of their own files are among the doomed already).
  const sharesToThem = (
    await s.storage.find('storage/shares', org, {
      criteria: [{ field: 'shared_to_users', is: 'contains', value: user.key }],
      limit: Infinity,
      offset: 0,
    })
  ).items.filter((r) => !doomed.some((d) => d.collection === r.collection && d.key === r.key));
  const emptied: string[] = [];
  for (const share of sharesToThem) {
    const users = (share.data.shared_to_users as unknown[]).filter((x) => x !== user.key);
    const groups = share.data.shared_to_groups;
    const givesStill = users.length > 0 || (Array.isArray(groups) && groups.length > 0) || !!share.data.publicly_shared;
    if (!givesStill) {
      emptied.push(`${share.collection}/${share.key}`);
      ops.push(
        { op: 'delete', collection: share.collection, org, key: share.key, expectVersion: share.meta.version },
        auditOp({
          org,
          actor: actorOf(caller),
          action: 'delete',
          module: 'storage',
          type: 'shares',
          key: share.key,
          affectedUser: user.key,
          fields: ['superuser_delete'],
          ...request,
          now,
        }),
      );
      continue;
    }
    ops.push({
      op: 'put',
      expectVersion: share.meta.version,
      record: {
        ...share,
        data: { ...share.data, shared_to_users: users },
        meta: { ...share.meta, updated_by: caller.user.key, updated_time: now, version: share.meta.version + 1 },
      },
    });
  }
  // Their channel memberships held their place in each channel: free again.
  for (const m of doomed) if (m.collection === CHANNEL_MEMBERS) ops.push(membershipReleaseOp(s, org, m.data));
  // The records of others that name them (lists of people, an approver, a channel's owner).
  const others = await referenceOps(s, caller, user, request, doomed);
  ops.push(...others.ops);
  return { ops, removed: [...doomed.map((r) => `${r.collection}/${r.key}`), ...emptied, ...others.removed], doomed };
}
