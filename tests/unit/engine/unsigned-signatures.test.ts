import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { unsignedAsAbsent, withoutUnsigned } from '../../../engine/unsigned-signatures.ts';
import { historyName, voidedSignature } from '../../../forms/signature/signature-flow.ts';

const slots = [
  { field: 'employee_signature', requiredMessage: 'The employee must sign Section 1.' },
  { field: 'employer_signature' },
];
const partMissing = (field: string, part: string) => ({
  path: `/${field}/${part}`,
  message: 'A signature needs a name and a time.',
  keyword: 'required',
});

describe('an unsigned signature counts as absent', () => {
  test("a required one shows its own message instead of its parts'", () => {
    const out = unsignedAsAbsent(
      [partMissing('employee_signature', 'name'), partMissing('employee_signature', 'timestamp')],
      slots,
    );
    assert.deepEqual(out, [
      { path: '/employee_signature', message: 'The employee must sign Section 1.', keyword: 'required' },
    ]);
  });

  test('an optional one shows nothing; other errors stay as they are', () => {
    const other = { path: '/first_name', message: 'First name is required.', keyword: 'required' };
    const tooLong = { path: '/employer_signature/name', message: 'Too long.', keyword: 'maxLength' };
    assert.deepEqual(unsignedAsAbsent([partMissing('employer_signature', 'name'), other, tooLong], slots), [
      other,
      tooLong,
    ]);
  });

  test('the data sent leaves unsigned signatures out and keeps signed ones', () => {
    const signed = { name: 'Emma Employee', font: 'font2', timestamp: 1_790_000_000 };
    const data = { first_name: 'Emma', employee_signature: signed, employer_signature: { evidence: {} } };
    assert.deepEqual(withoutUnsigned(data, slots), { first_name: 'Emma', employee_signature: signed });
    assert.equal(withoutUnsigned({ first_name: 'Emma' }, slots).first_name, 'Emma');
  });

  test('a signature in each item of an array (a supplement block) counts as absent the same way', () => {
    const blocks = [{ field: 'signature', array: 'supplement_b', requiredMessage: 'Sign this block.' }];
    const out = unsignedAsAbsent(
      [
        partMissing('supplement_b/1/signature', 'name'),
        partMissing('supplement_b/1/signature', 'timestamp'),
        { path: '/supplement_b/0/employer_name', message: 'Enter the name.', keyword: 'required' },
      ],
      blocks,
    );
    assert.deepEqual(out, [
      { path: '/supplement_b/0/employer_name', message: 'Enter the name.', keyword: 'required' },
      { path: '/supplement_b/1/signature', message: 'Sign this block.', keyword: 'required' },
    ]);
    const signed = { name: 'Paul Payroll', font: 'font1', timestamp: 1_790_000_000 };
    const data = {
      supplement_b: [
        { id: 'a', signature: signed },
        { id: 'b', signature: { font: 'font1' } },
      ],
    };
    assert.deepEqual(withoutUnsigned(data, blocks), { supplement_b: [{ id: 'a', signature: signed }, { id: 'b' }] });
    assert.equal(data.supplement_b[1].signature?.font, 'font1', 'the form data itself is left as it was');
  });
});

describe('a voided signature of a supplement block is found by its block', () => {
  const root = { properties: { supplement_b: { type: 'array', 'x-item-key': 'id' } } };
  const data = { supplement_b: [{ id: 'b-1' }, { id: 'b-2' }] };
  const history = [
    {
      field: 'supplement_b.b-2.signature',
      signature: { name: 'Paul Payroll', timestamp: 1 },
      voided: { time: 2, reason: 'changed after signing' },
    },
  ];

  test('the history names a block signature by the array, the block key and the field', () => {
    assert.equal(historyName(['supplement_b', 1, 'signature'], data, root), 'supplement_b.b-2.signature');
    assert.equal(historyName(['employer_signature'], data, root), 'employer_signature');
    assert.equal(historyName(['supplement_b', 5, 'signature'], data, root), undefined, 'no such block');
  });

  test('only the changed block shows its signature void', () => {
    const at = (i: number) => historyName(['supplement_b', i, 'signature'], data, root)!;
    assert.equal(voidedSignature(history, at(1), undefined)?.name, 'Paul Payroll');
    assert.equal(voidedSignature(history, at(0), undefined), undefined);
  });
});
