/** payroll/employee: the rules of schemas/payroll/employee.json's validate expression. */
import type { EntityRules, ExpressionCase } from '../harness.ts';
import { NOW } from '../fixtures.ts';

const DAY = 86400;
const validations: ExpressionCase[] = [
  {
    entity: 'payroll/employee',
    name: 'a termination date before the hire date',
    input: { hire_date: NOW, term_date: NOW - DAY },
    errors: [{ path: '/term_date', message: 'The termination date cannot be before the hire date.' }],
  },
  { entity: 'payroll/employee', name: 'terminated on the day of hire', input: { hire_date: NOW, term_date: NOW }, errors: [] },
  { entity: 'payroll/employee', name: 'not terminated', input: { hire_date: NOW, term_date: null }, errors: [] },
  { entity: 'payroll/employee', name: 'no hire date on record', input: { term_date: NOW }, errors: [] },
];

export default { validations } satisfies EntityRules;
