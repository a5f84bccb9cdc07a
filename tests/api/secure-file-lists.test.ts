/**
 * An employee's list of secure files (what was sent to them and what they sent) is a search of the
 * store for exactly those, whatever else the company holds: the page, its order and its total are
 * the store's, and the store is asked for a page, not for every file of the company. The sender is
 * kept in the data by the server (created_by), files written before that get it once at start
 * (server/data/creator-in-data.ts), and no client can name another sender. In-process, on both
 * stores (the api-pg project runs this file against PostgreSQL).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { keepCreatorInData } from '../../server/data/creator-in-data.ts';
import type { Services } from '../../server/services.ts';
import type { FindQuery } from '../../server/storage/types.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

interface Session {
  token: string;
  user: string;
}

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-sf-lists-'));
  // Emma manages HR documents: she may send a secure file to anyone (an employee sends to HR only,
  // tests/api/secure-file-to-hr.test.ts), and still lists only the secure files sent to or by her.
  const admin = await login('admin@acme.example', 'demo-admin-pass');
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  const r = await call('PATCH', `/auth/api/data/users/${emma.user}`, {
    org: acme,
    token: admin.token,
    body: { permissions: ['HR:CanManageModule'] },
  });
  assert.equal(r.status, 200, r.text);
});
afterAll(() => close());

async function login(userid: string, key: string): Promise<Session> {
  const r = await call('POST', '/auth/api/login', { org: acme, body: { userid, key } });
  assert.equal(r.status, 200, r.text);
  return { token: r.body.token as string, user: r.body.session.user.key as string };
}

async function send(from: Session, to: Session, filename: string, extra: Record<string, unknown> = {}) {
  const r = await call('POST', '/hr/api/data/secure_files/', {
    org: acme,
    token: from.token,
    body: { owner_id: to.user, sender_name: 'A sender', email: 'sender@acme.example', filename, ...extra },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key as string;
}

const list = (who: Session, body: Record<string, unknown>) =>
  call('POST', '/hr/api/data/find/secure_files', { org: acme, token: who.token, body });

test("an employee's list holds what was sent to them and what they sent, paged and counted by the store", async () => {
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  const carla = await login('carla@acme.example', 'demo-complete-pass');
  const payroll = await login('payroll@acme.example', 'demo-payroll-pass');
  const hers: string[] = [];
  // Files between others around hers, so that hers are not the first or the last of the company's.
  for (let i = 0; i < 60; i++) await send(payroll, carla, `others-${i}.pdf`);
  hers.push(await send(payroll, emma, 'to-emma-1.pdf'));
  const admin = await login('admin@acme.example', 'demo-admin-pass');
  for (let i = 0; i < 60; i++) await send(carla, admin, `others-b-${i}.pdf`);
  hers.push(await send(emma, carla, 'from-emma.pdf'));
  hers.push(await send(emma, emma, 'to-herself.pdf'));
  hers.push(await send(carla, emma, 'to-emma-2.pdf'));

  // The store is asked for pages of her files only.
  const asked: { query: FindQuery; found: number }[] = [];
  const findInSlices = services.storage.findInSlices.bind(services.storage);
  services.storage.findInSlices = async (collection, org, query) => {
    const result = await findInSlices(collection, org, query);
    if (collection === 'hr/secure_files') asked.push({ query, found: result.items.length });
    return result;
  };
  const pages: string[] = [];
  let total = -1;
  try {
    for (let offset = 0; ; offset += 2) {
      const r = await list(emma, { limit: 2, offset, sort: [{ field: 'filename', dir: 'asc' }] });
      assert.equal(r.status, 200, r.text);
      total = r.body.total;
      if (r.body.items.length === 0) break;
      pages.push(...r.body.items.map((x: { key: string }) => x.key));
    }
  } finally {
    services.storage.findInSlices = findInSlices;
  }
  assert.equal(total, 4, 'the one she sent herself counts once');
  assert.deepEqual(new Set(pages), new Set(hers));
  assert.equal(pages.length, 4, 'no file twice across the pages');
  assert.ok(asked.length > 0 && asked.every((a) => a.query.limit === 2 && a.found <= 2), JSON.stringify(asked));

  // The order is the one the company's whole list has, kept to hers.
  const manager = await services.storage.find('hr/secure_files', acme, {
    criteria: [],
    sort: [{ field: 'filename', dir: 'asc' }],
    limit: Infinity,
    offset: 0,
  });
  assert.deepEqual(
    pages,
    manager.items.filter((r) => hers.includes(r.key)).map((r) => r.key),
  );

  // Criteria narrow her files only; a file between others is never found for her.
  const named = await list(emma, { criteria: [{ field: 'filename', is: 'like', value: 'others' }] });
  assert.deepEqual([named.status, named.body.total, named.body.items], [200, 0, []]);
  const sent = await list(emma, { criteria: [{ field: 'created_by', is: '=', value: emma.user }] });
  assert.equal(sent.body.total, 2, 'the two she sent');
  const carlas = await list(emma, { criteria: [{ field: 'created_by', is: '=', value: carla.user }] });
  assert.deepEqual(
    carlas.body.items.map((x: { data: { filename: string } }) => x.data.filename),
    ['to-emma-2.pdf'],
    "of Carla's files, only the one Carla sent her",
  );
});

test('the sender is the one who signed in: a client cannot name another, nor widen the search', async () => {
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  const carla = await login('carla@acme.example', 'demo-complete-pass');
  const key = await send(emma, carla, 'posing.pdf', { created_by: carla.user });
  const stored = await services.storage.get('hr/secure_files', acme, key);
  assert.equal(stored?.data.created_by, emma.user);
  assert.equal(stored?.meta.created_by, emma.user);
  const sneaky = await list(emma, { anyOf: [{ field: 'owner_id', is: '!=', value: emma.user }] });
  assert.equal(sneaky.status, 400);
  assert.match(sneaky.body.message ?? sneaky.text, /unknown search option 'anyOf'/);
});

test('files written before the sender was kept in the data get it once, and their sender lists them', async () => {
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  const carla = await login('carla@acme.example', 'demo-complete-pass');
  const now = Math.floor(Date.now() / 1000);
  const key = crypto.randomUUID();
  // As the code before wrote it: the sender in the meta only.
  await services.storage.commit([
    {
      op: 'put',
      expectVersion: 0,
      record: {
        collection: 'hr/secure_files',
        org: acme,
        key,
        data: {
          owner_id: carla.user,
          sender_name: 'Emma',
          email: 'emma@acme.example',
          filename: 'written-before.pdf',
          created_time: now,
        },
        meta: { created_by: emma.user, created_time: now, updated_by: emma.user, updated_time: now, version: 1 },
      },
    },
  ]);
  const before = await list(emma, { criteria: [{ field: 'filename', is: '=', value: 'written-before.pdf' }] });
  assert.equal(before.body.total, 0, 'not found for its sender yet');
  assert.ok((await keepCreatorInData(services)) >= 1);
  const stored = await services.storage.get('hr/secure_files', acme, key);
  assert.equal(stored?.data.created_by, emma.user);
  assert.equal(stored?.meta.version, 2);
  assert.equal(await keepCreatorInData(services), 0, 'once');
  const after = await list(emma, { criteria: [{ field: 'filename', is: '=', value: 'written-before.pdf' }] });
  assert.deepEqual([after.status, after.body.items.map((x: { key: string }) => x.key)], [200, [key]]);
});
