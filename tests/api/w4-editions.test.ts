/**
 * Form W-4 editions as data: the 2020 edition is the default; a company switches its current
 * edition with its employer_info w4_edition; a new W-4 is on the current edition (2026: $2,200 per
 * child, Step 3(a) and 3(b)); a W-4 on another edition is read-only until moved onto the current one.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
before(async () => {
  w = await demoWorld();
});
after(async () => {
  await w.server.stop();
});

const W4 = '/payroll/api/data/my_w4';

test('the 2020 edition by default, then the company switches to 2026 and the read-only rule follows it', async () => {
  const first = await w.call('POST', `${W4}/${w.emma.user}`, {
    ...as(w.emma),
    body: { w4_year: '2026', filing_status: 'Single', number_of_dependents_under_17: 2, number_of_other_dependents: 1 },
  });
  assert.equal(first.status, 201, first.text);
  assert.equal(first.body.data.w4_year, '2020', 'a new W-4 is on the default edition');
  assert.equal(first.body.data.dependent_amount, 4500);
  assert.equal(first.body.data.dependents_under_17_amount, undefined);

  // An employee cannot choose the edition; the payroll manager sets the company's.
  const refused = await w.call('POST', '/payroll/api/data/employer_info/', {
    ...as(w.emma),
    body: { type: 'w4_edition', value: ['2026'] },
  });
  assert.equal(refused.status, 403, refused.text);
  const bad = await w.call('POST', '/payroll/api/data/employer_info/', {
    ...as(w.payroll),
    body: { type: 'w4_edition', value: ['2023'] },
  });
  assert.deepEqual(bad.body.errors, [{ path: '/value/0', message: 'The Form W-4 edition must be 2020 or 2026.' }]);
  const edition = await w.call('POST', '/payroll/api/data/employer_info/', {
    ...as(w.payroll),
    body: { type: 'w4_edition', value: ['2026'] },
  });
  assert.equal(edition.status, 201, edition.text);

  // Emma's 2020 W-4 is now read-only: a change on the 2020 form is refused with the rule's message.
  const locked = await w.call('PATCH', `${W4}/${w.emma.user}`, { ...as(w.emma), body: { filing_status: 'Married' } });
  assert.equal(locked.status, 400, locked.text);
  assert.deepEqual(locked.body.errors, [
    {
      path: '/w4_year',
      message: 'This Form W-4 is on the 2020 form and is read-only: choose Edit to move it onto the 2026 form.',
    },
  ]);
  // Saving it unchanged is no change at all.
  const same = await w.call('POST', `${W4}/${w.emma.user}`, { ...as(w.emma), body: first.body.data });
  assert.equal(same.status, 200, same.text);
  // Nor may it move to any year but the current one.
  const elsewhere = await w.call('PATCH', `${W4}/${w.emma.user}`, { ...as(w.emma), body: { w4_year: '2024' } });
  assert.deepEqual(elsewhere.body.errors, [
    { path: '/w4_year', message: 'A Form W-4 can only move onto the current form, 2026.' },
  ]);
  // Edit: onto the 2026 form, where Step 3 counts $2,200 per child and is split into 3(a) and 3(b).
  const moved = await w.call('PATCH', `${W4}/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      w4_year: '2026',
      number_of_dependents_under_17: 2,
      number_of_other_dependents: 1,
      exempt_from_federal_withholding: true,
    },
  });
  assert.equal(moved.status, 200, moved.text);
  assert.equal(moved.body.data.w4_year, '2026');
  assert.equal(moved.body.data.dependents_under_17_amount, 4400);
  assert.equal(moved.body.data.other_dependents_amount, 500);
  assert.equal(moved.body.data.dependent_amount, 4900);
  assert.equal(moved.body.data.exempt_from_federal_withholding, true);
  const edit = await w.call('PATCH', `${W4}/${w.emma.user}`, { ...as(w.emma), body: { filing_status: 'Married' } });
  assert.equal(edit.status, 200, edit.text);
});
