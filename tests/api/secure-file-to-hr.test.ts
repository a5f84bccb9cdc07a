/**
 * An employee sends HR a secure file (docs/files.md, "Sending HR a secure file"): her recipient
 * choice offers, by name only, the people who manage HR documents or secure file transfer in her
 * company (its admins among them), and the server refuses any other recipient from her. A manager
 * who may choose among the company's people still sends to anyone.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

const SEARCH = '/auth/api/search_people';
const FILES = '/hr/api/data/secure_files/';
let w: DemoWorld;
let sasha: Session;
let retired: Session;
let carl: Session;
let other: Session;
let otherHr: Session;

type Hit = { key: string; data: { display_name: string; email?: string } };

beforeAll(async () => {
  w = await demoWorld();
  // Secure file transfer is Sasha's through a group (product staff grant it: the admin lacks it).
  sasha = await signedInEmployee(w, 'Sasha', ['HR:CanUseModule']);
  const acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
  const g = await w.call('POST', '/auth/api/data/groups/', {
    ...as(acmeStaff),
    body: { name: 'Secure file desk', permissions: ['HR:CanManageSecureFileTransfer'], users: [sasha.user] },
  });
  assert.equal(g.status, 201, g.text);
  retired = await signedInEmployee(w, 'Rita', ['HR:CanUseModule', 'HR:CanManageModule']);
  const off = await w.call('PATCH', `/auth/api/data/users/${retired.user}`, {
    ...as(w.admin),
    body: { status: 'inactive' },
  });
  assert.equal(off.status, 200, off.text);
  carl = await signedInEmployee(w, 'Carl', ['HR:CanUseModule']);
  other = await sudoInto(w, w.staff, await createCompany(w, 'Other Files Co', 'otherfiles.dform.app'));
  otherHr = other;
});
afterAll(async () => {
  await w?.server.stop();
});

const names = (hits: Hit[]) => hits.map((h) => h.data.display_name);
const send = (who: Session, owner: string) =>
  w.call('POST', FILES, {
    ...as(who),
    body: { owner_id: owner, sender_name: 'Emma Employee', email: 'emma@acme.example', filename: 'w2.pdf' },
  });

test("an employee's recipient choice offers HR by name only; she finds no one else", async () => {
  const all = await w.call('POST', SEARCH, { ...as(w.emma), body: { text: '', for: 'hr/secure_files' } });
  assert.equal(all.status, 200, all.text);
  assert.deepEqual(names(all.body), ['Alice Admin', 'Sasha'], 'the admins and the secure-file managers');
  for (const h of all.body as Hit[]) assert.deepEqual(Object.keys(h.data), ['display_name'], 'names only');
  const some = await w.call('POST', SEARCH, { ...as(w.emma), body: { text: 'sas', for: 'hr/secure_files' } });
  assert.deepEqual(names(some.body), ['Sasha']);
  // A colleague, an inactive HR manager, an e-mail: none is offered.
  for (const text of ['Carl', 'Rita', 'admin@acme']) {
    const r = await w.call('POST', SEARCH, { ...as(w.emma), body: { text, for: 'hr/secure_files' } });
    assert.deepEqual(r.body, [], text);
  }
  // Any other search stays refused to her; a form with no such choice is named as wrong.
  assert.equal((await w.call('POST', SEARCH, { ...as(w.emma), body: { text: 'Carl' } })).status, 403);
  const wrong = await w.call('POST', SEARCH, { ...as(w.emma), body: { text: '', for: 'payroll/w4' } });
  assert.equal(wrong.status, 400, wrong.text);
  assert.equal(wrong.body.errors[0].path, '/for');
  // A manager who may choose people searches everyone as before.
  const admin = await w.call('POST', SEARCH, { ...as(w.admin), body: { text: 'Carl', for: 'hr/secure_files' } });
  assert.ok(names(admin.body).includes('Carl'), admin.text);
});

test("one of those offered is found by their whole address (a /secure_file/{email} link), with it; nobody else's address finds anyone", async () => {
  const find = async (text: string, who: Session = w.emma) => {
    const r = await w.call('POST', SEARCH, { ...as(who), body: { text, for: 'hr/secure_files' } });
    assert.equal(r.status, 200, r.text);
    return r.body as Hit[];
  };
  const admin = await find(' Admin@Acme.Example ');
  assert.deepEqual(
    admin.map((h) => h.data),
    [{ display_name: 'Alice Admin', email: 'admin@acme.example' }],
  );
  // Part of an address, a colleague's, an inactive HR manager's: no one.
  const rita = (await w.call('GET', `/auth/api/data/users/${retired.user}`, as(w.admin))).body.data.email;
  const carlsAddress = (await w.call('GET', `/auth/api/data/users/${carl.user}`, as(w.admin))).body.data.email;
  for (const text of ['admin@acme.exampl', 'dmin@acme.example', carlsAddress, rita, 'carla@acme.example']) {
    assert.deepEqual(await find(text), [], text);
  }
  // By name, still names only.
  assert.deepEqual(Object.keys((await find('Alice'))[0].data), ['display_name']);
});

test('the server takes from her a secure file to HR only, naming the recipient otherwise', async () => {
  for (const owner of [carl.user, retired.user, otherHr.user, crypto.randomUUID()]) {
    const r = await send(w.emma, owner);
    assert.equal(r.status, 400, r.text);
    assert.ok(
      r.body.errors.some((e: { path: string }) => e.path === '/owner_id'),
      r.text,
    );
  }
  const none = await w.call('POST', '/hr/api/data/find/secure_files', { ...as(carl), body: {} });
  assert.equal(none.body.total, 0, 'nothing reached Carl');
  for (const owner of [sasha.user, w.admin.user]) {
    const r = await send(w.emma, owner);
    assert.equal(r.status, 201, r.text);
  }
  const got = await w.call('POST', '/hr/api/data/find/secure_files', { ...as(sasha), body: {} });
  assert.ok((got.body.items as { data: { owner_id: string } }[]).some((x) => x.data.owner_id === sasha.user));
  // Whoever may choose people still sends to anyone of the company.
  const fromAdmin = await send(w.admin, carl.user);
  assert.equal(fromAdmin.status, 201, fromAdmin.text);
});
