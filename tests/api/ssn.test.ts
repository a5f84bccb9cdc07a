/**
 * retrieve_ssn through the SSN index (server/payroll/ssn-index.ts), in-process so that the test can
 * count decryptions and read the index: a wrong last four, an unknown employee and another
 * company's employee answer alike without decrypting anything; every answer is audited; the index
 * follows saves, updates and deletes; sensitive fields of every type stay unsearchable.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createApp } from '../../server/app.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { fieldFacts } from '../../server/data/fields.ts';
import { systemPut } from '../../server/data/system-write.ts';
import { seedDemo } from '../../server/demo.ts';
import { backfillSsnIndex, ssnIndexKey } from '../../server/payroll/ssn-index.ts';
import { SYSTEM, type Services } from '../../server/services.ts';
import { employeeAccount } from '../helpers/demo.ts';
import { inProcessCaller, testServices } from '../helpers/in-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

interface Session {
  org: string;
  token: string;
  user: string;
}
type Call = (
  method: string,
  p: string,
  o?: { as?: Session; org?: string; body?: unknown },
) => Promise<{ status: number; text: string; body: any; headers: Headers }>;

let services: Services;
let dataDir: string;
let call: Call;
let acme: string;
let payroll: Session;
let emma: Session;
let admin: Session;
let acmeStaff: Session;
let other: { org: string; admin: Session; employee: string };
let decrypts = 0;

const ALL = { criteria: [], limit: 10_000, offset: 0 };
const RETRIEVE = '/payroll/api/retrieve_ssn';

async function login(org: string, userid: string, key: string, type?: string): Promise<Session> {
  const r = await call('POST', '/auth/api/login', { org, body: { userid, key, ...(type ? { type } : {}) } });
  assert.equal(r.status, 200, `login ${userid}: ${r.text}`);
  return { org, token: r.body.token, user: r.body.session.user.key };
}

/** A user of the caller's company with an employee record holding `ssn`; answers the employee key. */
async function newEmployee(by: Session, ssn: string): Promise<string> {
  const email = `e${crypto.randomUUID().slice(0, 8)}@example.com`;
  const u = await call('POST', '/auth/api/data/users/', {
    as: by,
    body: employeeAccount({ email }),
  });
  assert.equal(u.status, 201, u.text);
  const e = await call('POST', '/payroll/api/data/employee/', {
    as: by,
    body: { _user_uuid: u.body.key, email, first_name: 'Grace', last_name: 'Hopper', ssn, employment_type: 'REGULAR' },
  });
  assert.equal(e.status, 201, e.text);
  return e.body.key;
}

/** Signs in as the product-staff admin of `org` through a single-use sudo key. */
async function sudo(staff: Session, org: string): Promise<Session> {
  const r = await call('POST', `/auth/api/sudo_login?organization_id=${org}`, {
    as: staff,
    body: { organization_id: org },
  });
  assert.equal(r.status, 200, r.text);
  return login(org, r.body.identifier, r.body.single_use_key, 'sudo_login');
}

const retrieve = (as: Session, employee_id: string, last_four: string) =>
  call('POST', RETRIEVE, { as, body: { data: { employee_id, last_four } } });

/** The reveal audit records of `org`, oldest first. */
async function reveals(org: string) {
  return (
    await services.storage.find('auth/audit_log', org, {
      ...ALL,
      criteria: [{ field: 'action_type', is: '=', value: 'reveal' }],
    })
  ).items
    .map((r) => r.data)
    .sort((a, b) => Number(a.action_time) - Number(b.action_time));
}

beforeAll(async () => {
  const t = await testServices({ prefix: 'dform-ssn-' });
  services = t.services;
  dataDir = t.dataDir;
  const decrypt = services.cipher.decrypt.bind(services.cipher);
  services.cipher.decrypt = (v: string) => {
    decrypts++;
    return decrypt(v);
  };
  const boot = await bootstrap(services);
  acme = await seedDemo(services, boot.orgId);
  const app = createApp(services);
  const client = inProcessCaller(app, boot.orgId);
  call = (method, p, o = {}) => client(method, p, { org: o.as?.org ?? o.org, token: o.as?.token, body: o.body });
  payroll = await login(acme, 'payroll@acme.example', 'demo-payroll-pass');
  emma = await login(acme, 'emma@acme.example', 'demo-employee-pass');
  admin = await login(acme, 'admin@acme.example', 'demo-admin-pass');

  // Another company, with an employee whose SSN ends like Emma's.
  const staff = await login(boot.orgId, ADMIN_EMAIL, ADMIN_PASSWORD);
  const company = await call('POST', '/auth/api/data/organizations/', {
    as: staff,
    body: {
      name: 'Globex',
      hostname: 'globex.dform.app',
      admin_email: 'admin@globex.example',
      active_modules: ['auth', 'payroll'],
      status: 'active',
      parent_organization: boot.orgId,
    },
  });
  assert.equal(company.status, 201, company.text);
  const globexAdmin = await sudo(staff, company.body.key);
  acmeStaff = await sudo(staff, acme);
  other = { org: company.body.key, admin: globexAdmin, employee: await newEmployee(globexAdmin, '587-65-6789') };
});

afterAll(async () => {
  await services.storage.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('retrieve_ssn through the keyed SSN index', () => {
  test('wrong last four, unknown employee and another company’s employee: one answer, no decryption, all audited', async () => {
    const auditsBefore = (await reveals(acme)).length;
    decrypts = 0;
    const unknown = crypto.randomUUID();
    const misses = [
      await retrieve(payroll, emma.user, '0000'),
      await retrieve(payroll, unknown, '6789'),
      await retrieve(payroll, other.employee, '6789'),
      await retrieve(payroll, 'not-a-key', '6789'),
    ];
    assert.equal(decrypts, 0, 'a miss is decided by the index alone');
    const shape = (r: Awaited<ReturnType<typeof retrieve>>) => ({
      status: r.status,
      text: r.text,
      headers: [...r.headers].filter(([k]) => k !== 'date'),
    });
    for (const m of misses) assert.deepEqual(shape(m), shape(misses[0]));
    assert.equal(misses[0].status, 404);
    assert.deepEqual(misses[0].body, { message: 'Not found' });

    const hit = await retrieve(payroll, emma.user, '6789');
    assert.equal(hit.status, 200, hit.text);
    assert.deepEqual(hit.body, { ssn: '123-45-6789' });
    assert.equal(hit.headers.get('cache-control'), 'no-store');
    assert.equal(decrypts, 1, 'only the matching record is decrypted');

    const denied = await retrieve(emma, emma.user, '6789');
    assert.equal(denied.status, 403);
    assert.equal(decrypts, 1);

    const audits = (await reveals(acme)).slice(auditsBefore);
    assert.deepEqual(
      audits.map((a) => [(a.detail as { outcome: string }).outcome, a.logged_in_user]),
      [
        ['not found', payroll.user],
        ['not found', payroll.user],
        ['not found', payroll.user],
        ['not found', payroll.user],
        ['revealed', payroll.user],
        ['refused', emma.user],
      ],
    );
    assert.deepEqual(
      audits.map((a) => (a.detail as { key: string }).key),
      [emma.user, unknown, other.employee, '', emma.user, emma.user],
    );
    assert.equal(audits[4].affected_user, emma.user);
    assert.ok(!JSON.stringify(audits).includes('123-45-6789'), 'no SSN in the audit log');
    assert.equal((await reveals(other.org)).length, 0, 'nothing is written into the other company');
  });

  test('the index holds keyed digests and employee keys only, never a value or a plain hash', async () => {
    const entries = (await services.storage.find(SYSTEM.ssnIndex, acme, ALL)).items;
    assert.ok(entries.length >= 1);
    for (const e of entries) assert.deepEqual(Object.keys(e.data), ['employee']);
    const emmaKey = ssnIndexKey(services, acme, emma.user, '6789');
    assert.ok(entries.some((e) => e.key === emmaKey));
    const plain = createHash('sha256')
      .update(`ssn-last-four\u0000${acme}\u0000${emma.user}\u00006789`)
      .digest('base64url');
    assert.notEqual(emmaKey, plain);
    assert.equal(
      await services.storage.get(SYSTEM.ssnIndex, acme, ssnIndexKey(services, other.org, other.employee, '6789')),
      undefined,
    );
  });

  test('the index follows a save with the masked value, an update of the SSN and a delete', async () => {
    const key = await newEmployee(admin, '111-22-3333');
    const entriesOf = async () =>
      (await services.storage.find(SYSTEM.ssnIndex, acme, ALL)).items.filter((e) => e.data.employee === key).length;
    assert.equal((await retrieve(payroll, key, '3333')).status, 200);
    assert.equal(await entriesOf(), 1);

    const read = await call('GET', `/payroll/api/data/employee/${key}`, { as: payroll });
    assert.equal(read.body.data.ssn, 'xxx-xx-3333');
    const saved = await call('POST', `/payroll/api/data/employee/${key}`, {
      as: payroll,
      body: { ...read.body.data, job_title: 'Admiral' },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal((await retrieve(payroll, key, '3333')).status, 200, 'a masked value saved back keeps the entry');
    assert.equal(await entriesOf(), 1);

    const patched = await call('PATCH', `/payroll/api/data/employee/${key}`, {
      as: payroll,
      body: { ssn: '444-55-6666' },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal((await retrieve(payroll, key, '3333')).status, 404, 'the old last four no longer matches');
    const now = await retrieve(payroll, key, '6666');
    assert.equal(now.status, 200);
    assert.equal(now.body.ssn, '444-55-6666');
    assert.equal(await entriesOf(), 1);

    const removed = await call('DELETE', `/payroll/api/data/employee/${key}`, { as: acmeStaff });
    assert.equal(removed.status, 204, removed.text);
    assert.equal((await retrieve(payroll, key, '6666')).status, 404);
    assert.equal(await entriesOf(), 0);
  });

  test('records written before the index get their entries once at start', async () => {
    const u = await call('POST', '/auth/api/data/users/', {
      as: admin,
      body: {
        email: 'legacy@acme.example',
        display_name: 'Legacy',
        status: 'active',
        permissions: [],
        is_employee: true,
        employee_id: '777',
      },
    });
    assert.equal(u.status, 201, u.text);
    // As an older server wrote it: the record without an index entry.
    await services.storage.commit([
      systemPut(services, 'payroll/employee', acme, u.body.key, {
        first_name: 'Lee',
        last_name: 'Gacy',
        email: 'legacy@acme.example',
        ssn: '222-33-4444',
        employment_type: 'REGULAR',
        status: 'active',
        sync_status: 'pending',
        _user_uuid: u.body.key,
      }),
    ]);
    assert.equal((await retrieve(payroll, u.body.key, '4444')).status, 404);
    assert.equal(await backfillSsnIndex(services), 1);
    assert.equal((await retrieve(payroll, u.body.key, '4444')).body.ssn, '222-33-4444');
    assert.equal(await backfillSsnIndex(services), 0, 'it runs once');
  });
});

describe('sensitive fields cannot be searched', () => {
  test('every sensitive field of every type, and the objects holding one, answer 400 naming the field', async () => {
    // The product-staff admin passes every access rule but @nobody, so every type reaches the field check.
    const root = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
    const staff = await login(root, ADMIN_EMAIL, ADMIN_PASSWORD);
    let checked = 0;
    for (const entity of services.catalogue.registry.all()) {
      const facts = fieldFacts(services.catalogue, entity);
      if (!facts.unsearchable.size || entity.file['x-access'].list.includes('@nobody')) continue;
      const holders = new Set<string>();
      for (const f of facts.unsearchable) {
        const parts = f.split('.');
        for (let i = 1; i < parts.length; i++) holders.add(parts.slice(0, i).join('.'));
      }
      for (const field of [...facts.unsearchable, ...holders]) {
        const url = `/${entity.module}/api/data/find/${entity.type}`;
        for (const body of [
          { criteria: [{ field, is: '=', value: '123-45-6789' }] },
          { criteria: [{ field, is: 'like', value: '6789' }] },
          { sort: [{ field, dir: 'asc' }] },
        ]) {
          const r = await call('POST', url, { as: staff, body });
          assert.equal(r.status, 400, `${url} ${JSON.stringify(body)}: ${r.text}`);
          assert.ok(r.body.message.includes(`'${field}'`), `${url}: the message names ${field}: ${r.body.message}`);
          checked++;
        }
      }
    }
    assert.ok(checked >= 18, `checked ${checked} searches`);
  });
});

describe('answers holding personal data are not cached', () => {
  test('read, find, create, save, update and retrieve_ssn answer Cache-Control: no-store', async () => {
    const key = await newEmployee(admin, '555-66-7777');
    const base = '/payroll/api/data/employee';
    const read = await call('GET', `${base}/${key}`, { as: payroll });
    const answers = [
      read,
      await call('POST', '/payroll/api/data/find/employee', { as: payroll, body: { limit: 5 } }),
      await call('POST', `${base}/${key}`, { as: payroll, body: read.body.data }),
      await call('PATCH', `${base}/${key}`, { as: payroll, body: { job_title: 'Clerk' } }),
      await call('POST', `${base}/`, {
        as: admin,
        body: {
          _user_uuid: admin.user,
          email: 'admin@acme.example',
          first_name: 'A',
          last_name: 'B',
          ssn: '555-66-8888',
        },
      }),
      await retrieve(payroll, key, '7777'),
    ];
    for (const a of answers) {
      assert.ok(a.status < 300, a.text);
      assert.equal(a.headers.get('cache-control'), 'no-store', a.text.slice(0, 80));
    }
  });
});

describe('masked answers without decryption', () => {
  test('an SSN is stored with its mask (enc:v2): reads and finds answer the mask and decrypt nothing', async () => {
    const key = await newEmployee(admin, '219-09-4321');
    const stored = (await services.storage.get('payroll/employee', acme, key))!.data.ssn as string;
    assert.match(stored, /^enc:v2:xxx-xx-4321:/, 'the masked form kept beside the cipher text');
    assert.doesNotMatch(stored, /219-?09/, 'never the clear digits beyond the last four');
    const before = decrypts;
    const read = await call('GET', `/payroll/api/data/employee/${key}`, { as: payroll });
    assert.equal(read.body.data.ssn, 'xxx-xx-4321');
    const found = await call('POST', '/payroll/api/data/find/employee', {
      as: payroll,
      body: { criteria: [], limit: 500 },
    });
    assert.equal(found.status, 200, found.text);
    assert.ok(found.body.items.some((i: { data: { ssn?: string } }) => i.data.ssn === 'xxx-xx-4321'));
    assert.equal(decrypts, before, 'no value decrypted to mask it');
  });
});
