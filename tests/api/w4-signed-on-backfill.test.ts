/**
 * A W-4 signed before the W-4 kept its date signed (`signed_on`, the payroll report "W-4s signed")
 * gets it on the first start: the day of its signature in its company's time zone, once
 * (server/data/hooks/w4.ts keepW4SignedOn). In-process, to write a record as the old code did.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { keepW4SignedOn } from '../../server/data/hooks/w4.ts';
import type { Services } from '../../server/services.ts';
import { orgTimeZone } from '../../server/orgs.ts';
import { localDay } from '../../engine/local-day.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-w4-signed-on-'));
});
afterAll(() => close());

test('a W-4 signed before the date signed was kept gets it once, and an unsigned one none', async () => {
  const login = await call('POST', '/auth/api/login', {
    org: acme,
    body: { userid: 'payroll@acme.example', key: 'demo-payroll-pass' },
  });
  assert.equal(login.status, 200, login.text);
  const admin = await call('POST', '/auth/api/login', {
    org: acme,
    body: { userid: 'admin@acme.example', key: 'demo-admin-pass' },
  });
  const users = await call('POST', '/auth/api/data/find/users', {
    org: acme,
    token: admin.body.token,
    body: { criteria: [{ field: 'email', is: 'in', value: ['emma@acme.example', 'ivan@acme.example'] }] },
  });
  const keyOf = (email: string) => users.body.items.find((u: any) => u.data.email === email).key as string;
  const [emma, ivan] = [keyOf('emma@acme.example'), keyOf('ivan@acme.example')];
  // 02:30 UTC on March 3, 2026: still March 2 in the company's zone (America/New_York at the latest).
  const signedAt = Date.UTC(2026, 2, 3, 2, 30) / 1000;
  const now = Math.floor(Date.now() / 1000);
  const put = (key: string, data: Record<string, unknown>) => ({
    op: 'put' as const,
    expectVersion: 0,
    record: {
      collection: 'payroll/w4',
      org: acme,
      key,
      data: { w4_year: '2026', filing_status: 'Single', sync_status: 'pending', _user_uuid: key, ...data },
      meta: { created_by: key, created_time: now, updated_by: key, updated_time: now, version: 2 },
    },
  });
  await services.storage.commit([
    put(emma, { employee_signature: { name: 'Emma Employee', font: 'font1', timestamp: signedAt } }),
    put(ivan, {}),
  ]);
  assert.equal(await keepW4SignedOn(services), 1);
  const zone = await orgTimeZone(services, acme);
  const kept = await services.storage.get('payroll/w4', acme, emma);
  assert.equal(kept?.data.signed_on, localDay(signedAt, zone));
  assert.ok((kept?.data.signed_on as number) < Date.UTC(2026, 2, 3) / 1000, "the company's day, not the UTC one");
  assert.equal(kept?.meta.version, 3);
  assert.equal((await services.storage.get('payroll/w4', acme, ivan))?.data.signed_on, undefined, 'unsigned');
  assert.equal(await keepW4SignedOn(services), 0, 'once');

  // The report finds it by that day.
  const found = await call('POST', '/payroll/api/data/find/w4', {
    org: acme,
    token: login.body.token,
    body: { criteria: [{ field: 'signed_on', is: '=', value: kept?.data.signed_on }] },
  });
  assert.equal(found.status, 200, found.text);
  assert.deepEqual(
    found.body.items.map((i: { key: string }) => i.key),
    [emma],
  );
});
