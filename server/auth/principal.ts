/**
 * Who is calling: the organization from the `organization-id` header, and for a signed-in call the
 * user from the `auth_token` header, with the permissions they hold right now.
 */
import type { Context } from 'hono';
import { effectivePermissions, productStaffAdminKey, type Principal } from '../../engine/access.ts';
import { permissionMap, personalPermission } from '../../engine/permissions.ts';
import { companyTimeZone } from '../../engine/local-day.ts';
import { ApiError, badRequest, invalidToken, notFound } from '../http/errors.ts';
import { getOrg, type OrgInfo } from '../orgs.ts';
import { SYSTEM, type Services } from '../services.ts';
import { PRINCIPAL_STAMPS, type FindOf, type FindResult, type RecordRef, type StoredRecord } from '../storage/types.ts';
import { verifyToken } from './tokens.ts';
import { requestHeader } from '../http/node-request.ts';
import { minLengthOf } from '../../engine/passwords.ts';
import { idleLimit, ofEpoch, touchSession } from './sessions.ts';
import { impersonationView, impersonatorOf, sessionPrincipal, type Impersonator } from './impersonation.ts';
import { methodOf, twoFactorRequired } from './two-factor.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isUuid(v: unknown): v is string {
  return typeof v === 'string' && UUID.test(v);
}

export interface Caller {
  org: OrgInfo;
  user: StoredRecord;
  sid: string;
  exp: number;
  principal: Principal;
  /** How the session was opened: `password`, `sudo_login` or `forgot_password` (until a password is set in it). */
  type: string;
  /** In a session opened by sudo_login: the staff member acting, as themselves. */
  impersonatedBy?: Impersonator;
}

export async function orgFromHeader(s: Services, c: Context): Promise<OrgInfo> {
  const id = requestHeader(c, 'organization-id');
  if (!id || !isUuid(id.toLowerCase())) throw badRequest('The organization-id header must hold an organization id');
  const org = await getOrg(s, id.toLowerCase());
  if (!org) throw notFound();
  return org;
}

/**
 * Signed-in users and their principals by user key, valid while no user and no group changed (the
 * collections' generations, and the company's principal stamp for commits of other processes whose
 * notification has not arrived yet): every signed-in request needs both, the groups search was a
 * tenth of a read, and a user record the store keeps as text would be parsed again on every request.
 */
interface KnownUser {
  users: number;
  groups: number;
  stamp: number;
  user: StoredRecord;
  principal: Principal;
}
const known = new WeakMap<Services, Map<string, KnownUser>>();
const MAX_KNOWN = 10_000;

function knownUsers(s: Services): Map<string, KnownUser> {
  let cache = known.get(s);
  if (!cache) known.set(s, (cache = new Map()));
  return cache;
}

/** The user (record and principal) as cached, when nothing it depends on changed since. */
function knownUser(s: Services, key: string): KnownUser | undefined {
  const entry = knownUsers(s).get(key);
  const fresh =
    entry !== undefined &&
    entry.users === s.storage.generation('auth/users') &&
    entry.groups === s.storage.generation('auth/groups');
  return fresh ? entry : undefined;
}

/** The version of the company's principal stamp (../storage/types.ts, PRINCIPAL_STAMPS); 0 for none. */
function stampOf(record: StoredRecord | undefined): number {
  return record?.meta.version ?? 0;
}

const stampRef = (orgId: string): RecordRef => ({ collection: PRINCIPAL_STAMPS, key: orgId });

/**
 * The user's principal. `stamp` is the company's principal stamp as read with the user (by
 * `callerReading`); without it, it is read here, so that a cached principal is never older than a
 * change another process committed, and what is computed then is not kept.
 */
export async function principalFor(s: Services, org: OrgInfo, user: StoredRecord, stamp?: number): Promise<Principal> {
  const users = s.storage.generation('auth/users');
  const groups = s.storage.generation('auth/groups');
  const now = stamp ?? stampOf(await s.storage.get(PRINCIPAL_STAMPS, org.id, org.id));
  const entry = knownUser(s, user.key);
  if (entry !== undefined && entry.user.org === org.id && entry.stamp === now) return entry.principal;
  const principal = await computePrincipal(s, org, user);
  // Kept only under a stamp read no later than the user (callerReading's): a stamp read here, after
  // a user read earlier (a sign-in's), may already cover a change that user record misses (a
  // permission taken meanwhile, on any process), and would keep serving it under the new stamp.
  if (stamp === undefined) return principal;
  const cache = knownUsers(s);
  if (cache.size >= MAX_KNOWN) cache.delete(cache.keys().next().value!);
  cache.set(user.key, { users, groups, stamp: now, user, principal });
  return principal;
}

async function computePrincipal(s: Services, org: OrgInfo, user: StoredRecord): Promise<Principal> {
  const groups = (
    await s.storage.find('auth/groups', org.id, {
      criteria: [{ field: 'users', is: 'contains', value: user.key }],
      limit: 500,
      offset: 0,
    })
  ).items;
  const d = user.data;
  const isAdmin = user.key === productStaffAdminKey(org.id);
  const permissions = effectivePermissions(
    user.key,
    d.permissions as string[] | undefined,
    groups.map((g) => g.data as { users?: string[]; permissions?: string[] }),
  );
  return {
    userKey: user.key,
    orgId: org.id,
    // An inactive user's session serves the inactive layout: what they manage waits until they are active again.
    permissions: d.status === 'inactive' ? new Set([...permissions].filter(personalPermission)) : permissions,
    isAdmin,
    isEmployee: d.is_employee === true,
    // In a company the product-staff account is staff only in a sudo_login session (sessionPrincipal).
    productStaff: isAdmin && org.root,
  };
}

/** A user may hold a session while active or inactive (the inactive layout); blocked or locked may not. */
export function userMaySignIn(user: StoredRecord | undefined): user is StoredRecord {
  return !!user && user.data.status !== 'blocked' && user.data.locked !== true;
}

/**
 * Whether the staff member who opened a sudo_login session still acts: their account exists in
 * their own organization, which is active, and may sign in, their sessions there have not all
 * ended (logout_all, a password change) since they asked, and they may still enter companies
 * (the product-staff admin, or `AUTH:CanLoginToOrganizations` as their company now grants it: an
 * account made inactive holds it no longer). A session in a company is theirs: it ends with theirs,
 * and with their right to open it; no refresh renews it past that.
 */
export async function impersonatorActs(s: Services, staff: Impersonator): Promise<boolean> {
  const home = await getOrg(s, staff.org);
  if (!home || home.status !== 'active') return false;
  const [user, epoch] = await s.storage.getMany(staff.org, [
    { collection: 'auth/users', key: staff.key },
    { collection: SYSTEM.sessionEpochs, key: staff.key },
  ]);
  if (!userMaySignIn(user) || Number(epoch?.data.epoch ?? 0) !== staff.epoch) return false;
  const principal = await principalFor(s, home, user);
  return principal.isAdmin || principal.permissions.has('AUTH:CanLoginToOrganizations');
}

export async function authenticate(s: Services, c: Context): Promise<Caller> {
  return (await authenticateReading(s, c, () => NOTHING_ALONG)).caller;
}

/**
 * What a request reads in the round trip of its session, worked out before its caller is known:
 * records it names (`refs`) and a find. The route hands them out only after its access rules
 * passed, as it would what it read itself.
 */
export interface ReadAlong {
  refs: readonly RecordRef[];
  find?: FindOf;
}

/** What `authenticateReading` read along: the records of `refs`, and the find's answer. */
export interface ReadAlongAnswer {
  caller: Caller;
  also: (StoredRecord | undefined)[];
  found?: { find: FindOf; result: FindResult };
}

/**
 * `authenticate`, reading `along` (of the token's organization) in the same round trip as the
 * session. `along` is told the principal its user had when last seen, if this process knows it:
 * a guess, which the caller's own principal may not match (the route checks with that one).
 */
export async function authenticateReading(
  s: Services,
  c: Context,
  along: (expected: Principal | undefined) => ReadAlong | Promise<ReadAlong>,
): Promise<ReadAlongAnswer> {
  const token = requestHeader(c, 'auth_token');
  const headerOrg = requestHeader(c, 'organization-id')?.toLowerCase();
  if (!token || !headerOrg) throw invalidToken();
  const claims = await verifyToken(s.tokenKey, token, s.now());
  if (!claims || claims.org !== headerOrg) throw invalidToken();
  const admitted = admittedSessions(s);
  const seen = admitted.has(claims.sid) ? knownUser(s, claims.sub) : undefined;
  const planned = await along(seen?.user.org === claims.org ? seen.principal : undefined);
  try {
    const read = await callerReading(s, claims.org, claims.sid, claims.sub, claims.exp, planned);
    if (setupRequired(read.caller) && !SETUP_CALLS.has(c.req.path.replace(/\/+$/, ''))) {
      throw new ApiError(403, 'Two-factor sign-in must be set up first.');
    }
    admitted.delete(claims.sid);
    if (admitted.size >= MAX_KNOWN) admitted.delete(admitted.values().next().value!);
    admitted.add(claims.sid);
    return read;
  } catch (err) {
    admitted.delete(claims.sid);
    throw err;
  }
}

/**
 * Sessions whose last request to this process was admitted, by id. Only theirs are told the
 * principal to work out a find ahead of the session's proof (`along`), so a session that was
 * revoked, expired or must first set up a second factor costs at most one find per process (its
 * first refused request); after that each of its requests is refused on its own statement.
 */
const admittedBy = new WeakMap<Services, Set<string>>();

function admittedSessions(s: Services): Set<string> {
  let set = admittedBy.get(s);
  if (!set) admittedBy.set(s, (set = new Set()));
  return set;
}

/**
 * What a session may call while its user still owes the company a second factor: setting one up,
 * the session itself, changing the password and leaving.
 */
const SETUP_CALLS = new Set(
  [
    'session',
    'catalogue',
    'logout',
    'logout_all',
    'change_password',
    'set_2fa_options',
    'verify_2fa',
    'trigger_2fa',
    'retrieve_2fa_key',
    'get_refresh_token',
  ].map((name) => `/auth/api/${name}`),
);

/**
 * Whether the company requires a second factor of the caller (../auth/two-factor.ts) who has none
 * yet. A staff member acting through sudo_login proved themselves where they signed in.
 */
function setupRequired(caller: Pick<Caller, 'org' | 'user' | 'principal' | 'impersonatedBy'>): boolean {
  return !caller.impersonatedBy && methodOf(caller.user) === 'none' && twoFactorRequired(caller.org, caller.principal);
}

/**
 * The caller of a live session: it must still exist (logout revokes at once), belong to the user,
 * who may still sign in, be of the user's current session epoch (./sessions.ts) and not have been
 * idle too long; this request then counts as its latest. Used for the token of every call and for
 * keys bound to a session.
 */
export async function callerOfSession(
  s: Services,
  orgId: string,
  sid: string,
  userKey: string,
  exp: number,
): Promise<Caller> {
  return (await callerReading(s, orgId, sid, userKey, exp, NOTHING_ALONG)).caller;
}

const NOTHING_ALONG: ReadAlong = { refs: [] };

/**
 * `callerOfSession`, with `along` read in the same statement as the session, the user's session
 * epoch and (unless cached) the user: a signed-in read or find waits for one round trip.
 */
async function callerReading(
  s: Services,
  orgId: string,
  sid: string,
  userKey: string,
  exp: number,
  along: ReadAlong,
): Promise<ReadAlongAnswer> {
  const cached = knownUser(s, userKey);
  const knownHere = cached?.user.org === orgId ? cached : undefined;
  const refs = [
    { collection: SYSTEM.sessions, key: sid },
    { collection: SYSTEM.sessionEpochs, key: userKey },
    stampRef(orgId),
    ...(knownHere ? [] : [{ collection: 'auth/users', key: userKey }]),
    ...along.refs,
  ];
  const { find } = along;
  // A search read with its session takes the company's turn, as the route's own would (../company-turns.ts).
  const { records, found } = find
    ? await s.searches.run(orgId, () => s.storage.getManyAndFind(orgId, refs, find))
    : { records: await s.storage.getMany(orgId, refs), found: undefined };
  const [session, epoch, stampRecord, ...rest] = records;
  if (!session || session.data.user !== userKey || Number(session.data.exp) <= s.now()) throw invalidToken();
  if (!ofEpoch(session, epoch)) throw invalidToken();
  const stamp = stampOf(stampRecord);
  const org = await getOrg(s, orgId, stamp);
  // A cached user another process changed since (the stamp moved) is read again.
  const user = !knownHere
    ? rest[0]
    : knownHere.stamp === stamp
      ? knownHere.user
      : await s.storage.get('auth/users', orgId, userKey);
  // A company made inactive admits no one: its sessions end with it, as new sign-ins do (sign-in.ts).
  if (!org || org.status !== 'active' || !userMaySignIn(user)) throw invalidToken();
  const type = String(session.data.type ?? 'password');
  // A partner account signs in only through the cross-site flow (sign-in.ts): a session it opened
  // otherwise, before it was made one, ends with that change.
  if (user.data.cross_site_login_only === true && type !== 'cross_site') throw invalidToken();
  const impersonatedBy = impersonatorOf(session.data.impersonated_by);
  if (impersonatedBy && !(await impersonatorActs(s, impersonatedBy))) throw invalidToken();
  const principal = await sessionPrincipal(s, org, { type, impersonatedBy }, await principalFor(s, org, user, stamp));
  if (!principal || !(await touchSession(s, session, principal))) throw invalidToken();
  return {
    caller: { org, user, sid, exp: sessionEnd(exp, session), principal, type, impersonatedBy },
    also: rest.slice(knownHere ? 0 : 1),
    ...(find && found ? { found: { find, result: found } } : {}),
  };
}

/**
 * When the session really ends: its token's `exp`, or sooner when its record says so (a session a
 * refresh replaced answers for its last seconds only), so that `GET /auth/api/session` and the keys
 * bound to the session carry the end a client must plan its renewal by.
 */
function sessionEnd(tokenExp: number, session: StoredRecord): number {
  const recorded = Number(session.data.exp);
  return Number.isFinite(recorded) ? Math.min(tokenExp, recorded) : tokenExp;
}

/**
 * The session content of spec/000 section 3, and what the web app needs beside it: the company's
 * minimum password length, the idle time after which the session ends (0: none), whether the
 * session was opened by a forgot-password key (its password change needs no current password),
 * the user's two-factor method and whether the company requires one they have not set up.
 */
export function sessionView(
  s: Services,
  caller: Pick<Caller, 'org' | 'user' | 'principal' | 'exp' | 'type' | 'impersonatedBy'>,
): Record<string, unknown> {
  const { org, user, principal, exp } = caller;
  const u = user.data;
  const od = org.record.data;
  return {
    organization_id: org.id,
    organization: {
      key: org.id,
      active_modules: org.activeModules,
      enabled_features: org.enabledFeatures,
      data: {
        name: od.name,
        hostname: od.hostname,
        status: od.status,
        company_id: od.company_id,
        parent_organization: od.parent_organization,
        password_min_length: minLengthOf(od.password_min_length),
        // The company's time zone, which its screens read signature dates in (../orgs.ts orgTimeZone).
        time_zone: companyTimeZone(od),
      },
    },
    user: {
      key: user.key,
      display_name: u.display_name,
      email: u.email,
      is_employee: u.is_employee === true,
      employee_id: u.employee_id ?? null,
      status: u.status,
      // The page the account lands on after signing in, when its administrator set one.
      ...(typeof u.default_destination === 'string' && u.default_destination
        ? { default_destination: u.default_destination }
        : {}),
    },
    permissions: permissionMap(principal.permissions),
    is_admin: principal.isAdmin,
    product_staff: principal.productStaff === true,
    ...impersonationView(caller.impersonatedBy),
    exp,
    idle_timeout: idleLimit(s, principal),
    password_reset: caller.type === 'forgot_password',
    two_factor_method: methodOf(user),
    // Until it is set up, the session may do nothing else (authenticate).
    two_factor_setup_required: setupRequired(caller),
  };
}
