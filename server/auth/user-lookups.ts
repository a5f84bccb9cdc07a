/**
 * get_userinfo's other lookups (spec/001 section 7: "user_ids, emails or permissions"): the accounts
 * of the caller's company with these e-mail addresses, or holding any of these permissions (their
 * own or through a group, as the server decides them: an account that may not sign in holds none).
 * Either lists the company's people, so it is for those who may list the accounts (auth/users
 * x-access list: managers of users or groups); anyone else is refused (403), where a lookup by keys
 * (which cannot list anyone) is open to all. The answer is get_userinfo's `{key, data: {display_name,
 * email}}`, by display name. A permission lookup naming more than MAX_HOLDERS accounts is refused
 * (400), so that no lookup reads a whole large company.
 */
import { allows } from '../../engine/access.ts';
import { PERMISSIONS, personalPermission } from '../../engine/permissions.ts';
import { badRequest, notAuthorized } from '../http/errors.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import { userMaySignIn, type Caller } from './principal.ts';

/** At most this many e-mails or permissions a call. */
export const MAX_LOOKUPS = 100;
/** At most this many accounts a permission lookup names; past it, it is refused. */
export const MAX_HOLDERS = 1000;

export interface UserInfo {
  key: string;
  data: { display_name: string; email?: string };
}

const KNOWN = new Set<string>(PERMISSIONS);

function listOf(value: unknown, field: string, what: string, valid: (v: string) => boolean): string[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_LOOKUPS) {
    throw badRequest(`${field} must list 1 to ${MAX_LOOKUPS} ${what}`, [
      { path: `/${field}`, message: `Must list 1 to ${MAX_LOOKUPS} ${what}` },
    ]);
  }
  const bad = value.findIndex((v) => typeof v !== 'string' || !valid(v));
  if (bad >= 0) {
    throw badRequest(`${field} must hold ${what}`, [
      { path: `/${field}/${bad}`, message: `Must be one of the ${what}` },
    ]);
  }
  return value as string[];
}

function mayListAccounts(s: Services, caller: Caller): void {
  const users = s.catalogue.registry.resolve('auth', 'users')!.entity;
  if (!allows(users.file['x-access'].list, caller.principal)) throw notAuthorized();
}

const info = (u: StoredRecord): UserInfo => ({
  key: u.key,
  data: { display_name: String(u.data.display_name ?? ''), email: String(u.data.email ?? '') },
});

const byName = (a: UserInfo, b: UserInfo) =>
  a.data.display_name.localeCompare(b.data.display_name, 'en') || a.key.localeCompare(b.key);

/** The company's accounts with these addresses (compared as accounts keep them: trimmed, lower-cased). */
export async function usersByEmails(s: Services, caller: Caller, emails: unknown): Promise<UserInfo[]> {
  const asked = listOf(emails, 'emails', 'e-mail addresses', (v) => v.trim().length > 0 && v.length <= 254);
  mayListAccounts(s, caller);
  const found = await s.storage.find('auth/users', caller.org.id, {
    criteria: [{ field: 'email', is: 'in', value: [...new Set(asked.map((e) => e.trim().toLowerCase()))] }],
    limit: MAX_LOOKUPS,
    offset: 0,
  });
  return found.items.map(info).sort(byName);
}

/**
 * The company's accounts holding any of these permissions, themselves or through a group (an
 * inactive account only those it keeps while inactive, one that may not sign in none). Bounded: past
 * MAX_HOLDERS accounts named, the lookup is refused rather than read every account of a large company.
 */
export async function usersHolding(s: Services, caller: Caller, permissions: unknown): Promise<UserInfo[]> {
  const asked = listOf(permissions, 'permissions', 'permissions (MODULE:Name)', (v) => KNOWN.has(v));
  mayListAccounts(s, caller);
  const org = caller.org.id;
  const tooMany = () =>
    badRequest(`More than ${MAX_HOLDERS} accounts hold these permissions`, [
      { path: '/permissions', message: `More than ${MAX_HOLDERS} accounts hold these permissions: ask for fewer.` },
    ]);
  const named = new Map<string, Set<string>>();
  const add = (key: string, permission: string) => {
    const held = named.get(key) ?? new Set<string>();
    named.set(key, held.add(permission));
    if (named.size > MAX_HOLDERS) throw tooMany();
  };
  for (const permission of asked) {
    const criteria = [{ field: 'permissions', is: 'contains' as const, value: permission }];
    const page = { limit: MAX_HOLDERS + 1, offset: 0 };
    for (const u of (await s.storage.find('auth/users', org, { criteria, ...page })).items) add(u.key, permission);
    const groups = await s.storage.find('auth/groups', org, { criteria, ...page });
    if (groups.total > MAX_HOLDERS) throw tooMany();
    for (const g of groups.items) for (const k of (g.data.users as string[] | undefined) ?? []) add(k, permission);
  }
  const out: UserInfo[] = [];
  for (const [key, held] of named) {
    const user = await s.storage.get('auth/users', org, key);
    if (!userMaySignIn(user)) continue;
    if (user.data.status === 'inactive' && ![...held].some(personalPermission)) continue;
    out.push(info(user));
  }
  return out.sort(byName);
}
