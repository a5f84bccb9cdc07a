/**
 * Pay statements (payroll/paystubs, docs/paystubs.md) through the data API and the printable route
 * (../shared/API.md): the employee reads her own statements and no colleague's (403, the contract's
 * answer for another's record of her company), payroll staff write them, an employee writes none,
 * another company sees none (404), an inactive former employee still reads hers, the company's
 * block_paystubs makes the server refuse the employee's reads, and the worst input the schema allows
 * past its bounds, or totals that do not add up, is a 400 naming the field.
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

const DATA = '/payroll/api/data';
const BLOCKED = 'Paystubs are not available for this company.';

let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld();
});
afterAll(() => w.server.stop());

/** A statement that adds up: 80 hours at 25.00, two taxes, one deduction before taxes. */
function statement(employee: string, over: Record<string, unknown> = {}) {
  return {
    employee_id: employee,
    statement_number: 'DD-9001',
    pay_date: 1_767_744_000,
    period_start: 1_766_534_400,
    period_end: 1_767_657_600,
    pay_frequency: 'Bi-Weekly',
    earnings: [{ description: 'Regular', hours: 80, rate: 25, current: 2000, ytd: 2000 }],
    taxes: [
      { description: 'Federal income tax', current: 180.5, ytd: 180.5 },
      { description: 'Social Security', current: 124, ytd: 124 },
    ],
    deductions: [{ description: '401(k)', pre_tax: true, current: 100, ytd: 100 }],
    gross_pay: 2000,
    total_taxes: 304.5,
    total_deductions: 100,
    net_pay: 1595.5,
    deposits: [{ account_type: 'Checking', account_last4: '6789', amount: 1595.5 }],
    ...over,
  };
}

const find = (who: Session, type: string, body: Record<string, unknown> = {}) =>
  w.call('POST', `${DATA}/find/${type}`, { ...as(who), body });
const read = (who: Session, key: string) => w.call('GET', `${DATA}/paystubs/${key}`, as(who));
const create = (who: Session, body: Record<string, unknown>) =>
  w.call('POST', `${DATA}/paystubs/`, { ...as(who), body });

async function created(body: Record<string, unknown>): Promise<string> {
  const r = await create(w.payroll, body);
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

describe('who reads which statements', () => {
  test("the employee finds her own statements, newest pay date first, and nobody else's", async () => {
    const mine = await find(w.emma, 'my_paystubs', { sort: [{ field: 'pay_date', dir: 'desc' }] });
    assert.equal(mine.status, 200, mine.text);
    assert.ok(mine.body.total >= 3, `the demo gives Emma statements: ${mine.text}`);
    const dates = mine.body.items.map((r: { data: { pay_date: number } }) => r.data.pay_date);
    assert.deepEqual(
      dates,
      [...dates].sort((a, b) => b - a),
    );
    for (const r of mine.body.items) assert.equal(r.data.employee_id, w.emma.user);
    // The plain type answers her only her own too.
    const plain = await find(w.emma, 'paystubs', { limit: 500 });
    assert.equal(plain.status, 200, plain.text);
    assert.ok(plain.body.items.every((r: { data: { employee_id: string } }) => r.data.employee_id === w.emma.user));
  });

  test("the employee reads her own statement, and a colleague's is refused (403) with nothing of it", async () => {
    const own = await created(statement(w.emma.user));
    const r = await read(w.emma, own);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.data.net_pay, 1595.5);
    const ivans = (
      await find(w.payroll, 'paystubs', { criteria: [{ field: 'employee_id', is: '=', value: w.ivan.user }] })
    ).body.items[0].key;
    const other = await read(w.emma, ivans);
    assert.equal(other.status, 403, other.text);
    assert.equal(other.body.message, 'Not authorized.');
    assert.equal(other.body.data, undefined);
    const pdf = await w.call('GET', `/payroll/api/forms/paystubs/${ivans}`, as(w.emma));
    assert.equal(pdf.status, 403, 'nor is it printed for her');
  });

  test('payroll staff create and edit statements; the employee can do neither, nor delete hers', async () => {
    const key = await created(statement(w.emma.user, { statement_number: 'DD-9002' }));
    const corrected = await w.call('PATCH', `${DATA}/paystubs/${key}`, {
      ...as(w.payroll),
      body: { statement_number: 'DD-9002-C' },
    });
    assert.equal(corrected.status, 200, corrected.text);
    assert.equal(corrected.body.data.statement_number, 'DD-9002-C');
    const theirs = await create(w.emma, statement(w.emma.user, { statement_number: 'DD-9003' }));
    assert.equal(theirs.status, 403, theirs.text);
    const raise = await w.call('PATCH', `${DATA}/paystubs/${key}`, {
      ...as(w.emma),
      body: { statement_number: 'X-1' },
    });
    assert.equal(raise.status, 403, raise.text);
    const gone = await w.call('DELETE', `${DATA}/paystubs/${key}`, as(w.emma));
    assert.equal(gone.status, 403, gone.text);
    assert.equal((await read(w.emma, key)).body.data.statement_number, 'DD-9002-C', 'unchanged');
  });

  test('the employee of a statement cannot be changed once it exists', async () => {
    const key = await created(statement(w.emma.user, { statement_number: 'DD-9004' }));
    const moved = await w.call('PATCH', `${DATA}/paystubs/${key}`, {
      ...as(w.payroll),
      body: { employee_id: w.ivan.user },
    });
    assert.equal(moved.status, 400, moved.text);
    assert.equal(moved.body.errors[0].path, '/employee_id');
  });

  test('another company sees none of them: a key of ours is 404 there, and its finds are empty', async () => {
    const key = await created(statement(w.emma.user, { statement_number: 'DD-9005' }));
    const other = await createCompany(w, 'Paystub Rival', 'paystub-rival.dform.app', ['auth', 'payroll']);
    const admin = await sudoInto(w, w.staff, other);
    const r = await read(admin, key);
    assert.equal(r.status, 404, r.text);
    assert.equal(r.body.data, undefined);
    const all = await find(admin, 'paystubs', { limit: 500 });
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.total, 0);
    const pdf = await w.call('GET', `/payroll/api/forms/paystubs/${key}`, as(admin));
    assert.equal(pdf.status, 404, 'nor printed');
  });

  test('an inactive former employee reads and prints her own statements, and writes none', async () => {
    const mine = await find(w.ivan, 'my_paystubs');
    assert.equal(mine.status, 200, mine.text);
    assert.ok(mine.body.total >= 1, mine.text);
    const key = mine.body.items[0].key;
    assert.equal((await read(w.ivan, key)).status, 200);
    const pdf = await w.call('GET', `/payroll/api/forms/paystubs/${key}`, as(w.ivan));
    assert.equal(pdf.status, 200, pdf.text);
    assert.match(String(pdf.headers.get('content-type')), /application\/pdf/);
    const write = await create(w.ivan, statement(w.ivan.user));
    assert.equal(write.status, 403, write.text);
  });
});

describe('block_paystubs', () => {
  const setBlocked = async (on: boolean) => {
    const r = await w.call('PATCH', `/auth/api/data/organizations/${w.acmeOrg}`, {
      ...as(w.staff),
      body: { enabled_features: { block_paystubs: on } },
    });
    assert.equal(r.status, 200, r.text);
  };

  test("refuses the employee's own reads on the server, and payroll staff keep theirs; off again, all is back", async () => {
    const key = await created(statement(w.emma.user, { statement_number: 'DD-9006' }));
    await setBlocked(true);
    try {
      for (const r of [
        await find(w.emma, 'my_paystubs'),
        await find(w.emma, 'paystubs'),
        await read(w.emma, key),
        await w.call('GET', `${DATA}/meta/my_paystubs`, as(w.emma)),
        await w.call('GET', `/payroll/api/forms/paystubs/${key}`, as(w.emma)),
        await w.call('POST', `/payroll/api/forms/paystubs/${key}/download_key`, as(w.emma)),
        await find(w.ivan, 'my_paystubs'),
      ]) {
        assert.equal(r.status, 403, r.text);
        assert.equal(r.body.message, BLOCKED);
        assert.equal(r.body.items, undefined);
      }
      const catalogue = await w.call('GET', '/auth/api/catalogue', as(w.emma));
      assert.ok(!catalogue.body.some((t: { type: string }) => t.type.endsWith('paystubs')), 'not offered either');
      const staff = await read(w.payroll, key);
      assert.equal(staff.status, 200, staff.text);
    } finally {
      await setBlocked(false);
    }
    assert.equal((await read(w.emma, key)).status, 200);
  });
});

describe('the worst input is a 400 naming the field', () => {
  const refused = async (body: Record<string, unknown>, path: string, message?: RegExp) => {
    const r = await create(w.payroll, body);
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.message, 'Validation failed');
    const hit = r.body.errors.find((e: { path: string }) => e.path === path);
    assert.ok(hit, `an error at ${path}: ${r.text}`);
    if (message) assert.match(hit.message, message);
    return r;
  };
  const line = { description: 'Regular', current: 100 };

  test('too many lines', async () => {
    const earnings = Array.from({ length: 21 }, () => line);
    await refused(statement(w.emma.user, { earnings, gross_pay: 2100 }), '/earnings', /at most 20 earnings lines/);
    await refused(statement(w.emma.user, { deductions: Array.from({ length: 31 }, () => line) }), '/deductions');
    await refused(
      statement(w.emma.user, {
        deposits: Array.from({ length: 5 }, () => ({ account_type: 'Checking', account_last4: '1234', amount: 1 })),
      }),
      '/deposits',
    );
  });

  test('huge numbers and too many decimals', async () => {
    await refused(statement(w.emma.user, { gross_pay: 1e15 }), '/gross_pay', /at most 1,000,000,000/);
    await refused(statement(w.emma.user, { earnings: [{ ...line, hours: 1e9 }] }), '/earnings/0/hours');
    await refused(statement(w.emma.user, { net_pay: 1595.505 }), '/net_pay', /at most 2 decimals/);
    await refused(statement(w.emma.user, { pay_date: 1e13 }), '/pay_date');
  });

  test('long strings, and a whole account number', async () => {
    await refused(
      statement(w.emma.user, { earnings: [{ ...line, description: 'x'.repeat(65) }] }),
      '/earnings/0/description',
      /at most 64/,
    );
    await refused(statement(w.emma.user, { statement_number: '9'.repeat(200_000) }), '/statement_number');
    await refused(
      statement(w.emma.user, {
        deposits: [{ account_type: 'Checking', account_last4: '000123456789', amount: 1595.5 }],
      }),
      '/deposits/0/account_last4',
      /last 4 digits/,
    );
  });

  test('totals that do not add up name the total and the sum', async () => {
    await refused(
      statement(w.emma.user, { gross_pay: 2100, net_pay: 1695.5, deposits: [] }),
      '/gross_pay',
      /2,100\.00.*2,000\.00/,
    );
    await refused(statement(w.emma.user, { total_taxes: 300 }), '/total_taxes');
    await refused(statement(w.emma.user, { total_deductions: 90 }), '/total_deductions');
    await refused(
      statement(w.emma.user, { net_pay: 1600, deposits: [] }),
      '/net_pay',
      /gross pay less taxes and deductions is 1,595\.50/,
    );
    await refused(
      statement(w.emma.user, { deposits: [{ account_type: 'Checking', account_last4: '6789', amount: 1500 }] }),
      '/deposits',
    );
    await refused(statement(w.emma.user, { period_end: 1_766_000_000 }), '/period_end');
  });

  test('a statement that adds up, with negative correction lines, is stored', async () => {
    const body = statement(w.emma.user, {
      statement_number: 'DD-9007',
      earnings: [
        { description: 'Regular', hours: 80, rate: 25, current: 2000 },
        { description: 'Overpayment correction', current: -50 },
      ],
      gross_pay: 1950,
      net_pay: 1545.5,
      deposits: [],
    });
    assert.equal((await create(w.payroll, body)).status, 201);
  });
});
