/**
 * The employer's EIN (spec/001 sections 2 and 7): stored encrypted and read back masked like an
 * account number; POST /payroll/api/retrieve_ein answers it whole to those who manage payroll data,
 * audited as a reveal; anyone else gets 403, a company without an employer or EIN 404.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { DEMO_EIN } from '../../server/demo.ts';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

let w: DemoWorld;
/** The demo company's product-staff admin: the employer page is theirs. */
let acme: Session;
beforeAll(async () => {
  w = await demoWorld();
  acme = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

const employers = async () =>
  (await w.call('POST', '/payroll/api/data/find/employer', { ...as(acme), body: { criteria: [] } })).body.items;

test('retrieve_ein: the whole EIN to a payroll manager, audited; masked in every other answer', async () => {
  const r = await w.call('POST', '/payroll/api/retrieve_ein', { ...as(w.payroll), body: {} });
  assert.equal(r.status, 200, r.text);
  assert.deepEqual(r.body, { ein: DEMO_EIN });
  assert.equal(r.headers.get('cache-control'), 'no-store');
  const empty = await w.call('POST', '/payroll/api/retrieve_ein', { ...as(w.admin) });
  assert.equal(empty.status, 200, 'no body at all is the empty payload');

  const [employer] = await employers();
  assert.equal(employer.data.ein, `xxxxx${DEMO_EIN.slice(-4)}`);
  const read = await w.call('GET', `/payroll/api/data/employer/${employer.key}`, { ...as(w.emma) });
  assert.equal(read.status, 200);
  assert.ok(!read.text.includes(DEMO_EIN), 'an employee reads the employer with the EIN masked');

  const audits = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 100 },
  });
  const reveals = audits.body.items.filter((a: any) => a.data.detail.fields.includes('ein'));
  assert.equal(reveals.length, 2);
  assert.equal(reveals[0].data.detail.key, employer.key);
});

test('retrieve_ein: 403 without payroll management, 404 without an EIN, 400 for a bad body', async () => {
  assert.equal((await w.call('POST', '/payroll/api/retrieve_ein', { ...as(w.emma), body: {} })).status, 403);
  assert.equal((await w.call('POST', '/payroll/api/retrieve_ein', { org: w.acmeOrg, body: {} })).status, 401);
  const arr = await w.call('POST', '/payroll/api/retrieve_ein', { ...as(w.payroll), body: [] });
  assert.equal(arr.status, 400);
  const text = await w.call('POST', '/payroll/api/retrieve_ein', {
    ...as(w.payroll),
    rawBody: 'ein',
    headers: { 'content-type': 'text/plain' },
  });
  assert.equal(text.status, 415);

  const globex = await sudoInto(w, w.staff, await createCompany(w, 'Globex EIN', 'globexein.dform.app'));
  assert.equal((await w.call('POST', '/payroll/api/retrieve_ein', { ...as(globex), body: {} })).status, 404);
  const created = await w.call('POST', '/payroll/api/data/employer/', {
    ...as(globex),
    body: { name: 'Globex', status: 'active', direct_deposit_available: 'yes' },
  });
  assert.equal(created.status, 201, created.text);
  assert.equal((await w.call('POST', '/payroll/api/retrieve_ein', { ...as(globex), body: {} })).status, 404);
});

test('employer EIN: 9 digits written 12-3456789; the masked value sent back keeps the stored one', async () => {
  const [employer] = await employers();
  const bad = await w.call('PATCH', `/payroll/api/data/employer/${employer.key}`, {
    ...as(acme),
    body: { ein: '123456789' },
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.errors, [{ path: '/ein', message: 'EIN must be 9 digits written 12-3456789.' }]);

  const back = await w.call('POST', `/payroll/api/data/employer/${employer.key}`, { ...as(acme), body: employer.data });
  assert.equal(back.status, 200, back.text);
  assert.equal((await w.call('POST', '/payroll/api/retrieve_ein', { ...as(w.payroll) })).body.ein, DEMO_EIN);

  const changed = await w.call('PATCH', `/payroll/api/data/employer/${employer.key}`, {
    ...as(acme),
    body: { ein: '98-7654321' },
  });
  assert.equal(changed.status, 200, changed.text);
  assert.equal(changed.body.data.ein, 'xxxxx4321');
  assert.equal((await w.call('POST', '/payroll/api/retrieve_ein', { ...as(w.payroll) })).body.ein, '98-7654321');
});
