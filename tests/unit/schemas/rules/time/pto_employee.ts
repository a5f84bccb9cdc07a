/** time/pto_employee: the rules of schemas/time/pto_employee.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY2, NOW } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'time/pto_employee',
  valid: { status: 'active', plan_ids: [KEY2], start_date: NOW },
  cases: [{ name: 'status outside active and inactive', patch: { status: 'terminated' }, errors: [{ path: '/status', message: 'Must be one of: active, inactive' }] }],
};

export default { table } satisfies EntityRules;
