/**
 * Roles × endpoints × expected status, in the PocketBase style (issue #8 "Hardening"). Every type,
 * its my_ variant, and every verb (meta, find, create, read, save, update, delete) is called by each
 * role: guest, employee (emma), payroll manager, company admin, the product-staff admin (sudo into
 * Acme) and another company's admin. The EXPECTED status comes from this file's own reading of each
 * schema's x-access (schemas/entity.schema.json documents the alternatives) and docs/decisions.md's
 * "Decisions" (module usable, 403 or 404, another organization's record is 404, @nobody); engine/
 * is not imported. A meta-test flips rules in this evaluator and shows the table then disagrees
 * with the server, so a rule the server stopped enforcing would fail the table.
 */
import { certificateKey } from '../../server/payroll/certificates.ts';
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import jsf from 'json-schema-faker';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { ROOT } from '../helpers/server.ts';
import { createCompany, figure, leaks, pool, seededRandom, sudoInto } from '../helpers/hardening.ts';
import { ptoReferences, ptoTeamOf, RECORD_OVERRIDES, withoutEngineKeywords } from '../helpers/generated-records.ts';
import { outboxSize, waitForMail } from '../helpers/outbox.ts';

const SUITE = 'roles';
type Json = any;
type Verb = 'meta' | 'find' | 'create' | 'read' | 'save' | 'update' | 'delete';
type AccessVerb = 'list' | 'read' | 'create' | 'edit' | 'delete';
type RoleName = 'guest' | 'employee' | 'payroll' | 'companyAdmin' | 'staffAdmin' | 'otherAdmin';
const ROLES: RoleName[] = ['guest', 'employee', 'payroll', 'companyAdmin', 'staffAdmin', 'otherAdmin'];

interface TypeFile {
  module: string;
  type: string;
  id: string;
  access: Record<AccessVerb, string[]>;
  key: 'uuid' | 'user';
  owner?: string;
  my: boolean;
}

// ---------------------------------------------------------------------------------------------
// The model: what the schema files say, read here.

const FILES: TypeFile[] = [];
const RAW = new Map<string, Json>();
for (const module of ['auth', 'payroll', 'hr', 'time', 'comms', 'storage']) {
  for (const f of readdirSync(path.join(ROOT, 'schemas', module))
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const file = JSON.parse(readFileSync(path.join(ROOT, 'schemas', module, f), 'utf8'));
    const type = f.replace(/\.json$/, '');
    RAW.set(`${module}/${type}`, file);
    FILES.push({
      module,
      type,
      id: `${module}/${type}`,
      access: file['x-access'],
      key: file['x-key'],
      // entity.schema.json: x-owner names the owner field ('key': the record key); a user-keyed
      // record is its user's own.
      owner: file['x-owner'] ?? (file['x-key'] === 'user' ? 'key' : undefined),
      my: file['x-my'] === true,
    });
  }
}

interface Principal {
  role: RoleName;
  key: string;
  org: string;
  perms: Set<string>;
  isAdmin: boolean;
  isEmployee: boolean;
  /** Product staff of the root organization (both sudo roles of the table come from it). */
  productStaff: boolean;
}

/** The evaluator's inputs: access rules per type, the company's modules, and switches for the meta-test. */
interface Model {
  access: (id: string) => Record<AccessVerb, string[]>;
  activeModules: (org: string) => string[];
  /** Semantic rules of the reading below, each of which the meta-test can turn off. */
  off: Set<string>;
}

/**
 * One access rule (entity.schema.json "accessRule"): any one alternative suffices. @admin is the
 * product-staff admin, @product-staff the product's own staff, @owner the record's owner, @creator
 * the user who created it (not for lists), @employee
 * a user flagged is_employee, @signed-in any signed-in user, @nobody nobody; "the product-staff
 * admin passes every rule except @nobody and those naming @product-staff".
 */
function passes(
  m: Model,
  rule: string[],
  p: Principal,
  isOwner: boolean,
  isCreator = false,
  isPublished = false,
): boolean {
  if (rule.length > 0 && rule.every((a) => a === '@nobody')) return false;
  const staffOnly = rule.some((a) => a.split('+').includes('@product-staff'));
  if (p.isAdmin && !rule.includes('@nobody') && !staffOnly && !m.off.has('admin passes every rule')) return true;
  return rule.some((a) => {
    switch (a) {
      case '@admin':
        return p.isAdmin;
      case '@product-staff':
        return p.productStaff;
      case '@owner':
        return isOwner && !m.off.has('@owner');
      case '@creator':
        return isCreator && !m.off.has('@creator');
      case '@employee':
        return p.isEmployee && !m.off.has('@employee');
      case '@signed-in':
        return !m.off.has('@signed-in');
      case '@nobody':
        return false;
      default:
        // HR:CanUseModule+@published (@signed-in+@published: anyone): the permission, for a record
        // whose published field is true.
        if (a.split('+').includes('@published')) {
          const holds = (x: string) =>
            x === '@published' || (x === '@signed-in' && !m.off.has('@signed-in')) || p.perms.has(x);
          return isPublished && !m.off.has('@published') && a.split('+').every(holds);
        }
        return p.perms.has(a);
    }
  });
}

/** docs/decisions.md "Modules": active for the company (auth always; storage serves every module) and CanUseModule held (COMMS: docs/comms.md). */
function moduleUsable(m: Model, t: TypeFile, p: Principal): boolean {
  if (m.off.has('module usable')) return true;
  if (p.isAdmin) return true;
  if (t.module === 'auth' || t.module === 'storage') return true;
  if (!m.activeModules(p.org).includes(t.module)) return false;
  // docs/comms.md: a person's own notification preferences and notifications need no COMMS permission.
  if (t.id === 'comms/notification_prefs' || t.id === 'comms/user_notifications') return true;
  if (t.module === 'comms') return [...p.perms].some((x) => x.startsWith('COMMS:'));
  return p.perms.has(`${t.module.toUpperCase()}:CanUseModule`);
}

/** 'all': every record; 'own': only the caller's (the rule holds for an owner); 'none'. */
function reach(m: Model, t: TypeFile, verb: AccessVerb, p: Principal, my: boolean): 'all' | 'own' | 'none' {
  const rule = m.access(t.id)[verb];
  if (!my && passes(m, rule, p, false)) return 'all';
  if (t.owner && passes(m, rule, p, true, verb !== 'list')) return 'own';
  // Published records only (the table's records of such a type are drafts: RECORD_OVERRIDES).
  return passes(m, rule, p, false, false, true) ? 'own' : 'none';
}

interface Row {
  role: RoleName;
  t: TypeFile;
  my: boolean;
  verb: Verb;
  /** own: the caller's record; other: someone else's; ghost: no such key; foreign: another company's. */
  target: 'none' | 'own' | 'other' | 'ghost' | 'forOther';
  key?: string;
  /** Whether the addressed record exists in the caller's company, and its owner. */
  exists?: boolean;
  owner?: string;
  /** Who created the addressed record (its meta's created_by), for @creator. */
  creator?: string;
  /** For create: the owner the body names, and whether a record already has the key it will get. */
  bodyOwner?: string;
  keyTaken?: boolean;
  body?: Json;
  /** For delete: the addressed record's data as last read. */
  data?: Json;
  /** For find: the key of a record in the company the caller does not own, if there is one. */
  otherKey?: string;
  actual?: number | string;
}

/** The status the contract and docs/decisions.md's decisions give for one row. */
function expected(m: Model, row: Row, p: Principal | undefined): number | string {
  if (!p) return 401;
  const { t, my } = row;
  if (!moduleUsable(m, t, p)) return 403;
  const rules = m.access(t.id);
  switch (row.verb) {
    case 'meta':
      return 200;
    case 'find': {
      // 200, and whether someone else's record is among the items: all records, or only one's own.
      const sees = (r: 'all' | 'own' | 'none') =>
        row.otherKey === undefined ? 200 : r === 'all' ? '200 all' : '200 own';
      if (my)
        return reach(m, t, 'read', p, true) !== 'none' || reach(m, t, 'list', p, true) !== 'none' ? sees('own') : 403;
      const r = reach(m, t, 'list', p, false);
      return r === 'none' ? 403 : sees(r);
    }
    case 'create': {
      const isOwner = my || (row.bodyOwner !== undefined && row.bodyOwner === p.key);
      // A my_ route addresses the caller's own key, and any other key answers 404 (API.md) before
      // the caller's rights are looked at: a uuid-keyed record never has that key.
      if (my && t.key !== 'user') return 404;
      // No right to create or edit this type at all: 403 before anything else is looked at.
      if (reach(m, t, 'create', p, my) === 'none' && reach(m, t, 'edit', p, my) === 'none') return 403;
      if (!passes(m, rules.create, p, isOwner)) return 403;
      if (t.key === 'user' && row.keyTaken) return 409;
      // A company keeps one preferences record a module (server/data/hooks/organization_preferences.ts):
      // the table's own record of the company holds the template's module already.
      if (t.id === 'auth/organization_preferences' && row.role !== 'otherAdmin') return 409;
      // A person has one COMMS profile (docs/comms.md): the one made for someone else is for the
      // person whose profile the table's records hold already.
      if (t.id === 'comms/comms_profiles' && row.target === 'forOther') return 409;
      // An employee, who may choose no one of the company, sends a secure file to HR only
      // (docs/files.md "Sending HR a secure file"): to herself or a colleague it is refused.
      if (t.id === 'hr/secure_files' && row.role === 'employee') return 400;
      // Nobody writes a line of their own PTO balance (docs/pto.md "Nobody decides their own time off").
      if (t.id === 'time/pto_register' && row.target === 'own') return 400;
      // A state has one form in one place (docs/decisions.md): the table's own definition holds the
      // template's state already, in the demo company (another company has none of it).
      if (t.id === 'payroll/state_w4_form' && row.target === 'own' && row.role !== 'otherAdmin') return 400;
      return 201;
    }
    default: {
      const accessVerb: AccessVerb = row.verb === 'read' ? 'read' : row.verb === 'delete' ? 'delete' : 'edit';
      // API.md: on a my_ route "any other key answers 404", whatever the caller may do.
      if (my && row.key !== p.key) return 404;
      // A write the caller can make on no record at all is 403 before any key is looked up
      // (save and update may also create a user-keyed record).
      const writeReach = reach(m, t, accessVerb, p, my);
      const createReach = reach(m, t, 'create', p, my);
      if (row.verb === 'delete' && writeReach === 'none') return 403;
      if ((row.verb === 'save' || row.verb === 'update') && writeReach === 'none' && createReach === 'none') return 403;
      const read = reach(m, t, 'read', p, my);
      const verbReach = reach(m, t, accessVerb, p, my);
      // "A caller who may not read a type at all gets 403."
      if (read === 'none' && verbReach === 'none') return 403;
      const isOwner = row.owner !== undefined && row.owner === p.key;
      const isCreator = row.creator !== undefined && row.creator === p.key;
      // "A form keyed by another user of the company is 403 to a caller who may reach only their
      // own, whether or not it exists."
      const colleagueKey = t.key === 'user' && row.owner !== undefined && row.owner !== p.key;
      const ownReach = accessVerb === 'delete' ? verbReach : read;
      if (!row.exists && colleagueKey && ownReach === 'own') return 403;
      // One's own form keyed by one's user, not made yet: a save makes it (200), or answers 400
      // when the body is not a whole form (an I-9 needs the employee's signature).
      if (!row.exists && t.key === 'user' && row.key === p.key && row.verb !== 'read' && row.verb !== 'delete') {
        return UPSERT;
      }
      // Another company's record, or no record: 404.
      if (!row.exists) return 404;
      // docs/state-certificates.md: a colleague's state certificate named by its own key (derived from the
      // colleague and a state) is 404 whether written or not, so the answer does not tell which exist.
      if (t.id === 'payroll/state_w4' && row.key !== row.owner && read === 'own' && !isOwner) return 404;
      // "A caller who may read only their own records gets 403 for another's record of the company."
      if (read === 'own' && !isOwner && !isCreator && !m.off.has('403 for others’ records')) return 403;
      if (row.verb === 'read') return read === 'none' ? 403 : 200;
      // docs/decisions.md: a company's product-staff account holds no credentials and nobody changes it, not
      // even a session opened in it by sudo_login.
      if (t.id === 'auth/users' && staffAccounts.has(row.key!) && !m.off.has('product-staff account unchanged')) {
        return 403;
      }
      if (!passes(m, rules[accessVerb], p, isOwner || (my && !m.off.has('@owner')), isCreator)) return 403;
      // docs/i9.md: an I-9 is kept until 3 years after the first day or 1 year after employment ends;
      // none of the records made here has reached that day.
      if (row.verb === 'delete' && t.id === 'payroll/i9') return 409;
      // docs/pto.md: approved time off that has begun is the PTO manager's to withdraw.
      if (
        row.verb === 'delete' &&
        t.id === 'time/pto_request' &&
        row.data?.status === 'approved' &&
        Number(row.data.start_date) <= Math.floor(Date.now() / 86_400_000) * 86_400 &&
        !p.isAdmin &&
        !p.perms.has('TIME:CanManagePTO')
      )
        return 403;
      return row.verb === 'delete' ? 204 : 200;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The world.

let w: DemoWorld;
const sessions = new Map<RoleName, Session | undefined>();
const principals = new Map<RoleName, Principal>();
let otherOrg = '';
/** Other Co's PTO plan. */
let otherPlan = '';
/** A group of the other company, for a team's preferences made there. */
let otherTeam = '';
let ivan = '';
/** An active employee no role is: time off is asked for active people only (docs/pto.md). */
let carla = '';
/** Whose record someone else's is: Ivan's, or Carla's where only an active person may hold one. */
const otherOwner = (t: TypeFile) => (t.id === 'time/pto_request' ? carla : ivan);
/** The companies' product-staff accounts (the sudo roles' own accounts). */
const staffAccounts = new Set<string>();
let model: Model;
const rows: Row[] = [];
const notes: string[] = [];
/** RECORD_OVERRIDES, and a PTO request on one of the demo company's plans. */
const overrides: Record<string, Record<string, unknown>> = { ...RECORD_OVERRIDES };
const acmeKeys = new Set<string>();
const problems: string[] = [];
let wallMs = 0;

/** An owner field that lists user keys (a group's users) makes each user it lists an owner. */
const listsOwners = (t: TypeFile) => !!t.owner && RAW.get(t.id).properties?.[t.owner]?.type === 'array';

/** The one owner of a record (the records made here list one), or undefined. */
function ownerOf(t: TypeFile, rec: { key: string; data: Json }): string | undefined {
  if (!t.owner) return undefined;
  const v = t.owner === 'key' ? rec.key : rec.data?.[t.owner];
  if (Array.isArray(v)) return v.length === 1 && typeof v[0] === 'string' ? v[0] : undefined;
  return typeof v === 'string' ? v : undefined;
}

function ownedBy(t: TypeFile, rec: { key: string; data: Json }, user: string): boolean {
  const v = t.owner === 'key' ? rec.key : t.owner ? rec.data?.[t.owner] : undefined;
  return Array.isArray(v) ? v.includes(user) : v === user;
}

/** Days already given to a PTO request made here. */
let ptoDays = 0;

function withOwner(t: TypeFile, body: Json, owner: string | undefined): Json {
  const out = structuredClone(body);
  if (owner && t.owner === 'key' && t.key === 'user') out._user_uuid = owner;
  else if (owner && t.owner && t.owner !== 'key') out[t.owner] = listsOwners(t) ? [owner] : owner;
  // An e-mail is an account's (a hire's makes one): each record its own.
  if (t.id === 'auth/users' || t.id === 'payroll/onboarding_user')
    out.email = `r-${randomUUID().slice(0, 12)}@acme.example`;
  if (t.id === 'auth/organizations') out.hostname = `r${randomUUID().slice(0, 8)}.dform.app`;
  // A day is asked once (docs/pto.md): each request its own day, as far ahead as the template's.
  if (t.id === 'time/pto_request' && typeof out.start_date === 'number') {
    out.start_date = out.end_date = out.start_date + 86_400 * ptoDays++;
  }
  return out;
}

const base = (t: TypeFile, my: boolean) => `/${t.module}/api/data/${my ? 'my_' : ''}${t.type}`;

function staffAdmin(): Session {
  return sessions.get('staffAdmin')!;
}

async function exec(row: Row): Promise<void> {
  const s = sessions.get(row.role);
  const auth = s ? as(s) : { org: w.acmeOrg };
  const b = base(row.t, row.my);
  let r;
  switch (row.verb) {
    case 'meta':
      r = await w.call('GET', `/${row.t.module}/api/data/meta/${row.my ? 'my_' : ''}${row.t.type}`, auth);
      break;
    case 'find':
      r = await w.call('POST', `/${row.t.module}/api/data/find/${row.my ? 'my_' : ''}${row.t.type}`, {
        ...auth,
        body: { limit: 500 },
      });
      break;
    case 'create':
      r = await w.call('POST', `${b}/`, { ...auth, body: row.body ?? {} });
      break;
    case 'read':
      r = await w.call('GET', `${b}/${row.key}`, auth);
      break;
    case 'save':
      r = await w.call('POST', `${b}/${row.key}`, { ...auth, body: row.body ?? {} });
      break;
    case 'update':
      r = await w.call('PATCH', `${b}/${row.key}`, { ...auth, body: {} });
      break;
    case 'delete':
      r = await w.call('DELETE', `${b}/${row.key}`, auth);
      break;
  }
  row.actual = r.status;
  if (row.verb === 'find' && r.status === 200 && row.otherKey !== undefined) {
    row.actual = r.body.items.some((i: { key: string }) => i.key === row.otherKey) ? '200 all' : '200 own';
  }
  const where = `${row.role} ${row.verb} ${b}${row.key ? '/' + row.key : ''}`;
  for (const l of leaks(r.text)) problems.push(`${where}: ${l}`);
  if (r.status >= 400 && r.body && (r.body.data !== undefined || r.body.items !== undefined))
    problems.push(`${where}: a ${r.status} carries data`);
  if (row.verb === 'find' && r.status === 200) {
    const p = principals.get(row.role)!;
    const items = r.body.items as { key: string; data: Json }[];
    if (row.role === 'otherAdmin') {
      for (const i of items) if (acmeKeys.has(i.key)) problems.push(`${where}: another company's record ${i.key}`);
    } else if (row.my || reach(model, row.t, 'list', p, false) === 'none') {
      for (const i of items)
        if (!ownedBy(row.t, i, p.key)) problems.push(`${where}: someone else's record ${i.key} in an own-only find`);
    }
  }
  if (r.status === 201 || r.status === 200) {
    const k = r.body?.key;
    if (typeof k === 'string' && row.role !== 'otherAdmin') acmeKeys.add(k);
  }
  rows.push(row);
}

interface Target {
  key: string;
  owner?: string;
  creator?: string;
  data: Json;
  /** Makes the record again (after a delete); answers false when it cannot be made. */
  remake?: () => Promise<boolean>;
}

async function create(
  s: Session,
  t: TypeFile,
  body: Json,
): Promise<{ key: string; data: Json; meta?: { created_by?: string } } | undefined> {
  const r = await w.call('POST', `${base(t, false)}/`, { ...as(s), body });
  return r.status === 201 ? r.body : undefined;
}

beforeAll(async () => {
  const started = performance.now();
  w = await demoWorld();
  otherOrg = await createCompany(w, 'Other Co', 'other.dform.app');
  sessions.set('guest', undefined);
  sessions.set('employee', w.emma);
  sessions.set('payroll', w.payroll);
  sessions.set('companyAdmin', w.admin);
  sessions.set('staffAdmin', await sudoInto(w, w.staff, w.acmeOrg));
  sessions.set('otherAdmin', await sudoInto(w, w.staff, otherOrg));
  ivan = w.ivan.user;

  // Permissions are data: the user's own list plus every group listing them (read, not asked).
  const sa = staffAdmin();
  const carlas = await w.call('POST', '/auth/api/data/find/users', {
    ...as(sa),
    body: { criteria: [{ field: 'email', is: '=', value: 'carla@acme.example' }] },
  });
  carla = carlas.body.items[0].key;
  Object.assign(
    overrides,
    await ptoReferences(
      (type, body) => w.call('POST', `/time/api/data/find/${type}`, { ...as(sa), body }),
      w.emma.user,
    ),
  );
  const theirs = await w.call('POST', '/time/api/data/pto_plan/', {
    ...as(sessions.get('otherAdmin')!),
    body: { name: 'Vacation', plan_type: 'Vacation', calc_period: 'payroll', status: 'active' },
  });
  assert.equal(theirs.status, 201, theirs.text);
  otherPlan = theirs.body.key;
  Object.assign(overrides, await ptoTeamOf((body) => w.call('POST', '/auth/api/data/groups/', { ...as(sa), body })));
  otherTeam = (
    await ptoTeamOf((body) => w.call('POST', '/auth/api/data/groups/', { ...as(sessions.get('otherAdmin')!), body }))
  )['time/pto_prefs'].team_id as string;
  const groups = (await w.call('POST', '/auth/api/data/find/groups', { ...as(sa), body: { limit: 500 } })).body.items;
  const users = (await w.call('POST', '/auth/api/data/find/users', { ...as(sa), body: { limit: 500 } })).body.items;
  for (const role of ROLES) {
    const s = sessions.get(role);
    if (!s) continue;
    const admin = role === 'staffAdmin' || role === 'otherAdmin';
    const u = users.find((x: Json) => x.key === s.user);
    const perms = new Set<string>(u?.data.permissions ?? []);
    for (const g of groups) if ((g.data.users ?? []).includes(s.user)) for (const p of g.data.permissions) perms.add(p);
    principals.set(role, {
      role,
      key: s.user,
      org: s.org,
      perms: admin ? new Set() : perms,
      isAdmin: admin,
      isEmployee: u?.data.is_employee === true,
      productStaff: admin,
    });
    if (admin) staffAccounts.add(s.user);
  }
  const orgs = await w.call('POST', '/auth/api/data/find/organizations', { ...as(w.staff), body: { limit: 500 } });
  const modules = new Map<string, string[]>(
    orgs.body.items.map((o: Json) => [o.key, ['auth', ...(o.data.active_modules ?? [])]]),
  );
  model = {
    access: (id) => RAW.get(id)['x-access'],
    activeModules: (org) => modules.get(org) ?? ['auth'],
    off: new Set(),
  };

  // A single-use login waiting to be redeemed (so that type has a record), then the table.
  const since = await outboxSize(w.server.dataDir);
  await w.call('POST', '/auth/api/forgot_password', { org: w.acmeOrg, body: { username: 'ivan@acme.example' } });
  // The key is made after the answer; its message says it is there.
  await waitForMail(w.server.dataDir, (m) => m.to === 'ivan@acme.example', { since });
  jsf.option({
    requiredOnly: true,
    useDefaultValue: true,
    alwaysFakeOptionals: false,
    failOnInvalidTypes: false,
    random: seededRandom(8),
  });
  const meta = new Map<string, Json>();
  for (const t of FILES)
    meta.set(t.id, (await w.call('GET', `/${t.module}/api/data/meta/${t.type}`, as(sa))).body.schema);

  await pool(FILES, 4, async (t) => {
    const schema = withoutEngineKeywords(meta.get(t.id));
    const creatable = !t.access.create.every((a) => a === '@nobody');
    // A body the server accepts (made by the product-staff admin) for the other-owned record.
    let template: Json;
    let other: Target | undefined;
    const makeOther = async (): Promise<Target | undefined> => {
      const rec = await create(sa, t, withOwner(t, template, t.owner ? otherOwner(t) : undefined));
      return rec && { key: rec.key, owner: ownerOf(t, rec), creator: rec.meta?.created_by, data: rec.data };
    };
    if (creatable) {
      for (let attempt = 0; attempt < 12 && !other; attempt++) {
        const body = { ...(jsf.generate(schema) as Json), ...overrides[t.id] };
        const rec = await create(sa, t, withOwner(t, body, t.owner ? otherOwner(t) : undefined));
        if (rec) {
          template = body;
          other = { key: rec.key, owner: ownerOf(t, rec), creator: rec.meta?.created_by, data: rec.data };
        }
      }
      if (!other) notes.push(`${t.id}: no generated record was accepted; create, save and delete rows skipped`);
      else
        other.remake = async () => {
          const again = await makeOther();
          if (again)
            Object.assign(other!, { key: again.key, owner: again.owner, creator: again.creator, data: again.data });
          return !!again;
        };
    } else {
      const found = await w.call('POST', `/${t.module}/api/data/find/${t.type}`, {
        ...as(sa),
        body: { limit: 500 },
      });
      // Someone else's for every role: a record owned by none of them, when there is one.
      const roleKeys = new Set([...principals.values()].map((p) => p.key));
      const items: Json[] = found.body?.items ?? [];
      const rec = items.find((i) => !roleKeys.has(ownerOf(t, i) as string)) ?? items[0];
      if (rec) other = { key: rec.key, owner: ownerOf(t, rec), creator: rec.meta?.created_by, data: rec.data };
    }
    if (other) acmeKeys.add(other.key);

    const roleOwnKeyTaken = new Map<RoleName, boolean>();
    const own = new Map<RoleName, Target>();
    const existsFor = async (key: string, by: Session = sa) =>
      (await w.call('GET', `${base(t, false)}/${key}`, as(by))).status === 200;
    // A state certificate is keyed by its employee and its state; addressed by the user key, the
    // server opens the certificate of the state due (work or residence), which may be another.
    const certificateOf = (user: string) =>
      t.id === 'payroll/state_w4' && template ? certificateKey(user, String(template.state)) : user;

    // 1. create, by each role, a record it would own.
    for (const role of ROLES) {
      const p = principals.get(role);
      if (!template && creatable) continue;
      const owner = p?.key;
      const body = creatable ? withOwner(t, template, owner) : {};
      // A request or a ledger line names a plan of its own company.
      if (role === 'otherAdmin' && t.id.startsWith('time/pto_r')) {
        body.plan_id = otherPlan;
        delete body.request_id;
      }
      // A team is a group of its own company.
      if (role === 'otherAdmin' && t.id === 'time/pto_prefs') body.team_id = otherTeam;
      const keyTaken =
        t.key === 'user' && role !== 'guest' && role !== 'otherAdmin' ? await existsFor(certificateOf(owner!)) : false;
      const row: Row = {
        role,
        t,
        my: false,
        verb: 'create',
        target: 'own',
        bodyOwner: t.owner ? owner : undefined,
        keyTaken,
        body,
      };
      await exec(row);
      if (row.actual === 201 && p && role !== 'otherAdmin') roleOwnKeyTaken.set(role, true);
    }
    // The records each role owns: found, or made by the product-staff admin (or the role itself).
    if (t.owner) {
      for (const role of ['employee', 'payroll', 'companyAdmin', 'staffAdmin'] as RoleName[]) {
        const p = principals.get(role)!;
        const s = sessions.get(role)!;
        if (t.owner === 'key' && t.key === 'uuid') {
          // auth/users: a user's own record is the account itself.
          const r = await w.call('GET', `${base(t, false)}/${p.key}`, as(sa));
          if (r.status === 200) own.set(role, { key: p.key, owner: p.key, data: r.body.data });
          continue;
        }
        const found = await w.call('POST', `/${t.module}/api/data/find/${t.type}`, { ...as(sa), body: { limit: 500 } });
        // A group a role belongs to grants its permissions: its rows get a group of their own to
        // delete, not the one that makes the role what it is.
        const existing = t.id === 'auth/groups' ? [] : (found.body?.items ?? []);
        let rec = existing.find((i: Json) => ownerOf(t, i) === p.key);
        const make = async () => {
          if (!template) return undefined;
          for (const by of [sa, s]) {
            const made = await create(by, t, withOwner(t, template, p.key));
            if (made && ownerOf(t, made) === p.key) return made;
          }
          return undefined;
        };
        rec ??= await make();
        if (rec) {
          const target: Target = { key: rec.key, owner: p.key, creator: rec.meta?.created_by, data: rec.data };
          target.remake = async () => {
            const again = await make();
            if (again) Object.assign(target, { key: again.key, creator: again.meta?.created_by, data: again.data });
            return !!again;
          };
          own.set(role, target);
          acmeKeys.add(rec.key);
        } else if (template) notes.push(`${t.id}: no record owned by ${role}`);
      }
    }

    const ghost = randomUUID();
    const targets = (role: RoleName): [Row['target'], Target | undefined, boolean][] => {
      const out: [Row['target'], Target | undefined, boolean][] = [];
      if (role === 'guest') return other ? [['other', other, true]] : [['ghost', undefined, false]];
      if (role === 'otherAdmin') {
        // Acme's records do not exist in the other company.
        if (other) out.push(['other', other, false]);
        out.push(['ghost', undefined, false]);
        return out;
      }
      if (own.get(role)) out.push(['own', own.get(role), true]);
      if (other) out.push(['other', other, true]);
      out.push(['ghost', undefined, false]);
      return out;
    };

    // 2. meta, find, read, save, update; create for another user's key.
    for (const role of ROLES) {
      await exec({ role, t, my: false, verb: 'meta', target: 'none' });
      // For owned types, whether the find shows a record the caller does not own tells 'all' from 'own';
      // for types whose list some reach only when published, whether it shows a draft.
      const publishedOnly = t.access.list.some((a) => a.split('+').includes('@published'));
      const otherKey =
        (t.owner || publishedOnly) &&
        other &&
        role !== 'otherAdmin' &&
        role !== 'guest' &&
        (publishedOnly || other.owner !== principals.get(role)!.key)
          ? other.key
          : undefined;
      await exec({ role, t, my: false, verb: 'find', target: 'none', otherKey });
      for (const [target, rec, exists] of targets(role)) {
        const key = rec?.key ?? ghost;
        await exec({ role, t, my: false, verb: 'read', target, key, exists, owner: rec?.owner, creator: rec?.creator });
        await exec({
          role,
          t,
          my: false,
          verb: 'save',
          target,
          key,
          exists,
          owner: rec?.owner,
          creator: rec?.creator,
          body: rec?.data ?? template ?? {},
        });
        await exec({
          role,
          t,
          my: false,
          verb: 'update',
          target,
          key,
          exists,
          owner: rec?.owner,
          creator: rec?.creator,
        });
      }
      if (t.owner && other && template && role !== 'guest' && role !== 'otherAdmin') {
        // A record for someone else (ivan, who has one of each user-keyed type already; carla's request).
        await exec({
          role,
          t,
          my: false,
          verb: 'create',
          target: 'forOther',
          bodyOwner: otherOwner(t),
          keyTaken: t.key === 'user',
          body: withOwner(t, template, otherOwner(t)),
        });
      }
    }

    // 3. the my_ variant, addressed by the caller's own key.
    if (t.my) {
      for (const role of ROLES) {
        const p = principals.get(role);
        await exec({ role, t, my: true, verb: 'meta', target: 'none' });
        const otherKey = other && p && role !== 'otherAdmin' && other.owner !== p.key ? other.key : undefined;
        await exec({ role, t, my: true, verb: 'find', target: 'none', otherKey });
        // The product-staff admin of each company sees whether the caller's own record exists there.
        const prober = role === 'otherAdmin' ? sessions.get('otherAdmin')! : sa;
        if (template) {
          const taken = t.key === 'user' && p ? await existsFor(certificateOf(p.key), prober) : false;
          await exec({
            role,
            t,
            my: true,
            verb: 'create',
            target: 'own',
            bodyOwner: p?.key,
            keyTaken: taken,
            body: withOwner(t, template, p?.key),
          });
        }
        const ownKey = p?.key ?? ghost;
        const ownRec =
          t.key === 'user' && p ? await w.call('GET', `${base(t, false)}/${ownKey}`, as(prober)) : undefined;
        const ownExists = ownRec?.status === 200;
        for (const [target, key, exists, owner] of [
          ['own', ownKey, ownExists, ownExists ? p?.key : undefined],
          ['other', other?.key ?? ghost, !!other && role !== 'otherAdmin', other?.owner],
        ] as [Row['target'], string, boolean, string | undefined][]) {
          await exec({ role, t, my: true, verb: 'read', target, key, exists, owner });
          await exec({
            role,
            t,
            my: true,
            verb: 'save',
            target,
            key,
            exists,
            owner,
            body: ownRec?.body?.data ?? other?.data ?? {},
          });
          await exec({ role, t, my: true, verb: 'update', target, key, exists, owner });
        }
      }
    }

    // 4. delete: each addressed record is made again first when a previous row deleted it.
    const ensure = async (rec: Target) => (await existsFor(rec.key)) || (rec.remake ? await rec.remake() : false);
    for (const role of ROLES) {
      for (const [target, rec, exists] of targets(role)) {
        // Deleting one's own account would end the session the rest of the table needs.
        if (target === 'own' && t.id === 'auth/users') continue;
        const there = rec && exists ? await ensure(rec) : exists;
        if (rec && exists && !there) continue;
        await exec({
          role,
          t,
          my: false,
          verb: 'delete',
          target,
          key: rec?.key ?? ghost,
          exists: there,
          owner: rec?.owner,
          creator: rec?.creator,
          data: rec?.data,
        });
      }
      if (t.my && role !== 'guest') {
        const p = principals.get(role)!;
        const rec = own.get(role);
        const there =
          t.key === 'user' && role === 'otherAdmin'
            ? await existsFor(certificateOf(p.key), sessions.get('otherAdmin')!)
            : t.key === 'user' && rec
              ? await ensure(rec)
              : false;
        await exec({
          role,
          t,
          my: true,
          verb: 'delete',
          target: 'own',
          key: p.key,
          exists: there,
          owner: there ? p.key : undefined,
        });
      }
    }
  });
  wallMs = performance.now() - started;
});

afterAll(async () => {
  await w?.server.stop();
});

/** A save of one's own user-keyed form that does not exist yet: made (200/201) or refused as invalid (400). */
const UPSERT = '200, 201 or 400';

function disagreements(m: Model, subset: Row[] = rows): Row[] {
  return subset.filter((r) => {
    const want = expected(m, r, principals.get(r.role));
    return want === UPSERT ? ![200, 201, 400].includes(r.actual as number) : want !== r.actual;
  });
}

function describeRow(r: Row, m: Model = model): string {
  const k = r.key ? `/${r.key.slice(0, 8)}` : '';
  return `${r.role} ${r.verb} ${r.my ? 'my_' : ''}${r.t.id}${k} [${r.target}] expected ${expected(m, r, principals.get(r.role))} got ${r.actual}`;
}

/**
 * Disagreements the server's order of checks causes, kept apart so the rest of the table stays
 * green and each is asserted (and reported) on its own.
 */
const DEFECTS: Record<string, (r: Row) => boolean> = {
  // A caller with no right at all on a type learns whether a key exists: save, update and delete
  // answer 404 for an unknown key but 403 for an existing one (reads answer 403 for both).
  'existence oracle': (r) =>
    ['save', 'update', 'delete'].includes(r.verb) &&
    r.target === 'ghost' &&
    r.actual === 404 &&
    expected(model, r, principals.get(r.role)) === 403,
  // A user-keyed create answers 409 "already exists" before deciding whether the caller may create it.
  'conflict before authorization': (r) =>
    r.verb === 'create' && r.actual === 409 && expected(model, r, principals.get(r.role)) === 403,
};

function inDefect(r: Row): string | undefined {
  return Object.keys(DEFECTS).find((k) => DEFECTS[k](r));
}

describe('roles × endpoints × expected status', () => {
  test('figures', () => {
    figure(SUITE, 'rows', rows.length);
    figure(SUITE, 'routes', FILES.length + FILES.filter((t) => t.my).length);
    figure(SUITE, 'wall time', wallMs / 1000, 's');
    const byStatus = new Map<number | string, number>();
    for (const r of rows) byStatus.set(r.actual!, (byStatus.get(r.actual!) ?? 0) + 1);
    figure(
      SUITE,
      'statuses',
      [...byStatus]
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
        .map(([s, n]) => `${s}:${n}`)
        .join(' '),
    );
    figure(SUITE, 'disagreements', disagreements(model).length);
    for (const n of notes) console.log(`[note] ${n}`);
    assert.ok(rows.length > 3000, `${rows.length} rows`);
  });

  test('the server answers what x-access and docs/decisions.md give, row by row', () => {
    const bad = disagreements(model).filter((r) => !inDefect(r));
    for (const r of bad.slice(0, 40)) console.log(`[mismatch] ${describeRow(r)}`);
    assert.equal(
      bad.length,
      0,
      `${bad.length} rows disagree; first: ${bad
        .slice(0, 5)
        .map((r) => describeRow(r))
        .join('; ')}`,
    );
  });

  test('no answer leaks: no stack trace or secret, no data with an error, own-only finds hold only own records', () => {
    assert.deepEqual(problems.slice(0, 20), []);
  });

  test('a caller with no right on a type gets 403 for save, update and delete whether or not the key exists', () => {
    const found = rows.filter((r) => inDefect(r) === 'existence oracle');
    figure(SUITE, 'existence-oracle rows', `${found.length} over ${new Set(found.map((r) => r.t.id)).size} types`);
    for (const r of found.slice(0, 10)) console.log(`[defect] ${describeRow(r)}`);
    // Regression (found by this suite, fixed): PATCH /auth/api/data/audit_log/<random uuid> answered
    // 404 while an existing key answered 403, so someone with no right on the type learned which keys exist.
    assert.equal(
      found.length,
      0,
      `${found.length} rows: ${found
        .slice(0, 6)
        .map((r) => describeRow(r))
        .join('; ')}`,
    );
  });

  test('a create the caller may not make is 403 even when a record with that key exists', () => {
    const found = rows.filter((r) => inDefect(r) === 'conflict before authorization');
    for (const r of found.slice(0, 10)) console.log(`[defect] ${describeRow(r)}`);
    // Regression (found by this suite, fixed): POST /payroll/api/data/w4/ {..., _user_uuid: <ivan's key>}
    // by the employee answered 409 "already exists" instead of 403, revealing a W-4 she may not read.
    assert.equal(
      found.length,
      0,
      `${found.length} rows: ${found
        .slice(0, 6)
        .map((r) => describeRow(r))
        .join('; ')}`,
    );
  });
});

describe('meta-test: the table notices a rule that stops holding', () => {
  test('flipping one rule in the evaluator makes the table disagree with the server', () => {
    // Remove one alternative from one x-access rule, in memory, and count the rows that would
    // then disagree with what the server answered.
    const flips: { what: string; rows: number }[] = [];
    const undetected: string[] = [];
    for (const t of FILES) {
      for (const verb of ['list', 'read', 'create', 'edit', 'delete'] as AccessVerb[]) {
        for (const alt of t.access[verb]) {
          if (alt === '@nobody') continue;
          const flipped: Model = {
            ...model,
            access: (id) =>
              id === t.id
                ? { ...model.access(id), [verb]: model.access(id)[verb].filter((a) => a !== alt) }
                : model.access(id),
          };
          const subset = rows.filter((r) => r.t.id === t.id);
          const n = disagreements(flipped, subset).length - disagreements(model, subset).length;
          flips.push({ what: `${t.id} ${verb} without ${alt}`, rows: n });
          if (n <= 0) undetected.push(`${t.id} ${verb} ${alt}`);
        }
      }
    }
    // (@employee is not in the list: its only use, payroll/employer_contacts, sits beside
    // PAYROLL:CanUseModule, which every employee of the table holds.)
    const semantic = [
      'admin passes every rule',
      '@owner',
      '@signed-in',
      'module usable',
      '403 for others’ records',
      'product-staff account unchanged',
    ].map((rule) => ({
      what: `rule "${rule}" off`,
      rows: disagreements({ ...model, off: new Set([rule]) }).length - disagreements(model).length,
    }));
    for (const s of semantic) console.log(`[meta] ${s.what}: ${s.rows} rows would disagree`);
    const detected = flips.filter((f) => f.rows > 0).length;
    figure(SUITE, 'rule alternatives whose removal the table detects', `${detected} of ${flips.length}`);
    console.log(
      `[meta] not observable with these roles (permissions no role holds, or @admin, which the product-staff admin passes anyway): ${undetected.length}`,
    );
    const example = flips.find((f) => f.what === 'payroll/employee read without @owner');
    console.log(`[meta] e.g. ${example?.what}: ${example?.rows} rows would disagree`);
    assert.ok(
      flips.some((f) => f.rows > 0),
      'at least one flipped rule shows',
    );
    assert.ok(example && example.rows > 0, 'removing @owner from payroll/employee read shows');
    for (const s of semantic) assert.ok(s.rows > 0, `${s.what} shows`);
    // Every alternative a role of the table holds (a permission, @owner, @employee, @signed-in)
    // in a module that role may use is one whose removal the table notices.
    const holdable = undetected.filter((u) => {
      const [id, verb, alt] = u.split(' ');
      const t = FILES.find((f) => f.id === id)!;
      return [...principals.values()].some(
        (p) =>
          !p.isAdmin &&
          p.org === w.acmeOrg &&
          moduleUsable(model, t, p) &&
          (alt === '@signed-in' || (alt === '@employee' && p.isEmployee) || p.perms.has(alt)) &&
          // An alternative another alternative of the same rule already grants cannot show.
          !model.access(id)[verb as AccessVerb].some((o) => o !== alt && passes(model, [o], p, false)) &&
          // Nor one over a type of which the company holds no record (server-written logs not yet written).
          rows.some((r) => r.t.id === id && r.target === 'other'),
      );
    });
    assert.deepEqual(holdable, [], 'held alternatives whose removal the table would not notice');
  });
});
