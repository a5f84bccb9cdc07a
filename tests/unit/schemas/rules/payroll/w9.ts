/** payroll/w9: the rules of schemas/payroll/w9.json. */
import type { EntityCases, EntityRules, ExpressionCase, TransformCase } from '../harness.ts';
import { SIGNATURE, w9Classifications } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/w9',
  valid: {
    name: 'Jane Q. Doe',
    business_name: 'Doe Consulting',
    federal_tax_classification: 'individual',
    address: '12 Main St Apt 4',
    city_state_zip: 'Springfield, IL 62701',
    account_numbers: [],
    tin_type: 'ssn',
    tin: '512-48-3927',
    signature: SIGNATURE,
  },
  cases: [
    {
      name: 'name, address and city/state/ZIP are required',
      patch: { name: undefined, address: undefined, city_state_zip: undefined },
      errors: [
        { path: '/name', message: 'Name is required.' },
        { path: '/address', message: 'Address is required.' },
        { path: '/city_state_zip', message: 'City, state and ZIP code are required.' },
      ],
    },
    {
      name: 'classification outside the seven boxes of line 3a',
      patch: { federal_tax_classification: 'LLC' },
      errors: [{ path: '/federal_tax_classification', message: 'Choose one of the seven boxes of line 3a.' }],
    },
    { name: 'an LLC taxed as an S corporation', patch: { federal_tax_classification: 'llc', llc_tax_classification: 'S' }, errors: [] },
    {
      name: 'an LLC without its tax classification',
      patch: { federal_tax_classification: 'llc' },
      errors: [{ path: '/llc_tax_classification', message: "Enter the LLC's tax classification: C, S or P." }],
    },
    { name: "the spec's earlier value, as stored", patch: { federal_tax_classification: 'LLC - S Corporation' }, errors: [] },
    {
      name: 'Other needs its description',
      patch: { federal_tax_classification: 'other' },
      errors: [{ path: '/other_tax_classification', message: 'Describe the other tax classification.' }],
    },
    {
      name: 'signed without a TIN',
      patch: { tin_type: undefined, tin: undefined },
      errors: [
        { path: '/tin_type', message: 'Part I: enter your taxpayer identification number before you sign.' },
        { path: '/tin', message: 'Part I: enter your taxpayer identification number before you sign.' },
      ],
    },
    {
      name: 'a TIN without its kind',
      patch: { tin_type: undefined, signature: undefined },
      errors: [{ path: '/tin_type', message: 'Say whether the number is a social security number or an employer identification number.' }],
    },
    {
      name: 'an SSN written as an EIN',
      patch: { tin_type: 'ein' },
      errors: [{ path: '/tin', message: 'EIN must be 9 digits written 12-3456789.' }],
    },
    { name: 'an EIN', patch: { tin_type: 'ein', tin: '36-4812345' }, errors: [] },
    { name: 'exempt payee codes 1 and 13', patch: { exempt_payee_code: 13 }, errors: [] },
    { name: 'exempt payee code 0', patch: { exempt_payee_code: 0 }, errors: [{ path: '/exempt_payee_code', message: 'Exempt payee code must be 1 to 13.' }] },
    { name: 'exempt payee code 14', patch: { exempt_payee_code: 14 }, errors: [{ path: '/exempt_payee_code', message: 'Exempt payee code must be 1 to 13.' }] },
    { name: 'FATCA code M', patch: { exempt_from_fatca_code: 'M' }, errors: [] },
    { name: 'FATCA code N', patch: { exempt_from_fatca_code: 'N' }, errors: [{ path: '/exempt_from_fatca_code', message: 'FATCA code must be a letter from A to M.' }] },
    { name: 'FATCA code in lower case', patch: { exempt_from_fatca_code: 'a' }, errors: [{ path: '/exempt_from_fatca_code', message: 'FATCA code must be a letter from A to M.' }] },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'payroll/w9',
    name: "an LLC of the spec's earlier list is saved as the LLC box and its code",
    kind: 'save',
    input: { name: 'Doe Partners LLC', federal_tax_classification: 'LLC - Partnership' },
    output: { name: 'Doe Partners LLC', federal_tax_classification: 'llc', llc_tax_classification: 'P' },
    bindings: { w9Classifications },
  },
  {
    entity: 'payroll/w9',
    name: "an LLC code the client sent itself beside an earlier value stays, to be checked as sent (it was overwritten)",
    kind: 'save',
    input: { federal_tax_classification: 'LLC - S Corporation', llc_tax_classification: 'X' },
    output: { federal_tax_classification: 'llc', llc_tax_classification: 'X' },
    bindings: { w9Classifications },
  },
  {
    entity: 'payroll/w9',
    name: "the spec's sole proprietor is saved as the first box",
    kind: 'save',
    input: { federal_tax_classification: 'Individual / Sole Proprietor or Single-Member LLC' },
    output: { federal_tax_classification: 'individual' },
    bindings: { w9Classifications },
  },
  {
    entity: 'payroll/w9',
    name: 'a current answer is saved as sent',
    kind: 'save',
    input: { federal_tax_classification: 'trust_estate', foreign_partners: true },
    output: { federal_tax_classification: 'trust_estate', foreign_partners: true },
    bindings: { w9Classifications },
  },
];

const validations: ExpressionCase[] = [
  {
    entity: 'payroll/w9',
    name: 'line 3b for a C corporation',
    input: { federal_tax_classification: 'c_corporation', foreign_partners: true },
    errors: [{ path: '/foreign_partners', message: 'Line 3b is only for a partnership, a trust/estate, or an LLC taxed as a partnership (code P).' }],
  },
  {
    entity: 'payroll/w9',
    name: 'line 3b for an LLC taxed as a partnership',
    input: { federal_tax_classification: 'llc', llc_tax_classification: 'P', foreign_partners: true },
    errors: [],
  },
  {
    entity: 'payroll/w9',
    name: 'exemption codes for a sole proprietor',
    input: { federal_tax_classification: 'individual', exempt_payee_code: 5, exempt_from_fatca_code: 'C' },
    errors: [
      { path: '/exempt_payee_code', message: 'Exemption codes apply only to certain entities, not to individuals or sole proprietors.' },
      { path: '/exempt_from_fatca_code', message: 'Exemption codes apply only to certain entities, not to individuals or sole proprietors.' },
    ],
  },
  { entity: 'payroll/w9', name: 'exemption codes for a corporation', input: { federal_tax_classification: 'c_corporation', exempt_payee_code: 5 }, errors: [] },
  {
    entity: 'payroll/w9',
    name: "the LLC's code with another box",
    input: { federal_tax_classification: 'partnership', llc_tax_classification: 'P' },
    errors: [{ path: '/llc_tax_classification', message: 'The tax classification code (C, S or P) goes with the LLC box only.' }],
  },
];

export default { table, transforms, validations } satisfies EntityRules;
