/**
 * The W-4 edition in effect follows the date, with a clock the test moves (the app in-process, as
 * tests/helpers/clock-app.ts builds it): in 2025 a new W-4 is on the 2025 form ($2,000 per child, one
 * Step 3 amount); from January 1, 2026 a new one is on the 2026 form, and a 2025 W-4 is read-only
 * until it moves onto the 2026 form, which carries neither its Step 3 nor its signature over. An
 * exempt 2025 certificate expires on February 15, 2026 and is found by that date.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { createApp } from '../../server/app.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { inProcessCaller, testServices } from '../helpers/in-process.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.ts';

/** A time of a day (UTC), in Unix seconds. */
const at = (day: string, time = '12:00') => Date.parse(`${day}T${time}:00Z`) / 1000;

let clock = at('2025-06-15');
let call: ReturnType<typeof inProcessCaller>;
let close: () => Promise<void>;
beforeAll(async () => {
  const t = await testServices({ now: () => clock, prefix: 'dform-w4-dates-' });
  const boot = await bootstrap(t.services);
  call = inProcessCaller(createApp(t.services), boot.orgId);
  close = async () => {
    await t.storage.close();
    await rm(t.dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

/** Signs the product-staff admin in at the clock's time: a session does not outlive a jump of months. */
async function staff(): Promise<{ token: string; user: string }> {
  const r = await call('POST', '/auth/api/login', { body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
  assert.equal(r.status, 200, r.text);
  return { token: r.body.token, user: r.body.session.user.key };
}

/** A user of the root company, for a W-4 of someone else than the admin. */
async function newUser(token: string): Promise<string> {
  const r = await call('POST', '/auth/api/data/users/', {
    token,
    body: {
      email: `w4.${crypto.randomUUID().slice(0, 8)}@example.com`,
      display_name: 'Wanda Four',
      status: 'active',
      permissions: [],
      is_employee: false,
    },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

test('the edition follows the date; a move onto the edition in effect asks for Step 3 and the signature again', async () => {
  let me = await staff();
  const mine = `/payroll/api/data/my_w4/${me.user}`;
  const made2025 = await call('POST', mine, {
    token: me.token,
    body: {
      filing_status: 'Single',
      multiple_jobs: true,
      number_of_dependents_under_17: 2,
      number_of_other_dependents: 1,
      federal_withholding_extra: 25,
      employee_signature: { name: 'Staff Admin', font: 'font1' },
    },
  });
  assert.equal(made2025.status, 200, made2025.text);
  assert.equal(made2025.body.data.w4_year, '2025');
  assert.equal(made2025.body.data.dependent_amount, 4500, '2 x $2,000 + 1 x $500');
  assert.equal(made2025.body.data.dependents_under_17_amount, undefined, 'no 3(a) on the 2025 form');
  assert.equal(made2025.body.data.employee_signature.name, 'Staff Admin');

  // The last hour of 2025: still the 2025 form.
  clock = at('2025-12-31', '23:30');
  me = await staff();
  const late = await call('PATCH', mine, { token: me.token, body: { federal_withholding_extra: 30 } });
  assert.equal(late.status, 200, late.text);

  // January 1, 2026: a new W-4 is on the 2026 form.
  clock = at('2026-01-01', '00:30');
  me = await staff();
  const other = await newUser(me.token);
  const made2026 = await call('POST', `/payroll/api/data/w4/${other}`, {
    token: me.token,
    body: { w4_year: '2025', filing_status: 'Married', number_of_dependents_under_17: 1 },
  });
  assert.equal(made2026.status, 200, made2026.text);
  assert.equal(made2026.body.data.w4_year, '2026');
  assert.deepEqual(
    [
      made2026.body.data.dependents_under_17_amount,
      made2026.body.data.other_dependents_amount,
      made2026.body.data.dependent_amount,
    ],
    [2200, 0, 2200],
  );

  // The 2025 W-4 is read-only now; as read it saves unchanged; it moves only onto the 2026 form.
  const locked = await call('PATCH', mine, { token: me.token, body: { filing_status: 'Married' } });
  assert.equal(locked.status, 400, locked.text);
  assert.deepEqual(locked.body.errors, [
    {
      path: '/w4_year',
      message: 'This Form W-4 is on the 2025 form and is read-only: choose Edit to move it onto the 2026 form.',
    },
  ]);
  const read = await call('GET', mine, { token: me.token });
  assert.equal((await call('POST', mine, { token: me.token, body: read.body.data })).status, 200);
  const elsewhere = await call('PATCH', mine, { token: me.token, body: { w4_year: '2024' } });
  assert.deepEqual(elsewhere.body.errors, [
    { path: '/w4_year', message: 'A Form W-4 can only move onto the form in effect, 2026.' },
  ]);

  // Edit: onto the 2026 form. Step 3 and the signature are not carried over; Steps 1, 2 and 4 are.
  const moved = await call('PATCH', mine, { token: me.token, body: { w4_year: '2026' } });
  assert.equal(moved.status, 200, moved.text);
  assert.equal(moved.body.data.w4_year, '2026');
  for (const field of [
    'dependent_amount',
    'dependents_under_17_amount',
    'other_dependents_amount',
    'employee_signature',
  ]) {
    assert.equal(moved.body.data[field], undefined, `${field} is asked for again`);
  }
  assert.deepEqual(
    [moved.body.data.filing_status, moved.body.data.multiple_jobs, moved.body.data.federal_withholding_extra],
    ['Single', true, 30],
  );
  // Answered again on the 2026 form: $2,200 per child, in 3(a); then signed again.
  const answered = await call('PATCH', mine, { token: me.token, body: { number_of_dependents_under_17: 2 } });
  assert.equal(answered.status, 200, answered.text);
  assert.deepEqual([answered.body.data.dependents_under_17_amount, answered.body.data.dependent_amount], [4400, 4400]);
  const signed = await call('PATCH', mine, {
    token: me.token,
    body: { employee_signature: { name: 'Staff Admin', font: 'font1' } },
  });
  assert.equal(signed.status, 200, signed.text);
  assert.equal(signed.body.data.employee_signature.name, 'Staff Admin');
  assert.equal(signed.body.data.employee_signature.timestamp, clock, "signed on the server's clock");
});

test('an exempt certificate expires on February 15 of the year after its form year', async () => {
  clock = at('2025-09-01');
  let me = await staff();
  const someone = await newUser(me.token);
  const url = `/payroll/api/data/w4/${someone}`;
  const exempt = await call('POST', url, {
    token: me.token,
    body: { filing_status: 'Single', exempt_from_federal_withholding: true },
  });
  assert.equal(exempt.status, 200, exempt.text);
  assert.equal(exempt.body.data.w4_year, '2025');
  assert.equal(exempt.body.data.exempt_expires, '2026-02-15');

  // In January 2026 payroll lists the exemptions that lapse by February 15.
  clock = at('2026-01-10');
  me = await staff();
  const lapsing = async () =>
    (
      await call('POST', '/payroll/api/data/find/w4', {
        token: me.token,
        body: { criteria: [{ field: 'exempt_expires', is: '<=', value: '2026-02-15' }] },
      })
    ).body.items.map((r: { key: string }) => r.key);
  assert.deepEqual(await lapsing(), [someone]);
  // A new certificate on the 2026 form runs to February 15, 2027.
  const renewed = await call('PATCH', url, { token: me.token, body: { w4_year: '2026' } });
  assert.equal(renewed.status, 200, renewed.text);
  assert.equal(renewed.body.data.exempt_expires, '2027-02-15');
  assert.deepEqual(await lapsing(), []);
});
