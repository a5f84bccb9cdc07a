/**
 * Access decisions, shared by the server (which enforces them) and the screens (which mirror them).
 * A user's permissions are their own overrides plus those of every group that lists them.
 */
import { v5 as uuidv5 } from 'uuid';
import type { Entity, ModuleName, Verb } from './entity.ts';

/** Fixed label from which each organization's product-staff admin id is derived (spec/000 section 1). */
const PRODUCT_STAFF_LABEL = 'dform:product-staff-admin';

/** The product-staff admin's user key in an organization: deterministic, so it can be recognised. */
const adminKeys = new Map<string, string>();

export function productStaffAdminKey(orgId: string): string {
  let key = adminKeys.get(orgId);
  if (!key) {
    key = uuidv5(PRODUCT_STAFF_LABEL, orgId);
    if (adminKeys.size > 10_000) adminKeys.clear();
    adminKeys.set(orgId, key);
  }
  return key;
}

export interface Principal {
  userKey: string;
  orgId: string;
  permissions: ReadonlySet<string>;
  /**
   * Acts as the organization's product-staff admin: the root organization's own admin, or someone
   * who entered a company through sudo_login. A company's own users never are.
   */
  isAdmin: boolean;
  isEmployee: boolean;
  /**
   * The product's own staff: the root organization's admin, or a sudo_login session opened from the
   * root organization. A reseller who entered a client company is its admin, not product staff.
   * Absent: not product staff.
   */
  productStaff?: boolean;
}

export function effectivePermissions(
  userKey: string,
  overrides: readonly string[] | undefined,
  groups: readonly { users?: readonly string[]; permissions?: readonly string[] }[],
): Set<string> {
  const out = new Set(overrides ?? []);
  for (const g of groups) if (g.users?.includes(userKey)) for (const p of g.permissions ?? []) out.add(p);
  return out;
}

/** Rules naming it guard what runs for every company (x-shared definitions): product staff only. */
export const PRODUCT_STAFF = '@product-staff';

/**
 * Does one access rule let this principal through? Any alternative suffices; the tokens of an
 * alternative joined by + must all hold. `isOwner` answers for @owner and @others, `isCreator` for
 * @creator (the user who created the record: the sender of a secure file), `isPublished` for
 * @published (the record's `published` field is true: a company document shown to employees),
 * `isShared` for @shared (the record is shared with them: sharedWith), `isMember` for @member (the
 * record's channel, x-channel, lets them in: server/data/channel-reach.ts). The admin passes every rule
 * but one naming @nobody or @product-staff: those it passes only as its tokens say.
 */
export function allows(
  rule: readonly string[],
  p: Principal,
  isOwner = false,
  isCreator = false,
  isPublished = false,
  isShared = false,
  isMember = false,
): boolean {
  if (rule.includes('@nobody') && rule.length === 1) return false;
  if (p.isAdmin && !rule.includes('@nobody') && !rule.some(namesProductStaff)) return true;
  return rule.some((alt) =>
    alt.split('+').every((token) => holds(token, p, isOwner, isCreator, isPublished, isShared, isMember)),
  );
}

/** The token of a rule that lets a channel's members reach its records (x-channel, docs/comms.md). */
export const MEMBER = '@member';

/** The token of a rule that lets a record's share reach a caller (x-shared-with). */
export const SHARED = '@shared';

/**
 * Who a caller is to a share: their user key, and the file groups (storage/fgroups) they are a
 * member or an administrator of, read at the request (a person removed from a group loses what it
 * gave them at once).
 */
export interface ShareReach {
  user: string;
  groups: ReadonlySet<string>;
}

/**
 * Whether the record is shared with the caller, as the entity's x-shared-with fields say: they are
 * named in its users, or a group of theirs in its groups, or its public flag is true (every
 * signed-in user of its company: a record is only ever read within its company).
 */
export function sharedWith(entity: Entity, data: Record<string, unknown>, reach: ShareReach | undefined): boolean {
  const fields = entity.file['x-shared-with'];
  if (!fields || !reach) return false;
  if (fields.public && data[fields.public] === true) return true;
  const users = fields.users ? data[fields.users] : undefined;
  if (Array.isArray(users) && users.includes(reach.user)) return true;
  const groups = fields.groups ? data[fields.groups] : undefined;
  return Array.isArray(groups) && groups.some((g) => typeof g === 'string' && reach.groups.has(g));
}

/** The field @published reads: a record is published when it holds `true` there. */
export const PUBLISHED_FIELD = 'published';

export function isPublished(data: Record<string, unknown>): boolean {
  return data[PUBLISHED_FIELD] === true;
}

/** Whether some alternative of a rule names `token` (alone or joined with others by +). */
export function namesToken(rule: readonly string[], token: string): boolean {
  return rule.some((alt) => alt.split('+').includes(token));
}

function namesProductStaff(alt: string): boolean {
  return alt.split('+').includes(PRODUCT_STAFF);
}

function holds(
  token: string,
  p: Principal,
  isOwner: boolean,
  isCreator: boolean,
  isPublished: boolean,
  isShared: boolean,
  isMember: boolean,
): boolean {
  switch (token) {
    case SHARED:
      return isShared;
    case MEMBER:
      return isMember;
    case '@creator':
      return isCreator;
    case '@published':
      return isPublished;
    case '@admin':
      return p.isAdmin;
    case PRODUCT_STAFF:
      return p.productStaff === true;
    case '@owner':
      return isOwner;
    case '@others':
      return !isOwner;
    case '@employee':
      return p.isEmployee;
    case '@signed-in':
      return true;
    case '@nobody':
      return false;
    default:
      return p.permissions.has(token);
  }
}

/** The user key that owns a record, per the entity's x-owner (or its key for user-keyed types). */
export function ownerOf(entity: Entity, key: string, data: Record<string, unknown>): string | undefined {
  const field = entity.file['x-owner'] ?? (entity.file['x-key'] === 'user' ? 'key' : undefined);
  if (!field) return undefined;
  const v = field === 'key' ? key : data[field];
  return typeof v === 'string' ? v : undefined;
}

/**
 * Whether a record is this user's, for @owner: its x-owner field names them or, when that field is a
 * list of user keys (a group's users), lists them.
 */
export function ownedBy(entity: Entity, key: string, data: Record<string, unknown>, userKey: string): boolean {
  const field = entity.file['x-owner'] ?? (entity.file['x-key'] === 'user' ? 'key' : undefined);
  if (!field) return false;
  const v = field === 'key' ? key : data[field];
  return Array.isArray(v) ? v.includes(userKey) : v === userKey;
}

export function can(
  entity: Entity,
  verb: Verb,
  p: Principal,
  record?: { key: string; data: Record<string, unknown>; meta?: { created_by: string } },
): boolean {
  const rule = entity.file['x-access'][verb];
  const isOwner = record ? ownedBy(entity, record.key, record.data, p.userKey) : false;
  return allows(rule, p, isOwner, record?.meta?.created_by === p.userKey, !!record && isPublished(record.data));
}

/**
 * A module is usable when the organization has it active and the user holds its CanUseModule
 * (spec/000 section 6). AUTH is always available; STORAGE serves every module. COMMS has no
 * CanUseModule permission, so any of its permissions makes it usable.
 */
export function moduleUsable(
  module: ModuleName,
  activeModules: readonly string[],
  p: Pick<Principal, 'isAdmin' | 'permissions'>,
): boolean {
  if (p.isAdmin || module === 'auth' || module === 'storage') return true;
  if (!activeModules.includes(module)) return false;
  const prefix = `${module.toUpperCase()}:`;
  if (module === 'comms') return [...p.permissions].some((perm) => perm.startsWith(prefix));
  return p.permissions.has(`${prefix}CanUseModule`);
}

/**
 * The COMMS types that are every person's own as well: their notification preferences and their
 * in-app notifications (docs/comms.md). Their rules give each person their own records (@owner).
 */
const PERSONAL_COMMS: ReadonlySet<string> = new Set(['notification_prefs', 'user_notifications']);

/**
 * A type usable by this caller: its module usable, or it is a COMMS type of the person's own
 * (PERSONAL_COMMS, either variant) in a company with comms active: every person reads their own
 * notifications and sets how they get them, whether or not they hold the module's one permission
 * (which manages notification routes). What they reach of it the type's rules decide.
 */
export function typeUsable(
  module: ModuleName,
  type: string,
  activeModules: readonly string[],
  p: Pick<Principal, 'isAdmin' | 'permissions'>,
): boolean {
  if (moduleUsable(module, activeModules, p)) return true;
  return module === 'comms' && PERSONAL_COMMS.has(type) && activeModules.includes('comms');
}

/**
 * The refusal a company feature makes while it is on (x-hidden-by: block_paystubs hides the pay
 * statements), for a caller who reaches the type only through their own records (`ownOnly`); those
 * who may read every record keep it. Undefined when nothing hides the type from this caller.
 */
export function hiddenBy(
  entity: Entity,
  features: Readonly<Record<string, unknown>>,
  ownOnly: boolean,
): string | undefined {
  const hidden = entity.file['x-hidden-by'];
  return hidden && ownOnly && features[hidden.feature] === true ? hidden.message : undefined;
}
