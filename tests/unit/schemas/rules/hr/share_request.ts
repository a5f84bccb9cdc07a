/** hr/share_request: the rules of schemas/hr/share_request.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY, KEY2 } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'hr/share_request',
  valid: { document_id: KEY2, document_type: 'employee_documents', employee_id: KEY, share_to: [KEY2], message: 'For the benefits review' },
  cases: [
    { name: 'document type other than employee_documents', patch: { document_type: 'documents' }, errors: [{ path: '/document_type', message: 'Only employee documents can be shared this way.' }] },
    { name: 'no one to share with', patch: { share_to: [] }, errors: [{ path: '/share_to', message: 'Choose whom to share with.' }] },
  ],
};

export default { table } satisfies EntityRules;
