/** payroll/state_w4_form: the rules of schemas/payroll/state_w4_form.json. */
import type { EntityCases, EntityRules } from '../harness.ts';


const table: EntityCases = {
  entity: 'payroll/state_w4_form',
  valid: {
    state: 'CA',
    form_name: "DE 4 Employee's Withholding Allowance Certificate",
    printable_type: 'california',
    instructions: 'Complete DE 4 to determine your California withholding.',
    fields: { schema: { type: 'object', properties: { state_status: { type: 'string' } } }, uiSchema: {} },
    links: [{ label: 'DE 4', description: 'The official form', url: 'https://edd.ca.gov/pdf_pub_ctr/de4.pdf' }],
    transforms: { validator: '[]' },
  },
  cases: [
    { name: 'state in lower case', patch: { state: 'Ca' }, errors: [{ path: '/state', message: 'Must be a two-letter US state code or DC.' }] },
    { name: 'two capital letters that are no state', patch: { state: 'ZZ' }, errors: [{ path: '/state', message: 'Must be a two-letter US state code or DC.' }] },
    { name: 'a link without a label', patch: { links: [{ url: 'https://edd.ca.gov' }] }, errors: [{ path: '/links/0/label', message: 'A link needs a label.' }] },
    { name: 'a link that is not a URL', patch: { links: [{ label: 'DE 4', url: 'edd.ca.gov' }] }, errors: [{ path: '/links/0/url', message: 'An address must start with https:// (a secure link).' }, { path: '/links/0/url', message: "A link's address must be a full URL." }] },
    { name: 'a link that is not https', patch: { links: [{ label: 'DE 4', url: 'http://edd.ca.gov/de4.pdf' }] }, errors: [{ path: '/links/0/url', message: 'An address must start with https:// (a secure link).' }] },
    { name: 'an empty transform', patch: { transforms: { to_execupay: '' } }, errors: [{ path: '/transforms/to_execupay', message: 'To the payroll provider is required.' }] },
  ],
};

export default { table } satisfies EntityRules;
