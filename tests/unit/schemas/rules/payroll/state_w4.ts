/** payroll/state_w4: the rules of schemas/payroll/state_w4.json. */
import type { EntityCases, EntityRules } from '../harness.ts';


const table: EntityCases = {
  entity: 'payroll/state_w4',
  valid: { state: 'CA', state_status: 'Married - 2 Work', total_allowances: 3, estimated_allowances: 1, extra_state_withholding: 10, ca_free_field: 'kept' },
  cases: [
    { name: 'state in lower case', patch: { state: 'ca' }, errors: [{ path: '/state', message: 'Must be a two-letter US state code or DC.' }] },
    { name: 'state of 3 letters', patch: { state: 'CAL' }, errors: [{ path: '/state', message: 'Must be a two-letter US state code or DC.' }] },
    { name: 'two capital letters that are no state', patch: { state: 'ZZ' }, errors: [{ path: '/state', message: 'Must be a two-letter US state code or DC.' }] },
    { name: 'state missing', patch: { state: undefined }, errors: [{ path: '/state', message: 'State is required.' }] },
    { name: 'Arizona percentage', patch: { state: 'AZ', state_status: '2.0 Percent/2.7 Percent' }, errors: [] },
    { name: 'a California status in Arizona', patch: { state: 'AZ' }, errors: [{ path: '/state_status', message: 'Not a Arizona withholding status.' }] },
    { name: 'Oregon status', patch: { state: 'OR', state_status: 'Married, but withholding at the higher single rate' }, errors: [] },
    {
      name: "Oregon: the spec's table choice is not saved again",
      patch: { state: 'OR', state_status: 'Married / Single (3+)' },
      errors: [{ path: '/state_status', message: 'Choose Single, Married, or Married, but withholding at the higher single rate (line 1 of the current OR-W-4).' }],
    },
    { name: "New York's third status", patch: { state: 'NY', state_status: 'Married, but withhold at higher single rate' }, errors: [] },
    {
      name: 'New York status outside its list',
      patch: { state: 'NY', state_status: 'Head of House' },
      errors: [{ path: '/state_status', message: 'Choose Single or Head of household, Married, or Married, but withhold at higher single rate (the IT-2104\'s statuses).' }],
    },
    { name: 'Alabama code', patch: { state: 'AL', state_status: 'M' }, errors: [] },
    {
      name: "Alabama: the spec's label is saved as its code, not as sent",
      patch: { state: 'AL', state_status: 'Married - File Joint' },
      errors: [{ path: '/state_status', message: 'Choose the A-4 personal exemption: 0, S, MS, M or H.' }],
    },
    { name: 'a state without a checked list', patch: { state: 'VA', state_status: 'anything', personal_exemptions: 2, age_blindness_exemptions: 1 }, errors: [] },
    { name: 'negative allowances', patch: { total_allowances: -1 }, errors: [{ path: '/total_allowances', message: 'Allowances must be 0 or more.' }] },
  ],
};

export default { table } satisfies EntityRules;
