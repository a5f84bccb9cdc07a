import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { unsignedAsAbsent, withoutUnsigned } from '../../forms/signature/unsigned.ts';

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
});
