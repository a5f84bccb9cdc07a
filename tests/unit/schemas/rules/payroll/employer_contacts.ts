/** payroll/employer_contacts: the rules of schemas/payroll/employer_contacts.json. */
import type { EntityCases, EntityRules, TransformCase } from '../harness.ts';
import { phoneMsg } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/employer_contacts',
  valid: { name: 'Pat Lee', type: 'Payroll', description: 'Payroll questions', email: 'pat@acme.example', phone_number: '3125550142' },
  cases: [
    { name: 'empty phone', patch: { phone_number: '' }, errors: [] },
    { name: 'phone of 11 digits', patch: { phone_number: '13125550142' }, errors: [{ path: '/phone_number', message: phoneMsg }] },
    { name: 'name missing', patch: { name: undefined }, errors: [{ path: '/name', message: 'Name is required.' }] },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'payroll/employer_contacts',
    name: 'contact phone spaces removed and e-mail lower-cased',
    kind: 'save',
    input: { name: 'Pat', phone_number: '312 555 0142', email: 'Pat@Acme.example' },
    output: { name: 'Pat', phone_number: '3125550142', email: 'pat@acme.example' },
  },
];

export default { table, transforms } satisfies EntityRules;
