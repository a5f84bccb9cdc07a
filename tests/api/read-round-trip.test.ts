/**
 * A signed-in read of a record by its key reads the session, the user's session epoch and the
 * record in one round trip to the store (one statement on PostgreSQL): the record is read before
 * the caller is known. It must still be answered only as the access rules allow: to a colleague
 * who may read only their own, to another company, and after a logout, the answer is what it was
 * when the record was read afterwards, and carries none of it. In-process, to count store calls.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;
/** Store reads since the last `reset`, by method. */
let reads: string[] = [];

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-read-trip-'));
  const store = services.storage;
  for (const method of ['get', 'getMany', 'find', 'findInSlices'] as const) {
    const original = store[method].bind(store) as (...a: unknown[]) => Promise<unknown>;
    (store as unknown as Record<string, unknown>)[method] = (...a: unknown[]) => {
      reads.push(method);
      return original(...a);
    };
  }
});
afterAll(() => close());

async function login(userid: string, key: string): Promise<string> {
  const r = await call('POST', '/auth/api/login', { org: acme, body: { userid, key } });
  expect(r.status, r.text).toBe(200);
  return r.body.token as string;
}

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
  reads = [];
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

test('after a logout the token reads nothing, though the record was read with the session', async () => {
  const token = await login('payroll@acme.example', 'demo-payroll-pass');
  const [one] = await employees(token);
  expect((await read(one.key, token)).status).toBe(200);
  expect((await call('POST', '/auth/api/logout', { org: acme, token })).status).toBe(204);
  const r = await read(one.key, token);
  expect(r.status).toBe(401);
  expect(r.text).not.toContain(String(one.data.last_name));
});
