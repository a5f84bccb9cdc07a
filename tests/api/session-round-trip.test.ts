/**
 * A signed-in read of a record by its key, and a search by a caller who may list a whole type, are
 * made in the round trip of the session (one statement on PostgreSQL): the record or the find is
 * read before the caller is known (a find on the principal the process last saw for the token's
 * user, for a session it admitted before). They must still be answered only as the caller's own rights allow: to a colleague who may
 * reach only their own, to another company, after a logout, after the caller lost the right, for
 * a bad request, the answer is what it was when the read came after the session, and carries
 * nothing of what was read ahead. In-process, to count store calls.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { callerOfSession } from '../../server/auth/principal.ts';
import type { FindAhead } from '../../server/auth/signed-in.ts';
import { verifyToken } from '../../server/auth/tokens.ts';
import { findRecords, parseQuery } from '../../server/data/find.ts';
import { target } from '../../server/data/records.ts';
import type { Services } from '../../server/services.ts';
import { inProcessDemo, signInTo, storeReads } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;
/** Store reads since the test last emptied the list, by method. */
let reads: string[];
let login: ReturnType<typeof signInTo>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-round-trip-'));
  reads = storeReads(services.storage);
  login = signInTo(call, acme);
});
afterAll(() => close());

async function employees(token: string): Promise<{ key: string; data: Record<string, unknown> }[]> {
  const r = await call('POST', '/payroll/api/data/find/employee', {
    org: acme,
    token,
    body: { criteria: [], limit: 50 },
  });
  expect(r.status, r.text).toBe(200);
  return r.body.items;
}

const read = (key: string, token: string, org = acme) =>
  call('GET', `/payroll/api/data/employee/${key}`, { org, token });

test('a signed-in read of a record asks the store once', async () => {
  const token = await login('payroll@acme.example', 'demo-payroll-pass');
  const [first, second] = await employees(token);
  await read(first.key, token); // the caller's principal and the company are cached from here on
  reads.length = 0;
  const r = await read(second.key, token);
  expect(r.status, r.text).toBe(200);
  expect(r.body.key).toBe(second.key);
  expect(r.body.data.last_name).toBe(second.data.last_name);
  expect(reads).toEqual(['getMany']);
});

test("a colleague who may read only their own is refused another's record, and gets none of it", async () => {
  const payroll = await login('payroll@acme.example', 'demo-payroll-pass');
  const others = (await employees(payroll)).filter((e) => e.data.email !== 'emma@acme.example');
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  for (const other of others.slice(0, 3)) {
    const r = await read(other.key, emma);
    expect(r.status, r.text).toBe(403);
    expect(r.text).not.toContain(String(other.data.last_name));
  }
});

test("another company's record is not found, though the read asked for it with the session", async () => {
  const token = await login('payroll@acme.example', 'demo-payroll-pass');
  const key = randomUUID();
  const [sample] = await employees(token);
  const stored = await services.storage.get('payroll/employee', acme, sample.key);
  expect(stored).toBeDefined();
  const otherOrg = randomUUID();
  await services.storage.commit([
    { op: 'put', record: { ...stored!, org: otherOrg, key, data: { ...stored!.data, last_name: 'Elsewhere' } } },
  ]);
  const r = await read(key, token);
  expect(r.status, r.text).toBe(404);
  expect(r.text).not.toContain('Elsewhere');
  // Nor with the other company named in the header: the token is of this one.
  expect((await read(key, token, otherOrg)).status).toBe(401);
});

test("a read of one's own copy (my_) asks the store once; another's key answers 404 and none of it", async () => {
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  const emmaKey = (await call('GET', '/auth/api/session', { org: acme, token: emma })).body.user.key as string;
  const payroll = await login('payroll@acme.example', 'demo-payroll-pass');
  const colleague = (await employees(payroll)).find((e) => e.data.email !== 'emma@acme.example')!;
  const own = (key: string) => call('GET', `/payroll/api/data/my_employee/${key}`, { org: acme, token: emma });
  await own(emmaKey); // her principal is known from here on
  reads.length = 0;
  const r = await own(emmaKey);
  expect(r.status, r.text).toBe(200);
  expect(r.body.data.email).toBe('emma@acme.example');
  expect(reads).toEqual(['getMany']);
  const other = await own(colleague.key);
  expect(other.status, other.text).toBe(404);
  expect(other.text).not.toContain(String(colleague.data.last_name));
});

test('after a logout the token reads nothing, though the record was read with the session', async () => {
  const token = await login('payroll@acme.example', 'demo-payroll-pass');
  const [one] = await employees(token);
  expect((await read(one.key, token)).status).toBe(200);
  expect((await call('POST', '/auth/api/logout', { org: acme, token })).status).toBe(204);
  const r = await read(one.key, token);
  expect(r.status).toBe(401);
  expect(r.text).not.toContain(String(one.data.last_name));
});

const find = (token: string | undefined, body: unknown, type = 'employee') =>
  call('POST', `/payroll/api/data/find/${type}`, { org: acme, token, body });

const everyone = { criteria: [], limit: 50 };

test("a search by one who may list the type asks the store once, and answers as the store's own find", async () => {
  const token = await login('payroll@acme.example', 'demo-payroll-pass');
  const first = await find(token, everyone); // the caller's principal is known to the process from here on
  expect(first.status, first.text).toBe(200);
  const query = {
    criteria: [{ field: 'employment_type', is: '=', value: 'REGULAR' }],
    sort: [{ field: 'last_name', dir: 'desc' }],
    limit: 2,
  };
  reads.length = 0;
  const r = await find(token, query);
  expect(r.status, r.text).toBe(200);
  expect(reads).toEqual(['getManyAndFind']);
  const stored = await services.storage.find('payroll/employee', acme, {
    criteria: query.criteria as never,
    sort: query.sort as never,
    limit: 2,
    offset: 0,
  });
  expect(stored.total).toBeGreaterThan(0);
  expect(r.body.total).toBe(stored.total);
  expect(r.body.items.map((i: { key: string }) => i.key)).toEqual(stored.items.map((i) => i.key));
  // Answered as any find is: the SSN masked.
  expect(JSON.stringify(r.body)).not.toMatch(/\d{3}-\d{2}-\d{4}/);
});

test('an employee who may list only their own gets their own, and nothing of the others', async () => {
  const admin = await login('admin@acme.example', 'demo-admin-pass');
  const all = await call('POST', '/auth/api/data/find/groups', { org: acme, token: admin, body: everyone });
  expect(all.status, all.text).toBe(200);
  const emma = await login('emma@acme.example', 'demo-employee-pass');
  const emmaKey = (await call('GET', '/auth/api/session', { org: acme, token: emma })).body.user.key as string;
  const groups = all.body.items as { key: string; data: { name: string; users?: string[] } }[];
  const hers = groups.filter((g) => g.data.users?.includes(emmaKey));
  const others = groups.filter((g) => !g.data.users?.includes(emmaKey));
  expect(hers.length).toBeGreaterThan(0);
  expect(others.length).toBeGreaterThan(0);
  const findGroups = () => call('POST', '/auth/api/data/find/groups', { org: acme, token: emma, body: everyone });
  await findGroups();
  reads.length = 0;
  const r = await findGroups();
  expect(r.status, r.text).toBe(200);
  expect(r.body.total).toBe(hers.length);
  expect(r.body.items.map((g: { key: string }) => g.key).sort()).toEqual(hers.map((g) => g.key).sort());
  for (const other of others) expect(r.text).not.toContain(other.key);
  // Her principal may not list every group: nothing was found ahead for her.
  expect(reads).not.toContain('getManyAndFind');
});

test('after a logout the token finds nothing, though the find was made with the session', async () => {
  const token = await login('payroll@acme.example', 'demo-payroll-pass');
  const [one] = (await find(token, everyone)).body.items as { data: Record<string, unknown> }[];
  expect((await call('POST', '/auth/api/logout', { org: acme, token })).status).toBe(204);
  reads.length = 0;
  const r = await find(token, everyone);
  expect(r.status).toBe(401);
  expect(reads).toEqual(['getManyAndFind']);
  expect(r.text).not.toContain(String(one.data.last_name));
  // Refused once, the session has nothing found ahead any more: a revoked token costs its own
  // statement, not a find each time.
  for (let i = 0; i < 3; i++) {
    reads.length = 0;
    expect((await find(token, everyone)).status).toBe(401);
    expect(reads).toEqual(['getMany']);
  }
});

test('a bad search is refused as before: the session first, then the rule broken, naming the field', async () => {
  const payroll = await login('admin@acme.example', 'demo-admin-pass');
  await find(payroll, everyone);
  expect((await find(undefined, { limit: 0 })).status).toBe(401);
  expect((await find('not-a-token', { limit: 0 })).status).toBe(401);
  const zero = await find(payroll, { limit: 0 });
  expect(zero.status).toBe(400);
  expect(zero.text).toContain('limit must be a whole number from 1 to 500');
  const unknown = await find(payroll, { criteria: [{ field: 'no_such_field', is: '=', value: 1 }] });
  expect(unknown.status).toBe(400);
  expect(unknown.text).toContain("unknown field 'no_such_field'");
  const sensitive = await find(payroll, { criteria: [{ field: 'ssn', is: '=', value: '123-45-6789' }] });
  expect(sensitive.status).toBe(400);
  expect(sensitive.text).toContain("'ssn' is sensitive and cannot be searched");
  const notObject = await find(payroll, [everyone]);
  expect(notObject.status).toBe(400);
  expect(notObject.text).toContain('Body must be a JSON object');
  // After all these, a good search still answers.
  expect((await find(payroll, everyone)).status).toBe(200);
});

test('a find made ahead answers only a search that makes that very find: same company, type and query', async () => {
  const token = await login('admin@acme.example', 'demo-admin-pass');
  const claims = (await verifyToken(services.tokenKey, token, services.now()))!;
  const caller = await callerOfSession(services, claims.org, claims.sid, claims.sub, claims.exp);
  const t = target(services, caller, 'payroll', 'employee');
  const body = { criteria: [{ field: 'employment_type', is: '=', value: 'REGULAR' }], limit: 5 };
  const query = parseQuery(services, t, body);
  const real = await findRecords(services, caller, t, body);
  expect(real.total).toBeGreaterThan(0);
  // A made-up answer, told apart from the store's.
  const made = { items: [], total: 424242 };
  const ahead = (org: string, collection: string, q: unknown) =>
    ({ org, find: { collection, query: q }, result: made }) as unknown as FindAhead;
  const mismatched = [
    ahead(randomUUID(), 'payroll/employee', query),
    ahead(acme, 'payroll/i9', query),
    ahead(acme, 'payroll/employee', { ...query, limit: 6 }),
    ahead(acme, 'payroll/employee', { ...query, criteria: [] }),
    ahead(acme, 'payroll/employee', { ...query, offset: 1 }),
  ];
  for (const a of mismatched) expect(await findRecords(services, caller, t, body, a)).toEqual(real);
  expect((await findRecords(services, caller, t, body, ahead(acme, 'payroll/employee', query))).total).toBe(424242);
});

// Last: it takes the payroll user's right to list away.
test('a caller who lost the right to list is refused, though the process knew them as one who had it', async () => {
  const admin = await login('admin@acme.example', 'demo-admin-pass');
  const token = await login('payroll@acme.example', 'demo-payroll-pass');
  const [one] = (await find(token, everyone)).body.items as { data: Record<string, unknown> }[];
  const groups = await call('POST', '/auth/api/data/find/groups', { org: acme, token: admin, body: { criteria: [] } });
  expect(groups.status, groups.text).toBe(200);
  const payrollUser = (await call('GET', '/auth/api/session', { org: acme, token })).body.user.key as string;
  const held = (groups.body.items as { key: string; meta: { version: number }; data: { users?: string[] } }[]).filter(
    (g) => g.data.users?.includes(payrollUser),
  );
  expect(held.length).toBeGreaterThan(0);
  for (const g of held) {
    const saved = await call('PATCH', `/auth/api/data/groups/${g.key}`, {
      org: acme,
      token: admin,
      body: { users: g.data.users!.filter((u) => u !== payrollUser) },
    });
    expect(saved.status, saved.text).toBe(200);
  }
  const r = await find(token, everyone);
  expect(r.status, r.text).toBe(403);
  expect(r.text).not.toContain(String(one.data.last_name));
});
