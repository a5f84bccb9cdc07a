/** payroll/i9_document_copies: the rules of schemas/payroll/i9_document_copies.json. */
import type { EntityCases, EntityRules } from '../harness.ts';
import { KEY } from '../fixtures.ts';

const DOCUMENT = '0f8fad5b-d9cb-469f-a165-70867728950e';

const table: EntityCases = {
  entity: 'payroll/i9_document_copies',
  valid: { employee_id: KEY, document_id: DOCUMENT, document_title: "Driver's license", side: 'front' },
  cases: [
    { name: 'without the document examined', patch: { document_id: undefined }, errors: [{ path: '/document_id', message: 'Document examined is required.' }] },
    { name: 'a document id that is no id', patch: { document_id: 'front page' }, errors: [{ path: '/document_id', message: 'Must be the id of a document examined on the I-9.' }] },
    { name: 'side outside the three', patch: { side: 'left' }, errors: [{ path: '/side', message: 'Must be one of: front, back, both' }] },
  ],
};

export default { table } satisfies EntityRules;
