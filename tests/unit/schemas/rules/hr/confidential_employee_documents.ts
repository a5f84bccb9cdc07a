/** hr/confidential_employee_documents: the rules of schemas/hr/confidential_employee_documents.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'hr/confidential_employee_documents',
  valid: { employee_id: KEY, display_name: 'Background check', filename: 'bg.pdf', status: 'uploading' },
  cases: [{ name: 'status outside the three', patch: { status: 'done' }, errors: [{ path: '/status', message: 'Must be one of: requested, uploaded, uploading' }] }],
};

export default { table } satisfies EntityRules;
