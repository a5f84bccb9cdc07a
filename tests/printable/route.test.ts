/**
 * The printable route in process (`app.request()`, no port), mounted on its own over the app's
 * services: the product-staff admin prints a W-4 with the full SSN, and the reveal is audited.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { Hono } from 'hono';
import { ApiError, errorResponse } from '../../server/http/errors.ts';
import { printableRoutes } from '../../server/printable/routes.ts';
import { inProcessApp } from '../helpers/in-process.ts';
import { pdfText, squash } from './pdf-tools.ts';

let world: Awaited<ReturnType<typeof inProcessApp>>;
beforeAll(async () => {
  world = await inProcessApp();
});
afterAll(async () => {
  await world.storage.close();
  await rm(world.dataDir, { recursive: true, force: true });
});

test('GET /payroll/api/forms/w4/{key}: the PDF with the full SSN, audited as a reveal', async () => {
  const { call, token, orgId, services } = world;
  const me = (await call('GET', '/auth/api/session', { token })).body.user.key as string;
  const employee = await call('POST', '/payroll/api/data/employee/', {
    token,
    body: { first_name: 'Rosa', last_name: 'Delgado', email: 'rosa@dform.test', ssn: '471-22-8035', _user_uuid: me },
  });
  assert.equal(employee.status, 201, employee.text);
  assert.equal(employee.body.data.ssn, 'xxx-xx-8035');
  const w4 = await call('POST', '/payroll/api/data/w4/', {
    token,
    body: { _user_uuid: me, w4_year: '2025', filing_status: 'Single', employee_signature: { name: 'Rosa Delgado' } },
  });
  assert.equal(w4.status, 201, w4.text);

  const app = new Hono().route('/payroll/api', printableRoutes(services));
  // As createApp answers errors.
  app.onError((err, c) => (err instanceof ApiError ? errorResponse(c, err) : c.json({ message: String(err) }, 500)));
  const get = (p: string) => app.request(p, { headers: { 'organization-id': orgId, auth_token: token } });
  const res = await get(`/payroll/api/forms/w4/${me}`);
  assert.equal(res.status, 200, await res.clone().text());
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  const text = squash(await pdfText(Buffer.from(await res.arrayBuffer())));
  assert.match(text, /Rosa Delgado/);
  assert.match(text, /471-22-8035/);

  const audit = await services.storage.find('auth/audit_log', orgId, {
    criteria: [{ field: 'action_type', is: '=', value: 'reveal' }],
    limit: 10,
    offset: 0,
  });
  assert.equal(audit.total, 1);
  assert.deepEqual(audit.items[0].data.detail, {
    type: 'employee',
    key: me,
    fields: ['ssn', 'printable:w4'],
    address: '',
  });
  assert.equal(audit.items[0].data.affected_user, me);

  assert.equal((await get(`/payroll/api/forms/i9/${me}`)).status, 404, 'no I-9 to print');
  assert.equal((await get(`/payroll/api/forms/w5/${me}`)).status, 404);
  const noToken = await app.request(`/payroll/api/forms/w4/${me}`, { headers: { 'organization-id': orgId } });
  assert.equal(noToken.status, 401);
});
