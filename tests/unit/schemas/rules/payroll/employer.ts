/** payroll/employer: the rules of schemas/payroll/employer.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { EIN_PREFIX, EIN_PREFIXES } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/employer',
  valid: {
    name: 'Acme Widgets',
    ex_company_id: 41234,
    ex_api_name: 'acme',
    status: 'active',
    direct_deposit_available: 'yes',
    active_states: ['IL', 'WI'],
    notes: '',
  },
  cases: [
    { name: 'a 16-character name', patch: { name: 'A'.repeat(16) }, errors: [] },
    ...EIN_PREFIXES.map(([prefix, ok]) => ({
      name: `EIN prefix ${prefix}`,
      patch: { ein: `${prefix}-4000123` },
      errors: ok ? [] : [{ path: '/ein', message: EIN_PREFIX }],
    })),
    { name: 'a masked EIN', patch: { ein: 'xxxxx0123' }, errors: [] },
    {
      name: 'a 17-character name',
      patch: { name: 'A'.repeat(17) },
      errors: [{ path: '/name', message: 'Employer name may have at most 16 characters.' }],
    },
    {
      name: 'ex_api_name of 37 characters',
      patch: { ex_api_name: 'x'.repeat(37) },
      errors: [{ path: '/ex_api_name', message: 'API name may have at most 36 characters.' }],
    },
    {
      name: 'status outside the list',
      patch: { status: 'onboarding' },
      errors: [{ path: '/status', message: 'Must be one of: active, inactive, deleted' }],
    },
    {
      name: 'direct deposit available must be yes or no',
      patch: { direct_deposit_available: true },
      errors: [
        { path: '/direct_deposit_available', message: 'Must be text' },
        { path: '/direct_deposit_available', message: 'Must be one of: yes, no' },
      ],
    },
    {
      name: 'external company id is a number',
      patch: { ex_company_id: '41234' },
      errors: [{ path: '/ex_company_id', message: 'Must be a whole number' }],
    },
    {
      name: 'active states are US state codes',
      patch: { active_states: ['IL', 'XX'] },
      errors: [{ path: '/active_states/1', message: 'Must be a two-letter US state code or DC.' }],
    },
  ],
};

export default { table } satisfies EntityRules;
