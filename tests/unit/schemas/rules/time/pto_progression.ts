/** time/pto_progression: the rules of schemas/time/pto_progression.json. */
import type { EntityCases, EntityRules, ExpressionCase } from '../harness.ts';
import { step } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'time/pto_progression',
  valid: { name: 'Vacation by seniority', steps: [step(0), step(12), step(60)] },
  cases: [
    { name: 'sixty steps', patch: { steps: Array.from({ length: 60 }, (_, i) => step(i)) }, errors: [] },
    { name: 'sixty-one steps', patch: { steps: Array.from({ length: 61 }, (_, i) => step(i)) }, errors: [{ path: '/steps', message: 'A progression needs 1 to 60 steps.' }] },
    { name: 'no steps', patch: { steps: [] }, errors: [{ path: '/steps', message: 'A progression needs 1 to 60 steps.' }] },
  ],
};

const validations: ExpressionCase[] = [
  {
    entity: 'time/pto_progression',
    name: 'steps out of order',
    input: { steps: [{ after_months: 0 }, { after_months: 24 }, { after_months: 12 }] },
    errors: [{ path: '/steps/2/after_months', message: 'Steps must be in increasing months of service.' }],
  },
  { entity: 'time/pto_progression', name: 'steps in order', input: { steps: [{ after_months: 0 }, { after_months: 12 }] }, errors: [] },
  { entity: 'time/pto_progression', name: 'a single step', input: { steps: [{ after_months: 0 }] }, errors: [] },
];

export default { table, validations } satisfies EntityRules;
