/** payroll/employer_info: the rules of schemas/payroll/employer_info.json. */
import type { EntityCases, EntityRules, TransformCase } from '../harness.ts';
import { KEY, NOW, onCreate } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/employer_info',
  valid: { type: 'available_states', value: ['IL', 'WI', 'DC'] },
  cases: [
    { name: 'divisions are free names', patch: { type: 'divisions', value: ['Restaurants', 'Catering'] }, errors: [] },
    { name: 'an unknown state', patch: { value: ['IL', 'ZZ'] }, errors: [{ path: '/value/1', message: 'Must be a two-letter US state code or DC.' }] },
    { name: 'an unknown pay frequency', patch: { type: 'active_pay_frequencies', value: ['Weekly', 'Fortnightly'] }, errors: [{ path: '/value/1', message: 'Must be one of: Daily, Weekly, Bi-Weekly, Semi-Monthly, Monthly, Quarterly, Annually' }] },
    {
      name: 'the W-4 edition is no company setting',
      patch: { type: 'w4_edition', value: ['2026'] },
      errors: [{ path: '/type', message: 'Type must be available_states, divisions, departments or active_pay_frequencies.' }],
    },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'payroll/employer_info',
    name: 'every save stamps the update',
    kind: 'save',
    input: { type: 'divisions', value: ['Restaurants'] },
    output: { type: 'divisions', value: ['Restaurants'], last_updated: NOW, updated_by: KEY },
    bindings: onCreate,
  },
];

export default { table, transforms } satisfies EntityRules;
