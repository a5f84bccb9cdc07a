/** hr/documents: the rules of schemas/hr/documents.json. */
import type { EntityCases, EntityRules } from '../harness.ts';


const table: EntityCases = {
  entity: 'hr/documents',
  valid: { display_name: 'Employee handbook', filename: 'handbook-2025.pdf', view_type: 'file', published: true },
  cases: [
    { name: 'a video with its address', patch: { view_type: 'video', url: 'https://videos.example.com/safety' }, errors: [] },
    { name: 'a link without an address', patch: { view_type: 'link' }, errors: [{ path: '/url', message: 'A link or video needs an address.' }] },
    { name: 'view type outside the four', patch: { view_type: 'pdf' }, errors: [{ path: '/view_type', message: 'Must be one of: view_type, link, file, video' }] },
    { name: 'display name of 129 characters', patch: { display_name: 'd'.repeat(129) }, errors: [{ path: '/display_name', message: 'Must be 1 to 128 characters.' }] },
    { name: 'filename of 129 characters', patch: { filename: 'f'.repeat(129) }, errors: [{ path: '/filename', message: 'Must be 1 to 128 characters.' }] },
  ],
};

export default { table } satisfies EntityRules;
