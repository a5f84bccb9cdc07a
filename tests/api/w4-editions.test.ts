/**
 * Form W-4 editions are data (schemas/common/w4-editions.json): a new W-4 is on the edition in effect
 * on its date, for every company, with no company setting; in November 2026 that is the 2026 form
 * ($2,200 per child, Step 3 split into 3(a) and 3(b)). An exempt W-4 leaves Steps 2 to 4 empty and
 * carries its expiry (February 15 of the next year), which payroll finds by a criterion.
 * tests/api/w4-edition-dates.test.ts moves the clock: older editions, read-only records and moves.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import editions from '../../schemas/common/w4-editions.json';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const W4 = '/payroll/api/data/my_w4';
const EXEMPT_STEPS =
  'Exempt from withholding: leave Steps 2 to 4 empty (an exempt employee completes only Steps 1 and 5).';

test('a new W-4 is on the edition in effect today, for every company, with no company setting', async () => {
  const today = new Date().toISOString().slice(0, 10);
  const inEffect = editions.editions.filter((e) => e.effective <= today).at(-1)!;
  assert.equal(inEffect.year, '2026', `written in November 2026: the 2026 form is in effect on ${today}`);

  const emma = await w.call('POST', `${W4}/${w.emma.user}`, {
    ...as(w.emma),
    body: { w4_year: '2020', filing_status: 'Single', number_of_dependents_under_17: 2, number_of_other_dependents: 1 },
  });
  assert.equal(emma.status, 200, emma.text);
  assert.equal(emma.body.data.w4_year, '2026', 'the year sent is not the edition');
  assert.equal(emma.body.data.dependents_under_17_amount, 4400, '3(a): 2 x $2,200');
  assert.equal(emma.body.data.other_dependents_amount, 500, '3(b): 1 x $500');
  assert.equal(emma.body.data.dependent_amount, 4900);

  // The edition is no company setting any more.
  const setting = await w.call('POST', '/payroll/api/data/employer_info/', {
    ...as(w.payroll),
    body: { type: 'w4_edition', value: ['2020'] },
  });
  assert.equal(setting.status, 400, setting.text);
  assert.deepEqual(setting.body.errors, [
    { path: '/type', message: 'Type must be available_states, divisions, departments or active_pay_frequencies.' },
  ]);

  // Another company's first W-4 is on the same edition.
  const globex = await sudoInto(w, w.staff, await createCompany(w, 'Globex W4', 'globexw4.dform.app'));
  const theirs = await w.call('POST', `${W4}/${globex.user}`, { ...as(globex), body: { filing_status: 'Married' } });
  assert.equal(theirs.status, 200, theirs.text);
  assert.equal(theirs.body.data.w4_year, '2026');

  // Emma's W-4 is on the form in effect: she changes it freely.
  const edit = await w.call('PATCH', `${W4}/${w.emma.user}`, { ...as(w.emma), body: { filing_status: 'Married' } });
  assert.equal(edit.status, 200, edit.text);
  const elsewhere = await w.call('PATCH', `${W4}/${w.emma.user}`, { ...as(w.emma), body: { w4_year: '2025' } });
  assert.deepEqual(elsewhere.body.errors, [
    { path: '/w4_year', message: 'A Form W-4 can only move onto the form in effect, 2026.' },
  ]);
});

test('exempt: Steps 2 to 4 stay empty, the certificate expires on February 15 of the next year, and payroll finds it', async () => {
  // An active employee of their own: the demo's Ivan is inactive, and an inactive user changes no record.
  const wren = await signedInEmployee(w, 'Wren');
  const first = await w.call('POST', `${W4}/${wren.user}`, {
    ...as(wren),
    body: {
      filing_status: 'Single',
      exempt_from_federal_withholding: true,
      multiple_jobs: true,
      number_of_dependents_under_17: 1,
      deductions: 1200,
      federal_withholding_extra: 20,
    },
  });
  assert.equal(first.status, 400, first.text);
  assert.deepEqual(
    first.body.errors,
    ['multiple_jobs', 'dependents_under_17_amount', 'dependent_amount', 'deductions', 'federal_withholding_extra'].map(
      (f) => ({ path: `/${f}`, message: EXEMPT_STEPS }),
    ),
  );

  const exempt = await w.call('POST', `${W4}/${wren.user}`, {
    ...as(wren),
    body: { filing_status: 'Single', exempt_from_federal_withholding: true, exempt_expires: '2099-12-31' },
  });
  assert.equal(exempt.status, 200, exempt.text);
  assert.equal(exempt.body.data.w4_year, '2026');
  assert.equal(exempt.body.data.exempt_expires, '2027-02-15', 'computed, whatever was sent');

  // Payroll lists the exemptions that lapse by a date; a W-4 that is not exempt has no expiry.
  const notExempt = await w.call('POST', `${W4}/${w.emma.user}`, {
    ...as(w.emma),
    body: { filing_status: 'Single', exempt_from_federal_withholding: false },
  });
  assert.ok([200, 201].includes(notExempt.status), notExempt.text);
  assert.equal(notExempt.body.data.exempt_expires, undefined);
  const lapsing = async (is: string, value: string) =>
    (
      await w.call('POST', '/payroll/api/data/find/w4', {
        ...as(w.payroll),
        body: { criteria: [{ field: 'exempt_expires', is, value }] },
      })
    ).body.items
      .map((r: { key: string }) => r.key)
      // The demo company has exempt certificates of its own (docs/journeys.md); these two are the test's.
      .filter((key: string) => key === wren.user || key === w.emma.user);
  assert.deepEqual(await lapsing('<=', '2027-02-15'), [wren.user]);
  assert.deepEqual(await lapsing('<=', '2027-02-14'), []);

  // No longer exempt: no expiry, and off the list.
  const back = await w.call('PATCH', `${W4}/${wren.user}`, {
    ...as(wren),
    body: { exempt_from_federal_withholding: false, deductions: 1200 },
  });
  assert.equal(back.status, 200, back.text);
  assert.equal(back.body.data.exempt_expires, undefined);
  assert.deepEqual(await lapsing('<=', '2027-02-15'), []);
});
