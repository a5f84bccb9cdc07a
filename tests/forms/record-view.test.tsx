/**
 * The read-only record view follows a form's behaviour (forms/behaviour): the fields the edit
 * screen hides for the data are not listed (an I-9 citizen's alien fields, a 2020 W-4's 3(a)/3(b)).
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { fieldsHiddenByBehaviour } from '../../forms/behaviour/index.ts';
import { ALIEN_FIELDS } from '../../forms/payroll/i9-status.ts';
import * as View from '../../stories/screens/RecordView.stories.tsx';
import { i9Meta, w4Meta } from '../../stories/fixtures/metas.ts';
import { renderStory, textOf } from './render-story.tsx';

describe('fields hidden by a behaviour', () => {
  it('shows each status the fields the official Section 1 asks of it', () => {
    const ui = i9Meta().ui;
    const hidden = (work_auth_status: string) => fieldsHiddenByBehaviour(ui, { work_auth_status });
    assert.deepEqual(hidden('Citizen of the United States'), [...ALIEN_FIELDS]);
    assert.deepEqual(hidden('Noncitizen National of the United States'), [...ALIEN_FIELDS]);
    assert.deepEqual(hidden('Lawful Permanent Resident'), [
      'i94_admission_number',
      'authorized_to_work_until',
      'country_of_issuance',
      'foreign_passport_number',
      'i9_renew_date',
    ]);
    assert.deepEqual(hidden('An Alien Authorized to Work'), []);
  });

  it('hides Step 3(a) and 3(b) on a 2020 W-4, not on a 2026 one, the exemption expiry unless exempt, and the dependent counts, which are not saved; a type without behaviour hides nothing', () => {
    const ui = w4Meta().ui;
    const counts = ['number_of_dependents_under_17', 'number_of_other_dependents'];
    assert.deepEqual(fieldsHiddenByBehaviour(ui, { w4_year: '2020' }), [
      'dependents_under_17_amount',
      'other_dependents_amount',
      'exempt_expires',
      ...counts,
    ]);
    assert.deepEqual(fieldsHiddenByBehaviour(ui, { w4_year: '2026' }), ['exempt_expires', ...counts]);
    assert.deepEqual(fieldsHiddenByBehaviour(ui, { w4_year: '2026', exempt_from_federal_withholding: true }), counts);
    assert.deepEqual(fieldsHiddenByBehaviour({}, { w4_year: '2020' }), []);
  });
});

describe('the I-9 view', () => {
  it("lists no alien field for a citizen, and the resident's number for a resident", () => {
    const citizen = textOf(renderStory(View.default, View.I9Citizen));
    assert.match(citizen, /1\. A citizen of the United States/);
    assert.doesNotMatch(citizen, /USCIS or A-Number|Number type|Foreign passport/i);
    const resident = textOf(renderStory(View.default, View.I9PermanentResident));
    assert.match(resident, /USCIS or A-Number 123456789/);
  });
});

describe('the payment information view', () => {
  it('says what each account receives, in order, and shows no account id', () => {
    const text = textOf(renderStory(View.default, View.PaymentInformation));
    assert.match(text, /30% of the pay/);
    assert.match(text, /\$250/);
    assert.match(text, /The rest of the pay/);
    assert.doesNotMatch(text, /Account id|6f1c2d3e/);
    assert.doesNotMatch(text, /Receives100/, 'the last account is not "100"');
  });
});
