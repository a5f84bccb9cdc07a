/**
 * The printed pay statement (payroll/paystubs, docs/paystubs.md) read back as a person would read
 * it: through the printable route, the company, the employee's name, the pay date and period, every
 * line, the totals and the net pay; an account shown by its last four digits only and no SSN. Then
 * drawn directly: the longest statement the schema allows flows over pages, and a name beyond
 * Helvetica's characters prints.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { Hono } from 'hono';
import { ApiError, errorResponse } from '../../server/http/errors.ts';
import { printableRoutes } from '../../server/printable/routes.ts';
import { renderPayStatement } from '../../printable/render.ts';
import type { PayrollPaystubs } from '../../types/generated/payroll/paystubs.ts';
import { inProcessApp } from '../helpers/in-process.ts';
import { pdfText, renderPages, squash } from './pdf-tools.ts';

let world: Awaited<ReturnType<typeof inProcessApp>>;
beforeAll(async () => {
  world = await inProcessApp();
});
afterAll(async () => {
  await world.storage.close();
  await rm(world.dataDir, { recursive: true, force: true });
});

/** 2026-01-09 pay date, for 12/22/2025 to 01/04/2026. */
function statement(employee: string): PayrollPaystubs {
  return {
    employee_id: employee,
    statement_number: 'DD-7731',
    pay_date: 1_767_916_800,
    period_start: 1_766_361_600,
    period_end: 1_767_484_800,
    pay_frequency: 'Bi-Weekly',
    earnings: [
      { description: 'Regular', hours: 80, rate: 31.25, current: 2500, ytd: 2500 },
      { description: 'Overtime', hours: 3.5, rate: 46.875, current: 164.06, ytd: 164.06 },
    ],
    taxes: [
      { description: 'Federal income tax', current: 243.17, ytd: 243.17 },
      { description: 'Social Security', current: 165.17, ytd: 165.17 },
      { description: 'Medicare', current: 38.63, ytd: 38.63 },
    ],
    deductions: [
      { description: '401(k)', pre_tax: true, current: 133.2, ytd: 133.2 },
      { description: 'Union dues', current: 25, ytd: 25 },
    ],
    gross_pay: 2664.06,
    total_taxes: 446.97,
    total_deductions: 158.2,
    net_pay: 2058.89,
    gross_pay_ytd: 2664.06,
    net_pay_ytd: 2058.89,
    deposits: [{ account_type: 'Checking', account_last4: '4321', amount: 2058.89 }],
  };
}

test('GET /payroll/api/forms/paystubs/{key}: the statement as printed, with nothing sensitive', async () => {
  const { call, token, services } = world;
  const me = (await call('GET', '/auth/api/session', { token })).body.user.key as string;
  const employee = await call('POST', '/payroll/api/data/employee/', {
    token,
    body: { first_name: 'Rosa', last_name: 'Delgado', email: 'rosa@dform.test', ssn: '471-22-8035', _user_uuid: me },
  });
  assert.equal(employee.status, 201, employee.text);
  const stub = await call('POST', '/payroll/api/data/paystubs/', { token, body: statement(me) as never });
  assert.equal(stub.status, 201, stub.text);

  const app = new Hono().route('/payroll/api', printableRoutes(services));
  app.onError((err, c) => (err instanceof ApiError ? errorResponse(c, err) : c.json({ message: String(err) }, 500)));
  const r = await app.request(`/payroll/api/forms/paystubs/${stub.body.key}`, {
    headers: { 'organization-id': world.orgId, auth_token: token },
  });
  assert.equal(r.status, 200, await r.clone().text());
  assert.equal(r.headers.get('content-type'), 'application/pdf');
  const text = squash(await pdfText(new Uint8Array(await r.arrayBuffer())));

  for (const expected of [
    'Pay statement',
    'Employee Rosa Delgado',
    'Pay date 01/09/2026',
    'Pay period 12/22/2025 to 01/04/2026',
    'DD-7731',
    // The net pay at the top, under the facts, not only in the summary.
    'Pay frequency Bi-Weekly Net pay $2,058.89',
    'Regular 80.00 31.25 $2,500.00 $2,500.00',
    'Overtime 3.50 46.875 $164.06 $164.06',
    'Gross pay $2,664.06',
    'Federal income tax $243.17',
    'Social Security $165.17',
    'Medicare $38.63',
    'Total taxes $446.97',
    '401(k) (before taxes) $133.20',
    'Union dues $25.00',
    'Total deductions $158.20',
    'Checking xxxx4321 $2,058.89',
  ]) {
    assert.ok(text.includes(expected), `the statement shows "${expected}":\n${text}`);
  }
  const company = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.name as string;
  assert.ok(company && text.includes(company), `the company, ${company}`);
  assert.ok(!/471-?22-?8035|8035/.test(text), 'no SSN, not even its last four');

  const other = await app.request(`/payroll/api/forms/paystubs/${crypto.randomUUID()}`, {
    headers: { 'organization-id': world.orgId, auth_token: token },
  });
  assert.equal(other.status, 404, 'an unknown statement is not printed');
});

describe('drawn directly', () => {
  test('the longest statement the schema allows flows onto more pages, every line printed', async () => {
    const line = (n: number) => ({ description: `Line ${n} ${'w'.repeat(50)}`, current: 1, ytd: 1 });
    const stub: PayrollPaystubs = {
      ...statement('3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b'),
      earnings: Array.from({ length: 20 }, (_, i) => ({ ...line(i), hours: 10000, rate: 1_000_000 })),
      taxes: Array.from({ length: 20 }, (_, i) => line(100 + i)),
      deductions: Array.from({ length: 30 }, (_, i) => line(200 + i)),
    };
    const r = await renderPayStatement({ organization: { name: 'Acme' }, employeeName: 'Rosa Delgado', paystub: stub });
    assert.ok(r.pages >= 2, `pages: ${r.pages}`);
    const pages = await renderPages(new Uint8Array(r.pdf));
    assert.equal(pages.pages, r.pages);
    assert.deepEqual(pages.warnings, []);
    const text = squash(await pdfText(new Uint8Array(r.pdf)));
    for (const n of [0, 19, 100, 119, 200, 229]) assert.ok(text.includes(`Line ${n} `), `line ${n}`);
    assert.ok(text.includes(`page ${r.pages} of ${r.pages}`));
  });

  test('a name beyond Helvetica prints', async () => {
    const r = await renderPayStatement({
      organization: { name: 'Żabka Łódź' },
      employeeName: 'Łukasz Σοφία',
      paystub: statement('3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b'),
    });
    const text = squash(await pdfText(new Uint8Array(r.pdf)));
    assert.ok(text.includes('Łukasz Σοφία') && text.includes('Żabka Łódź'), text);
  });
});
