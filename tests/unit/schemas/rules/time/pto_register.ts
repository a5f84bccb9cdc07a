/** time/pto_register: the rules of schemas/time/pto_register.json. */
import type { EntityCases, EntityRules, ExpressionCase } from '../harness.ts';
import { KEY, KEY2, NOW } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'time/pto_register',
  valid: { user_id: KEY, plan_id: KEY2, action: 'credit', type: 'accrual', hours: 3.08, balance: 40, effective_date: NOW },
  cases: [
    { name: 'an annotation needs no hours', patch: { action: 'annotation', type: 'balance_summary', hours: undefined, plan_id: undefined }, errors: [] },
    { name: 'action outside the three', patch: { action: 'transfer' }, errors: [{ path: '/action', message: 'Action must be debit, credit or annotation.' }] },
    {
      name: 'type outside the five',
      patch: { type: 'payout' },
      errors: [{ path: '/type', message: 'Type must be accrual, use, balance_summary, plan_change or manual_adjustment.' }],
    },
    { name: 'a debit without hours', patch: { action: 'debit', type: 'use', hours: undefined }, errors: [{ path: '/hours', message: 'A debit or credit needs a plan and hours.' }] },
    // Named by its own title, not by the title of the definition it refers to ("Time").
    { name: 'no effective date', patch: { effective_date: undefined }, errors: [{ path: '/effective_date', message: 'Effective is required.' }] },
  ],
};

const validations: ExpressionCase[] = [
  {
    entity: 'time/pto_register',
    name: 'hours below the hundredth',
    input: { action: 'credit', hours: 1e-7 },
    errors: [{ path: '/hours', message: 'Hours may have at most 2 decimals.' }],
  },
  { entity: 'time/pto_register', name: 'hours in hundredths', input: { action: 'credit', hours: 3.08 }, errors: [] },
];

export default { table, validations } satisfies EntityRules;
