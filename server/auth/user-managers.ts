/**
 * A company never loses its last user manager. Users and groups are managed by accounts holding
 * AUTH:CanManageUsers (their own or through a group); if the last active one of them were made
 * inactive, blocked, locked, or lost that permission (from its own list, by leaving its group, by
 * its group losing the permission or being deleted), nobody in the company could manage users,
 * groups or reset a password again, and only product staff could open it. A write that would take
 * a company from one such account to none is refused, naming the field, whoever makes it; a company
 * that has none already (an older one) is not held to it. The company's product-staff account, which
 * only a sudo_login opens, never counts. A concurrent write cannot slip past the check: see lastUserManagerHeld.
 */
import { productStaffAdminKey } from '../../engine/access.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../storage/types.ts';

export const MANAGE_USERS = 'AUTH:CanManageUsers';

export const LAST_USER_MANAGER =
  "This is the company's last active account that manages users (AUTH:CanManageUsers): give the permission to another active account first.";

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A write the check sees in place of what is stored: a user's or a group's data, or a deleted group. */
export type Pending =
  | { collection: 'auth/users'; key: string; data: DataObject }
  | { collection: 'auth/groups'; key: string; data: DataObject | undefined };

function manages(data: DataObject | undefined): boolean {
  return !!data && data.status === 'active' && data.locked !== true && data.cross_site_login_only !== true;
}

/**
 * The company's accounts that manage users, with `pending` in place of what is stored (or as
 * stored), and what that rests on: their user records and the groups granting the permission, as read.
 */
async function userManagers(
  s: Services,
  org: string,
  pending?: Pending,
): Promise<{ keys: Set<string>; readings: StoredRecord[] }> {
  const query = {
    criteria: [{ field: 'permissions', is: 'contains' as const, value: MANAGE_USERS }],
    limit: 500,
    offset: 0,
  };
  const [direct, groups] = await Promise.all([
    s.storage.find('auth/users', org, query),
    s.storage.find('auth/groups', org, query),
  ]);
  const records = new Map<string, StoredRecord | undefined>(direct.items.map((u) => [u.key, u]));
  const users = new Map<string, DataObject | undefined>(direct.items.map((u) => [u.key, u.data]));
  const holders = new Set<string>(direct.items.map((u) => u.key));
  const groupData = new Map<string, DataObject | undefined>(groups.items.map((g) => [g.key, g.data]));
  if (pending?.collection === 'auth/groups') groupData.set(pending.key, pending.data);
  if (pending?.collection === 'auth/users') {
    users.set(pending.key, pending.data);
    if (list(pending.data.permissions).includes(MANAGE_USERS)) holders.add(pending.key);
    else holders.delete(pending.key);
  }
  for (const g of groupData.values()) {
    if (g && list(g.permissions).includes(MANAGE_USERS)) for (const u of list(g.users)) holders.add(u);
  }
  holders.delete(productStaffAdminKey(org));
  const unknown = [...holders].filter((k) => !users.has(k));
  for (let from = 0; from < unknown.length; from += 100) {
    const slice = unknown.slice(from, from + 100);
    const found = await s.storage.getMany(
      org,
      slice.map((key) => ({ collection: 'auth/users', key })),
    );
    slice.forEach((key, i) => {
      users.set(key, found[i]?.data);
      records.set(key, found[i]);
    });
  }
  const keys = new Set([...holders].filter((k) => manages(users.get(k))));
  const readings = [
    ...[...keys].flatMap((k) => (k === pending?.key ? [] : (records.get(k) ?? []))),
    ...groups.items.filter((g) => g.key !== pending?.key),
  ];
  return { keys, readings };
}

/** Whether `pending` would leave the company with no account that manages users, where it has one now. */
export async function removesLastUserManager(s: Services, org: string, pending: Pending): Promise<boolean> {
  if ((await userManagers(s, org, pending)).keys.size > 0) return false;
  return (await userManagers(s, org)).keys.size > 0;
}

/**
 * For the commit of `pending`, a write that could end some accounts' managing of users: refuses it
 * (`refuse`) if it now leaves none, and otherwise answers check ops holding what that rests on (the
 * accounts left managing users and the groups granting it, at the versions read). Two administrators
 * taking the permission from each other at the same moment each leave the other when checked alone;
 * with these in both commits, the second finds a record the first changed, is run again over it
 * (server/data/write-lifecycle.ts) and refused.
 */
export async function lastUserManagerHeld(
  s: Services,
  org: string,
  pending: Pending,
  refuse: () => never,
): Promise<WriteOp[]> {
  const after = await userManagers(s, org, pending);
  if (after.keys.size === 0 && (await userManagers(s, org)).keys.size > 0) refuse();
  return after.readings.map((r) => ({
    op: 'check',
    collection: r.collection,
    org,
    key: r.key,
    expectVersion: r.meta.version,
  }));
}
