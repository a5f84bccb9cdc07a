/** hr/global_docs: the rules of schemas/hr/global_docs.json. */
import type { EntityCases, EntityRules } from '../harness.ts';


const table: EntityCases = {
  entity: 'hr/global_docs',
  valid: { display_name: 'Illinois minimum wage poster', filename: 'il-min-wage-2025.pdf', state_code: 'IL', year: 2025, published: true, archive: false, spanish: false },
  cases: [
    { name: 'federal poster without a state', patch: { state_code: '' }, errors: [] },
    { name: 'state code of 3 characters', patch: { state_code: 'ILL' }, errors: [{ path: '/state_code', message: 'State code may have at most 2 characters.' }] },
  ],
};

export default { table } satisfies EntityRules;
