/** time/pto_plan: the rules of schemas/time/pto_plan.json. */
import type { EntityCases, EntityRules } from '../harness.ts';

const table: EntityCases = {
  entity: 'time/pto_plan',
  valid: { name: 'Vacation', plan_type: 'Vacation', calc_period: 'payroll', accrual_hours: 3.08, max_balance: 120, status: 'active' },
  cases: [
    { name: 'anniversary accrual', patch: { calc_period: 'anniversary', plan_type: 'Flex' }, errors: [] },
    { name: 'calc period outside the four', patch: { calc_period: 'week' }, errors: [{ path: '/calc_period', message: 'Accrual period must be payroll, month, anniversary or calendar.' }] },
    { name: 'plan type outside the six', patch: { plan_type: 'Holiday' }, errors: [{ path: '/plan_type', message: 'Must be one of: Vacation, Personal, Sick, Unpaid, Flex, Other' }] },
  ],
};

export default { table } satisfies EntityRules;
