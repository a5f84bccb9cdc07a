/**
 * Permission groups (spec/000 section 6, spec/001 section 6): someone other than the product-staff
 * admin may grant only permissions they hold. Granting is adding a permission to a group, or adding
 * users to a group that holds permissions the editor lacks (those users would gain them). Taking
 * away is the same power: a group holding a permission the editor lacks is not theirs to change or
 * delete (403; a group manager had emptied the company admins' group and the payroll managers'
 * permissions), as a user manager may act only on accounts holding no permission they lack
 * (../../auth/account-rights.ts). Nobody may leave the company without a user manager
 * (../../auth/user-managers.ts): a group change or delete that would leave no active account holding
 * AUTH:CanManageUsers is refused. */
import type { FieldError } from '../../../engine/messages.ts';
import {
  LAST_USER_MANAGER,
  MANAGE_USERS,
  lastUserManagerHeld,
  removesLastUserManager,
} from '../../auth/user-managers.ts';
import { ApiError, validationFailed } from '../../http/errors.ts';
import type { EntityHooks, HookArgs } from '../hooks.ts';

const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The refusal of a change or delete of a group holding permissions the editor lacks (`beyond`). */
export const mayNotChange = (beyond: readonly string[]) =>
  `You may not change or delete a group holding permissions you do not hold (${beyond.join(', ')}).`;

export function permissionsNotHeld(perms: readonly string[], held: ReadonlySet<string>): string[] {
  return perms.filter((p) => !held.has(p));
}

/**
 * Accounts a write adds to the group (its users, its team members, its manager) that are not users
 * of the caller's company: one error each. The group's own key, another company's user and a made-up
 * key are refused alike.
 */
async function strangers(args: HookArgs): Promise<FieldError[]> {
  const { s, caller, data, before } = args;
  const added: { key: string; path: string }[] = [];
  for (const field of ['users', 'members'] as const) {
    const had = new Set(list(before?.[field]));
    list(data[field]).forEach((key, i) => {
      if (!had.has(key)) added.push({ key, path: `/${field}/${i}` });
    });
  }
  if (typeof data.manager === 'string' && data.manager !== before?.manager) {
    added.push({ key: data.manager, path: '/manager' });
  }
  if (!added.length) return [];
  // Looked up a hundred at a time: a group may list 2,000 users, a statement of 2,000 probes is slow to plan.
  const found: unknown[] = [];
  for (let from = 0; from < added.length; from += 100) {
    const refs = added.slice(from, from + 100).map(({ key }) => ({ collection: 'auth/users', key }));
    found.push(...(await s.storage.getMany(caller.org.id, refs)));
  }
  return added
    .filter((_, j) => found[j] === undefined)
    .map(({ path }) => ({ path, message: 'Must be a user of this company' }));
}

/** The field of a group write that could take AUTH:CanManageUsers from some of its users, if any. */
function lastManagerField(before: Record<string, unknown>, data: Record<string, unknown>): string | undefined {
  if (!list(before.permissions).includes(MANAGE_USERS)) return undefined;
  if (!list(data.permissions).includes(MANAGE_USERS)) return '/permissions';
  const now = new Set(list(data.users));
  return list(before.users).some((u) => !now.has(u)) ? '/users' : undefined;
}

export const groupHooks: EntityHooks = {
  async validate(args) {
    const { s, caller, key, data, before } = args;
    const unknown = await strangers(args);
    if (unknown.length) return unknown;
    const path = before && lastManagerField(before, data);
    if (path && (await removesLastUserManager(s, caller.org.id, { collection: 'auth/groups', key, data }))) {
      return [{ path, message: LAST_USER_MANAGER }];
    }
    const p = caller.principal;
    if (p.isAdmin) return [];
    const errors: FieldError[] = [];
    const beyond = permissionsNotHeld(list(before?.permissions), p.permissions);
    if (before && beyond.length) throw new ApiError(403, mayNotChange(beyond));
    const had = new Set(list(before?.permissions));
    const added = permissionsNotHeld(
      list(data.permissions).filter((x) => !had.has(x)),
      p.permissions,
    );
    if (added.length) {
      errors.push({
        path: '/permissions',
        message: `You may grant only permissions you hold; you do not hold ${added.join(', ')}.`,
      });
    }
    const members = new Set(list(before?.users));
    const newUsers = list(data.users).filter((u) => !members.has(u));
    const lacking = permissionsNotHeld(list(data.permissions), p.permissions);
    if (newUsers.length && lacking.length) {
      errors.push({
        path: '/users',
        message: `You may not add users to a group holding permissions you do not hold (${lacking.join(', ')}).`,
      });
    }
    return errors;
  },
  async extraOps({ s, caller, key, before, record }) {
    const path = before && lastManagerField(before, record.data);
    if (!path) return [];
    return lastUserManagerHeld(s, caller.org.id, { collection: 'auth/groups', key, data: record.data }, () => {
      throw validationFailed([{ path, message: LAST_USER_MANAGER }]);
    });
  },
  async onDelete({ s, caller, record }) {
    const beyond = caller.principal.isAdmin
      ? []
      : permissionsNotHeld(list(record.data.permissions), caller.principal.permissions);
    if (beyond.length) throw new ApiError(403, mayNotChange(beyond));
    if (!list(record.data.permissions).includes(MANAGE_USERS)) return [];
    return lastUserManagerHeld(
      s,
      caller.org.id,
      { collection: 'auth/groups', key: record.key, data: undefined },
      () => {
        throw new ApiError(409, LAST_USER_MANAGER);
      },
    );
  },
};
