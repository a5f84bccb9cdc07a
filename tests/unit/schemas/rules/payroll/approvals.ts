/** payroll/approvals: the rules of schemas/payroll/approvals.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/approvals',
  valid: { employee: KEY, approvals_needed: ['employee_payment_information', 'basic_info'], approval_type: 'employee', confirmation_code: '4F7K2' },
  cases: [
    { name: 'approval type admin', patch: { approval_type: 'admin' }, errors: [] },
    { name: 'approval type outside the two', patch: { approval_type: 'manager' }, errors: [{ path: '/approval_type', message: 'Approval type must be employee or admin.' }] },
    { name: 'confirmation code of 3', patch: { confirmation_code: '4F7' }, errors: [{ path: '/confirmation_code', message: 'Confirmation code must be 4 to 6 characters.' }] },
    { name: 'confirmation code of 7', patch: { confirmation_code: '4F7K2AB' }, errors: [{ path: '/confirmation_code', message: 'Confirmation code must be 4 to 6 characters.' }] },
    { name: 'confirmation codes of 4 and 6', patch: { confirmation_code: '4F7K2A' }, errors: [] },
  ],
};

export default { table } satisfies EntityRules;
