/**
 * The printable viewer's choices (forms/printable/printable-forms.ts): the selector's 18 form types,
 * the form each screen opens on, the button labels of spec/001 section 2, and when it shows.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import {
  formOption,
  FORM_OPTIONS,
  hasSignatures,
  initialForm,
  isPrintableForm,
  noPrintableForm,
  printableButtonLabel,
  stateFormOf,
} from '../../forms/printable/printable-forms.ts';
import { screenExtensionOf } from '../../renderers/contract/forms-registry.ts';
import { recordForms } from '../../web/record-forms.ts';

test('the selector offers i9, w4, w9 and the 15 state forms, in the spec order', () => {
  assert.deepEqual(
    FORM_OPTIONS.map((o) => o.value),
    [
      'i9',
      'w4',
      'w9',
      'colorado',
      'arizona',
      'california',
      'oregon',
      'virginia',
      'newyork',
      'alabama',
      'arkansas',
    ].concat(['connecticut', 'delaware', 'georgia', 'hawaii', 'idaho', 'illinois', 'indiana']),
  );
  assert.equal(FORM_OPTIONS.find((o) => o.value === 'newyork')?.label, 'New York (NY) state withholding');
  assert.equal(FORM_OPTIONS.find((o) => o.value === 'w9')?.label, 'W-9 (Request for Taxpayer Identification Number)');
  assert.ok(isPrintableForm('indiana'));
  assert.ok(!isPrintableForm('texas') && !isPrintableForm(undefined));
});

test('each screen opens the viewer on its own form among those offered', () => {
  const offered = [
    { form: 'i9', kind: 'i9' as const },
    { form: 'w4', kind: 'w4' as const },
    { form: 'w9', kind: 'w9' as const },
    { form: 'california', kind: 'state' as const },
  ];
  assert.equal(initialForm('i9', offered), 'i9');
  assert.equal(initialForm('w4', offered), 'w4');
  assert.equal(initialForm('w9', offered), 'w9');
  assert.equal(initialForm('state_w4', offered), 'california');
  assert.equal(initialForm('state_w4', offered.slice(0, 2)), 'i9', 'no state form: the first offered');
  assert.equal(initialForm('w4', []), undefined, 'nothing to print');
  // One certificate per state: a state W-4 screen opens the form of its own certificate's state.
  const two = [
    { form: 'oregon', kind: 'state' as const, state: 'OR' },
    { form: 'california', kind: 'state' as const, state: 'CA' },
  ];
  assert.equal(initialForm('state_w4', two, 'CA'), 'california');
  assert.equal(initialForm('state_w4', two, 'OR'), 'oregon');
  assert.equal(stateFormOf('IN'), 'indiana');
  assert.equal(stateFormOf(7), undefined);
});

test("labels: 'Show Printable I9' for the I-9, 'Show Printable W9' for the W-9, 'Show Printable W4' for the others", () => {
  assert.equal(printableButtonLabel('i9'), 'Show Printable I9');
  assert.equal(printableButtonLabel('w4'), 'Show Printable W4');
  assert.equal(printableButtonLabel('state_w4'), 'Show Printable W4');
  assert.equal(printableButtonLabel('w9'), 'Show Printable W9');
});

test('the button shows once a signature (name and time) exists', () => {
  assert.ok(!hasSignatures(undefined));
  assert.ok(!hasSignatures({}));
  assert.ok(!hasSignatures({ employee_signature: { name: '', timestamp: 1 } }));
  assert.ok(!hasSignatures({ employee_signature: { name: 'Emma' } }));
  assert.ok(hasSignatures({ employee_signature: { name: 'Emma', font: 'font1', timestamp: 1741000000 } }));
  assert.ok(hasSignatures({ employer_signature: { name: 'Paul', timestamp: 1741000000 } }));
  assert.ok(hasSignatures({ signature: { name: 'Emma', font: 'font1', timestamp: 1741000000 } }), 'the W-9 signature');
});

test('the I-9, W-4, W-9 and state W-4 screens (and their my_ variants) carry the viewer button', () => {
  for (const type of ['i9', 'my_i9', 'w4', 'my_w4', 'w9', 'my_w9', 'state_w4', 'my_state_w4']) {
    assert.ok(screenExtensionOf(recordForms, 'payroll', type)?.Actions, type);
  }
  assert.equal(screenExtensionOf(recordForms, 'payroll', 'employee')?.Actions, undefined);
});

test("a form kept as data is named by the server's title; a shipped one by its own label", () => {
  assert.deepEqual(formOption({ form: 'wisconsin', title: 'WI: WT-4' }), { value: 'wisconsin', label: 'WI: WT-4' });
  assert.equal(formOption({ form: 'oregon', title: 'x' }).label, 'Oregon (OR) state withholding');
});

test('a signed state certificate whose state has no printable layout says so, not that it is blank', () => {
  assert.equal(
    noPrintableForm('state_w4', 'MO'),
    'There is no printable form for MO yet: the form is saved and signed, and can be printed once its layout is added.',
  );
  assert.equal(noPrintableForm('w4', undefined), 'This form has not been filled in yet.');
});
