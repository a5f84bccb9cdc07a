/**
 * The W-4's 2019 section (x-visible: payroll, or @filled): hidden from an employee whose W-4 holds
 * no 2019 answers, shown to one whose record does (an imported 2019 certificate; the API never makes
 * one, so the test writes it into the store as an import would), always shown to payroll.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { createApp } from '../../server/app.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import type { Storage } from '../../server/storage/types.ts';
import { inProcessCaller, testServices } from '../helpers/in-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

let call: ReturnType<typeof inProcessCaller>;
let storage: Storage;
let org: string;
let staff: string;
let close: () => Promise<void>;
beforeAll(async () => {
  const t = await testServices({ prefix: 'dform-w4-legacy-' });
  const boot = await bootstrap(t.services);
  org = boot.orgId;
  storage = t.storage;
  call = inProcessCaller(createApp(t.services), boot.orgId);
  const r = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(r.status, 200, r.text);
  staff = r.body.token;
  close = async () => {
    await t.storage.close();
    await rm(t.dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

/** An employee who uses payroll, signed in: their token and user key. */
async function employee(name: string): Promise<{ token: string; user: string }> {
  const email = `${name.toLowerCase()}.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const u = await call('POST', '/auth/api/data/users/', {
    token: staff,
    body: {
      email,
      display_name: name,
      status: 'active',
      permissions: ['PAYROLL:CanUseModule'],
      is_employee: true,
      employee_id: `E-${crypto.randomUUID().slice(0, 8)}`,
    },
  });
  assert.equal(u.status, 201, u.text);
  const p = await call('POST', '/auth/api/set_user_password', {
    token: staff,
    body: { user_id: u.body.key, password: 'employee-pass-1', password2: 'employee-pass-1' },
  });
  assert.equal(p.status, 200, p.text);
  const l = await call('POST', '/auth/api/login', { body: { userid: email, key: 'employee-pass-1' } });
  assert.equal(l.status, 200, l.text);
  return { token: l.body.token, user: u.body.key };
}

const sections = async (token: string, type: string) => {
  const r = await call('GET', `/payroll/api/data/meta/${type}`, { token });
  assert.equal(r.status, 200, r.text);
  return r.body as {
    schema: { properties: Record<string, unknown> };
    hidden: string[];
    sections: { title: string; fields: string[] }[];
  };
};

test('an employee sees the 2019 section only when their W-4 holds 2019 answers', async () => {
  const ann = await employee('Ann');
  const made = await call('POST', `/payroll/api/data/my_w4/${ann.user}`, {
    token: ann.token,
    body: { filing_status: 'Single' },
  });
  assert.equal(made.status, 200, made.text);
  let meta = await sections(ann.token, 'my_w4');
  assert.ok(meta.hidden.includes('w4_2019'), 'no 2019 answers: hidden');
  assert.ok(!meta.sections.some((s) => s.fields.includes('w4_2019')));

  // An empty 2019 object is no answer either.
  const stored = (await storage.get('payroll/w4', org, ann.user))!;
  await storage.commit([
    {
      op: 'put',
      record: { ...stored, data: { ...stored.data, w4_2019: { status: '' } } },
      expectVersion: stored.meta.version,
    },
  ]);
  meta = await sections(ann.token, 'my_w4');
  assert.ok(meta.hidden.includes('w4_2019'), 'empty 2019 answers: hidden');

  const empty = (await storage.get('payroll/w4', org, ann.user))!;
  await storage.commit([
    {
      op: 'put',
      record: {
        ...empty,
        data: { ...empty.data, w4_year: '2019', w4_2019: { status: 'Married', dependents: 3 } },
      },
      expectVersion: empty.meta.version,
    },
  ]);
  meta = await sections(ann.token, 'my_w4');
  assert.ok(meta.schema.properties.w4_2019, 'their 2019 answers are shown');
  assert.ok(!meta.hidden.includes('w4_2019'));
  assert.deepEqual(meta.sections.find((s) => s.fields.includes('w4_2019'))?.fields, ['w4_2019']);
  assert.equal((meta.schema.properties.w4_2019 as { readOnly?: boolean }).readOnly, true, 'read-only');
  // What stays another role's stays hidden.
  assert.ok(meta.hidden.includes('sync_status'));
  assert.ok(meta.hidden.includes('unemployment_state'));
  const own = await call('GET', `/payroll/api/data/my_w4/${ann.user}`, { token: ann.token });
  assert.equal(own.status, 200, own.text);
  assert.deepEqual(own.body.data.w4_2019, { status: 'Married', dependents: 3 });

  // Another employee's meta is theirs: Ann's answers show nothing to Bob, who has none.
  const bob = await employee('Bob');
  assert.ok((await sections(bob.token, 'my_w4')).hidden.includes('w4_2019'));
});
