/**
 * Every permission alternative of every access rule is enforced, and the test would fail if it
 * were removed. The roles table (roles.test.ts) notices the alternatives its six roles hold; this
 * suite covers the rest. In a company with every module active, for each type T, verb V and
 * permission P named in T's x-access[V]: a user holding exactly {P, CanUseModule of T's module}
 * (the specialist) and one holding only the CanUseModule (the bare user) make the same call. The
 * bare user must be refused (403) and the specialist must not be: the two differ by P alone, so if
 * the rule stopped naming P (or the server stopped honouring it) the specialist would be refused
 * too and this test would fail. Where the rule also names @owner, the probe addresses someone
 * else's record (the bare user passes for their own). Skips are counted with their reason: a rule
 * naming @signed-in or the module's CanUseModule (every user of the module passes it, so P adds
 * nothing observable), create with @owner, and types of which no record could be made.
 */
import { certificateKey } from '../../server/payroll/certificates.ts';
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import jsf from 'json-schema-faker';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { ROOT } from '../helpers/server.ts';
import { createCompany, figure, pool, seededRandom, sudoInto } from '../helpers/hardening.ts';
import {
  hrPeopleOf,
  paystubOf,
  ptoTeamOf,
  RECORD_OVERRIDES,
  withoutEngineKeywords,
} from '../helpers/generated-records.ts';
import { outboxSize, waitForMail } from '../helpers/outbox.ts';

const SUITE = 'permissions';
type Json = any;
type AccessVerb = 'list' | 'read' | 'create' | 'edit' | 'delete';
const VERBS: AccessVerb[] = ['list', 'read', 'create', 'edit', 'delete'];
const MODULES = ['auth', 'payroll', 'hr', 'time', 'comms', 'storage'];

interface TypeFile {
  module: string;
  type: string;
  id: string;
  access: Record<AccessVerb, string[]>;
  userKeyed: boolean;
}

/**
 * The access rules this suite expects, written down apart from the schema files (PocketBase style):
 * the probes come from this table, so a rule removed from a schema (or no longer honoured by the
 * server) fails a probe, and a rule changed in a schema without this table fails the first test.
 */
const TABLE: Record<string, Record<AccessVerb, string[]>> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'access-rules.json'), 'utf8'),
);
const SCHEMA_RULES = new Map<string, { access: Record<AccessVerb, string[]>; userKeyed: boolean }>(
  MODULES.flatMap((module) =>
    readdirSync(path.join(ROOT, 'schemas', module))
      .filter((n) => n.endsWith('.json'))
      .map((f) => {
        const file = JSON.parse(readFileSync(path.join(ROOT, 'schemas', module, f), 'utf8'));
        return [
          `${module}/${f.replace(/\.json$/, '')}`,
          { access: file['x-access'], userKeyed: file['x-key'] === 'user' },
        ];
      }),
  ),
);
const FILES: TypeFile[] = Object.entries(TABLE).map(([id, access]) => {
  const [module, type] = id.split('/');
  return { module, type, id, access, userKeyed: SCHEMA_RULES.get(id)?.userKeyed ?? false };
});

let w: DemoWorld;
let org = '';
/** RECORD_OVERRIDES, and a PTO request on the company's plan. */
const overrides: Record<string, Record<string, unknown>> = { ...RECORD_OVERRIDES };
let staff: Session;
/** One user of the company for user-keyed records the staff admin creates. */
let holder = '';
const sessions = new Map<string, Session>();

/** The permission that makes module M usable (auth and storage need none; comms takes any COMMS one). */
const usePermission = (module: string) =>
  module === 'auth' || module === 'storage'
    ? undefined
    : module === 'comms'
      ? 'COMMS:CanManageNotificationRoutes'
      : `${module.toUpperCase()}:CanUseModule`;

async function newUser(permissions: string[], employee = false): Promise<{ key: string; email: string }> {
  const email = `p-${randomUUID().slice(0, 12)}@rules.example`;
  const r = await w.call('POST', '/auth/api/data/users/', {
    ...as(staff),
    body: {
      email,
      display_name: 'Rule Probe',
      status: 'active',
      permissions,
      is_employee: employee,
      ...(employee ? { employee_id: `E-${crypto.randomUUID().slice(0, 24)}` } : {}),
    },
  });
  assert.equal(r.status, 201, `user with ${permissions.join(', ')}: ${r.text}`);
  return { key: r.body.key, email };
}

/** Signs a user in through a forgot_password key read from DATA_DIR/outbox.jsonl. */
async function signIn(email: string): Promise<Session> {
  const since = await outboxSize(w.server.dataDir);
  const asked = await w.call('POST', '/auth/api/forgot_password', { org, body: { username: email } });
  assert.equal(asked.status, 200, asked.text);
  const line = await waitForMail(w.server.dataDir, (m) => m.to === email, { since });
  const link = /userid=([^&]+)&key=([^&]+)/.exec(line.text)!;
  const r = await w.call('POST', '/auth/api/login', {
    org,
    body: { userid: decodeURIComponent(link[1]), key: decodeURIComponent(link[2]), type: 'forgot_password' },
  });
  assert.equal(r.status, 200, `sign-in of ${email}: ${r.text}`);
  return { org, token: r.body.token, user: r.body.session.user.key };
}

async function session(permissions: string[]): Promise<Session> {
  const id = [...permissions].sort().join(' ');
  let s = sessions.get(id);
  if (!s) {
    s = await signIn((await newUser(permissions)).email);
    sessions.set(id, s);
  }
  return s;
}

/** A record body the server accepts for T (generated from its schema), or undefined. */
async function acceptedBody(t: TypeFile, schema: Json): Promise<Json | undefined> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const body = { ...(jsf.generate(schema) as Json), ...overrides[t.id] };
    if (t.userKeyed) body._user_uuid = holder;
    if (t.id === 'auth/users') body.email = `g-${randomUUID().slice(0, 12)}@rules.example`;
    if (t.id === 'auth/organizations') body.hostname = `g${randomUUID().slice(0, 8)}.dform.app`;
    const r = await w.call('POST', `/${t.module}/api/data/${t.type}/`, { ...as(staff), body });
    if (r.status === 201) {
      if (t.userKeyed) {
        // The key is taken now; the probes create for other users and edit this one.
        await w.call('DELETE', `/${t.module}/api/data/${t.type}/${r.body.key}`, as(staff));
      }
      return { body, key: r.body.key };
    }
  }
  return undefined;
}

interface Probe {
  t: TypeFile;
  verb: AccessVerb;
  permission: string;
  outcome: 'enforced' | 'skipped';
  reason?: string;
  /** The rule names @owner too: the probe addressed someone else's record. */
  owned?: boolean;
  specialist?: number;
  bare?: number;
}

beforeAll(async () => {
  w = await demoWorld();
  org = await createCompany(w, 'Rules Co', 'rules.dform.app', ['auth', 'payroll', 'comms', 'hr', 'time']);
  staff = await sudoInto(w, w.staff, org);
  const plan = await w.call('POST', '/time/api/data/pto_plan/', {
    ...as(staff),
    body: { name: 'Vacation', plan_type: 'Vacation', calc_period: 'payroll', status: 'active' },
  });
  assert.equal(plan.status, 201, plan.text);
  overrides['time/pto_request'] = { ...RECORD_OVERRIDES['time/pto_request'], plan_id: plan.body.key };
  holder = (await newUser([], true)).key;
  Object.assign(overrides, paystubOf(holder));
  const document = await w.call('POST', '/hr/api/data/employee_documents/', {
    ...as(staff),
    body: { employee_id: holder, display_name: 'Licence', filename: 'licence.pdf' },
  });
  assert.equal(document.status, 201, document.text);
  Object.assign(overrides, hrPeopleOf(holder, document.body.key));
  Object.assign(overrides, await ptoTeamOf((body) => w.call('POST', '/auth/api/data/groups/', { ...as(staff), body })));
  jsf.option({
    requiredOnly: true,
    useDefaultValue: true,
    alwaysFakeOptionals: false,
    failOnInvalidTypes: false,
    random: seededRandom(11),
  });
});
afterAll(async () => {
  await w.server.stop();
});

test('the schema files hold exactly the access rules of the table', () => {
  const differ: string[] = [];
  for (const id of new Set([...SCHEMA_RULES.keys(), ...Object.keys(TABLE)])) {
    for (const verb of VERBS) {
      const inSchema = JSON.stringify(SCHEMA_RULES.get(id)?.access[verb] ?? null);
      const inTable = JSON.stringify(TABLE[id]?.[verb] ?? null);
      if (inSchema !== inTable) differ.push(`${id} ${verb}: schema ${inSchema}, table ${inTable}`);
    }
  }
  assert.deepEqual(differ, [], 'a changed access rule is changed in tests/hardening/access-rules.json too, on purpose');
});

test('each permission alternative of each rule grants what it names, and only it', async () => {
  const started = performance.now();
  const probes: Probe[] = [];
  const records = new Map<string, { body: Json; key: string } | undefined>();
  await pool(FILES, 3, async (t) => {
    if (!VERBS.some((v) => t.access[v].some((a) => !a.startsWith('@')))) return;
    const meta = await w.call('GET', `/${t.module}/api/data/meta/${t.type}`, as(staff));
    records.set(
      t.id,
      t.access.create.every((a) => a === '@nobody')
        ? undefined
        : await acceptedBody(t, withoutEngineKeywords(meta.body.schema)),
    );
  });

  for (const t of FILES) {
    const base = `/${t.module}/api/data/${t.type}`;
    const use = usePermission(t.module);
    for (const verb of VERBS) {
      const rule = t.access[verb];
      for (const permission of rule.filter((a) => !a.startsWith('@'))) {
        const probe: Probe = { t, verb, permission, outcome: 'skipped' };
        probes.push(probe);
        if (rule.includes('@signed-in')) {
          probe.reason = 'the rule also names @signed-in (every user passes it)';
          continue;
        }
        // With @owner beside P, both users pass for their own records: the probe addresses
        // someone else's (the holder's) record, which only P opens. So with a permission that
        // reaches published records only (HR:CanUseModule+@published): the holder's record is a
        // draft, unpublished.
        const owned = rule.includes('@owner') || rule.some((a) => a.split('+').includes('@published'));
        probe.owned = owned;
        if (owned && verb === 'create') {
          probe.reason = 'create with @owner: anyone may create their own (the roles table covers it)';
          continue;
        }
        const bare = use && use !== permission ? [use] : [];
        // An alternative the bare user already holds cannot be told apart by it.
        if (rule.some((a) => bare.includes(a))) {
          probe.reason = `the rule also names ${use}`;
          continue;
        }
        if (permission.split('+').every((token) => token.startsWith('@') || bare.includes(token))) {
          probe.reason = `${use} joined to a fact of the record (the roles table covers it)`;
          continue;
        }
        const record = records.get(t.id);
        const call = async (s: Session): Promise<number> => {
          switch (verb) {
            case 'list': {
              const r = await w.call('POST', `/${t.module}/api/data/find/${t.type}`, {
                ...as(s),
                body: { limit: 500 },
              });
              if (!owned || r.status !== 200) return r.status;
              // Someone else's record listed (200) or filtered out (404, as a read would answer).
              const key = await existing(t, record!);
              return r.body.items.some((i: { key: string }) => i.key === key) ? 200 : 404;
            }
            case 'read':
              return (await w.call('GET', `${base}/${owned ? await existing(t, record!) : randomUUID()}`, as(s)))
                .status;
            case 'delete': {
              const r = await w.call('DELETE', `${base}/${owned ? await existing(t, record!) : randomUUID()}`, as(s));
              return r.status;
            }
            case 'create': {
              const body = record ? { ...record.body } : {};
              if (t.userKeyed) body._user_uuid = s.user;
              // An e-mail is an account's (a hire's makes one): each record its own.
              if (t.id === 'auth/users' || t.id === 'payroll/onboarding_user')
                body.email = `c-${randomUUID().slice(0, 12)}@rules.example`;
              if (t.id === 'auth/organizations') body.hostname = `c${randomUUID().slice(0, 8)}.dform.app`;
              return (await w.call('POST', `${base}/`, { ...as(s), body })).status;
            }
            case 'edit':
              return (await w.call('PATCH', `${base}/${await existing(t, record!)}`, { ...as(s), body: {} })).status;
          }
        };
        if ((verb === 'edit' || owned) && !record) {
          probe.reason = 'no record of this type could be made to address';
          continue;
        }
        probe.bare = await call(await session(bare));
        // An alternative may join a permission with tokens (P+@others): the specialist holds P alone.
        const granted = permission.split('+').filter((token) => !token.startsWith('@'));
        probe.specialist = await call(await session(use && !granted.includes(use) ? [...granted, use] : granted));
        probe.outcome = 'enforced';
      }
    }
  }

  const enforced = probes.filter((p) => p.outcome === 'enforced');
  // Read and delete of an unknown key: allowed is 404, refused 403. The others address a record or
  // a type: refused is 403, or 404 when the caller may reach only their own records (docs/decisions.md "403
  // or 404"); allowed is anything else short of a 5xx.
  const refused = (p: Probe, status: number) =>
    (p.verb === 'read' || p.verb === 'delete') && !p.owned ? status === 403 : status === 403 || status === 404;
  const wrong = enforced.filter(
    (p) => !refused(p, p.bare!) || refused(p, p.specialist!) || p.specialist! >= 500 || p.bare! >= 500,
  );
  const skipped = probes.filter((p) => p.outcome === 'skipped');
  const reasons = new Map<string, number>();
  for (const p of skipped) reasons.set(p.reason!, (reasons.get(p.reason!) ?? 0) + 1);
  for (const [reason, n] of reasons) console.log(`[skip] ${n}: ${reason}`);
  for (const p of skipped.filter((s) => s.reason!.startsWith('no record')))
    console.log(`[skip] ${p.t.id} ${p.verb} ${p.permission}`);
  figure(SUITE, 'permission alternatives', probes.length);
  figure(SUITE, 'enforced and told apart (bare 403, specialist allowed)', enforced.length - wrong.length);
  figure(SUITE, 'distinct permissions probed', new Set(enforced.map((p) => p.permission)).size);
  figure(SUITE, 'wall time', Math.round(performance.now() - started), 'ms');
  assert.deepEqual(
    wrong.map((p) => `${p.t.id} ${p.verb} ${p.permission}: bare ${p.bare}, specialist ${p.specialist}`),
    [],
  );
  assert.ok(enforced.length >= probes.length / 2, `${enforced.length} of ${probes.length} probed`);
});

/**
 * The key of a record of T that the staff admin made (owned by the holder for a user-keyed type),
 * made again when a probe deleted it.
 */
async function existing(t: TypeFile, record: { body: Json; key: string }): Promise<string> {
  const base = `/${t.module}/api/data/${t.type}`;
  // A state certificate is keyed by its employee and its state; addressed by the user key, the server
  // opens the certificate of the state due (work or residence), which may be another.
  const key =
    t.id === 'payroll/state_w4' ? certificateKey(holder, String(record.body.state)) : t.userKeyed ? holder : record.key;
  if ((await w.call('GET', `${base}/${key}`, as(staff))).status === 200) return key;
  const body = t.userKeyed ? { ...record.body, _user_uuid: holder } : { ...record.body };
  if (t.id === 'auth/users' || t.id === 'payroll/onboarding_user')
    body.email = `r-${randomUUID().slice(0, 12)}@rules.example`;
  if (t.id === 'auth/organizations') body.hostname = `r${randomUUID().slice(0, 8)}.dform.app`;
  const r = await w.call('POST', `${base}/`, { ...as(staff), body });
  assert.equal(r.status, 201, `${t.id} made again: ${r.text}`);
  record.key = r.body.key;
  return r.body.key;
}
