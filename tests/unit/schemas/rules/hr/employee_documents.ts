/** hr/employee_documents: the rules of schemas/hr/employee_documents.json. */
import type { EntityCases, EntityRules, TransformCase } from '../harness.ts';
import { KEY, NOW, onSave } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'hr/employee_documents',
  valid: { employee_id: KEY, display_name: 'Food handler certificate', filename: 'food-handler.pdf', status: 'uploaded' },
  cases: [
    { name: 'requested without a file yet', patch: { status: 'requested', filename: undefined }, errors: [] },
    { name: 'status outside the three', patch: { status: 'approved' }, errors: [{ path: '/status', message: 'Must be one of: requested, uploaded, uploading' }] },
    { name: 'empty display name', patch: { display_name: '' }, errors: [{ path: '/display_name', message: 'Must be 1 to 128 characters.' }] },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'hr/employee_documents',
    name: 'the upload time is stamped when the status becomes uploaded',
    kind: 'save',
    input: { employee_id: KEY, display_name: 'Certificate', status: 'uploaded' },
    output: { employee_id: KEY, display_name: 'Certificate', status: 'uploaded', uploaded_time: NOW + 60 },
    bindings: onSave({ employee_id: KEY, display_name: 'Certificate', status: 'requested' }),
  },
];

export default { table, transforms } satisfies EntityRules;
