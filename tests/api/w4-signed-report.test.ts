/**
 * The payroll report "W-4s signed" (docs/reports.md): who signed a Form W-4, on which day (the
 * company's calendar day of the signature, the W-4's server-kept `signed_on`) and on which edition,
 * over a From/To range, run as the reports page runs it (an ordinary find with engine/reports.ts's
 * criteria). The demo's signed W-4s (written at start, as their story has them) carry it too;
 * a change that voids the signature takes the W-4 out of the report; a client cannot set the day;
 * only those who may list W-4s run it.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { reportById, reportCriteria, offeredReports, type DateRange } from '../../engine/reports.ts';
import { companyTimeZone, localDay } from '../../engine/local-day.ts';

let w: DemoWorld;
let tz: string;
beforeAll(async () => {
  w = await demoWorld();
  const session = await w.call('GET', '/auth/api/session', as(w.admin));
  tz = companyTimeZone(session.body.organization.data);
});
afterAll(async () => {
  await w.server.stop();
});

const iso = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);

async function run(who: Session, range: DateRange) {
  const report = reportById('w4s_signed');
  assert.ok(report, 'the catalogue has the report "W-4s signed"');
  return w.call('POST', '/payroll/api/data/find/w4', {
    ...as(who),
    body: { criteria: reportCriteria(report, range, 'epoch'), sort: report.sort, limit: 500 },
  });
}

async function userKey(email: string) {
  const r = await w.call('POST', '/auth/api/data/find/users', {
    ...as(w.admin),
    body: { criteria: [{ field: 'email', is: '=', value: email }] },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items[0].key as string;
}

describe('W-4s signed', () => {
  test('is a report of W-4s by the day signed, with who and which edition', () => {
    const report = reportById('w4s_signed')!;
    assert.equal(report.title, 'W-4s signed');
    assert.equal(report.type, 'payroll/w4');
    assert.equal(report.date_field, 'signed_on');
    for (const c of ['signed_on', '_user_uuid', 'w4_year']) assert.ok(report.columns.includes(c), c);
  });

  test("keeps the company's day of the signature, lists it in its range, and leaves it when the signature is voided", async () => {
    const carla = await userKey('carla@acme.example');
    const wes = await userKey('wes@acme.example');
    // Carla's W-4, written by the demo's story: it carries the day of her signature all the same.
    const carlaW4 = await w.call('GET', `/payroll/api/data/w4/${carla}`, as(w.payroll));
    assert.equal(carlaW4.status, 200, carlaW4.text);
    const carlaSigned = carlaW4.body.data.employee_signature.timestamp as number;
    assert.equal(carlaW4.body.data.signed_on, localDay(carlaSigned, tz));

    // Emma signs hers now; a day she sends is not taken.
    const made = await w.call('POST', `/payroll/api/data/my_w4/${w.emma.user}`, {
      ...as(w.emma),
      body: {
        filing_status: 'Single',
        signed_on: 86_400,
        employee_signature: { name: 'Emma Employee', font: 'font1', timestamp: 1 },
      },
    });
    assert.equal(made.status, 200, made.text);
    const stamped = made.body.data.employee_signature.timestamp as number;
    const emmaDay = localDay(stamped, tz);
    assert.equal(made.body.data.signed_on, emmaDay);

    const today = await run(w.payroll, { from: iso(emmaDay), to: iso(emmaDay) });
    assert.equal(today.status, 200, today.text);
    const keys = today.body.items.map((r: any) => r.key);
    assert.ok(keys.includes(w.emma.user), 'signed today: in the range of today');
    assert.ok(!keys.includes(carla), 'signed a month ago: not in the range of today');
    const row = today.body.items.find((r: any) => r.key === w.emma.user).data;
    assert.equal(row._user_uuid, w.emma.user);
    assert.match(row.w4_year, /^20\d\d$/);

    const month = await run(w.payroll, { from: iso(carlaW4.body.data.signed_on), to: iso(emmaDay) });
    const monthKeys = month.body.items.map((r: any) => r.key);
    assert.ok(monthKeys.includes(carla) && monthKeys.includes(w.emma.user));
    assert.ok(!monthKeys.includes(wes), "Wes's signature was voided: his W-4 is not signed");
    // Earliest first.
    assert.ok(monthKeys.indexOf(carla) < monthKeys.indexOf(w.emma.user));

    // She changes what she attested: the signature is voided, and the W-4 has no day signed.
    const changed = await w.call('PATCH', `/payroll/api/data/my_w4/${w.emma.user}`, {
      ...as(w.emma),
      body: { filing_status: 'Married' },
    });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.employee_signature, undefined);
    assert.equal(changed.body.data.signed_on, undefined);
    const after = await run(w.payroll, { from: iso(emmaDay), to: iso(emmaDay) });
    assert.ok(!after.body.items.some((r: any) => r.key === w.emma.user));
  });

  test('is run only by those who may list W-4s', async () => {
    const range = { from: '2000-01-01', to: '2099-12-31' };
    assert.equal((await run(w.emma, range)).status, 403, 'an employee does not list W-4s');
    const catalogue = await w.call('GET', '/auth/api/catalogue', as(w.payroll));
    assert.equal(catalogue.status, 200, catalogue.text);
    const offered = offeredReports(catalogue.body.types ?? catalogue.body).map((r) => r.id);
    assert.ok(offered.includes('w4s_signed'), `the payroll manager is offered it: ${offered.join(', ')}`);
  });
});
