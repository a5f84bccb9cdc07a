/** payroll/payroll_documents: the rules of schemas/payroll/payroll_documents.json. */
import type { EntityCases, EntityRules } from '../harness.ts';

const table: EntityCases = {
  entity: 'payroll/payroll_documents',
  valid: { display_name: '2025 W-2 instructions', filename: 'w2-instructions.pdf', view_type: 'file' },
  cases: [
    { name: 'display name of 129 characters', patch: { display_name: 'd'.repeat(129) }, errors: [{ path: '/display_name', message: 'Must be 1 to 128 characters.' }] },
    { name: 'empty filename', patch: { filename: '' }, errors: [{ path: '/filename', message: 'Must be 1 to 128 characters.' }] },
    { name: 'view type outside the four', patch: { view_type: 'embed' }, errors: [{ path: '/view_type', message: 'Must be one of: view_type, link, file, video' }] },
  ],
};

export default { table } satisfies EntityRules;
