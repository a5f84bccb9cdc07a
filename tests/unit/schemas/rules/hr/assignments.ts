/** hr/assignments: the rules of schemas/hr/assignments.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY, KEY2, NOW } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'hr/assignments',
  valid: { user_ids: [KEY], document_id: KEY2, document_type: 'documents', due_by: NOW + 86400 * 14, acknowledgement_required: true, status: 'assigned' },
  cases: [
    { name: 'no users', patch: { user_ids: [] }, errors: [{ path: '/user_ids', message: 'Assign it to at least one user.' }] },
    { name: 'users missing', patch: { user_ids: undefined }, errors: [{ path: '/user_ids', message: 'Assign it to at least one user.' }] },
    { name: 'a questionnaire instead of a document', patch: { document_id: undefined, questionnaire_id: KEY2 }, errors: [] },
    {
      name: 'neither document nor questionnaire',
      patch: { document_id: undefined },
      errors: [
        { path: '/document_id', message: 'Assign a document or a questionnaire.' },
        { path: '/questionnaire_id', message: 'Assign a document or a questionnaire.' },
      ],
    },
  ],
};

export default { table } satisfies EntityRules;
