/** payroll/payroll_calendar: the rules of schemas/payroll/payroll_calendar.json. */
import type { EntityRules, ExpressionCase } from '../harness.ts';
import { NOW } from '../fixtures.ts';

const validations: ExpressionCase[] = [
  {
    entity: 'payroll/payroll_calendar',
    name: 'a period that ends before it starts',
    input: { period_start_date: NOW, period_end_date: NOW - 86400 },
    errors: [{ path: '/period_end_date', message: 'The period cannot end before it starts.' }],
  },
  { entity: 'payroll/payroll_calendar', name: 'a two-week period', input: { period_start_date: NOW, period_end_date: NOW + 13 * 86400 }, errors: [] },
];

export default { validations } satisfies EntityRules;
