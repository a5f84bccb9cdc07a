/** time/pto_register: the rules of schemas/time/pto_register.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
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
  ],
};

export default { table } satisfies EntityRules;
