/** payroll/emergency_contacts: the rules of schemas/payroll/emergency_contacts.json. */
import type { EntityCases, EntityRules, TransformCase } from '../harness.ts';
import { phoneMsg } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/emergency_contacts',
  valid: {
    contacts: [
      { contact_first_name: 'John', contact_last_name: 'Doe', relationship: 'Spouse', phone_number: '2175550199' },
    ],
  },
  cases: [
    {
      name: 'two contacts',
      patch: {
        contacts: [
          { contact_first_name: 'John', contact_last_name: 'Doe', relationship: 'Spouse', phone_number: '2175550199' },
          { contact_first_name: 'Ann', contact_last_name: 'Roe', relationship: 'Sister', phone_number: '3125550100' },
        ],
      },
      errors: [],
    },
    {
      name: 'no contacts',
      patch: { contacts: [] },
      errors: [{ path: '/contacts', message: 'At least one emergency contact is required.' }],
    },
    {
      name: 'contacts missing',
      patch: { contacts: undefined },
      errors: [{ path: '/contacts', message: 'At least one emergency contact is required.' }],
    },
    {
      name: 'three contacts',
      patch: {
        contacts: [1, 2, 3].map((i) => ({
          contact_first_name: `A${i}`,
          contact_last_name: 'B',
          relationship: 'Friend',
          phone_number: '2175550199',
        })),
      },
      errors: [{ path: '/contacts', message: 'At most two emergency contacts may be given.' }],
    },
    {
      name: 'empty names and relationship',
      patch: { contacts: [{ contact_first_name: '', contact_last_name: '', relationship: '', phone_number: '2175550199' }] },
      errors: [
        { path: '/contacts/0/contact_first_name', message: 'First name is required.' },
        { path: '/contacts/0/contact_last_name', message: 'Last name is required.' },
        { path: '/contacts/0/relationship', message: 'Relationship is required.' },
      ],
    },
    {
      name: 'phone missing or short',
      patch: {
        contacts: [
          { contact_first_name: 'A', contact_last_name: 'B', relationship: 'C' },
          { contact_first_name: 'A', contact_last_name: 'B', relationship: 'C', phone_number: '555' },
        ],
      },
      errors: [
        { path: '/contacts/0/phone_number', message: phoneMsg },
        { path: '/contacts/1/phone_number', message: phoneMsg },
      ],
    },
    {
      name: 'an empty phone is not enough for an emergency contact',
      patch: { contacts: [{ contact_first_name: 'A', contact_last_name: 'B', relationship: 'C', phone_number: '' }] },
      errors: [{ path: '/contacts/0/phone_number', message: phoneMsg }],
    },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'payroll/emergency_contacts',
    name: 'spaces are removed from contact phones on save',
    kind: 'save',
    input: { contacts: [{ contact_first_name: 'A', phone_number: '217 555 0199' }] },
    output: { contacts: [{ contact_first_name: 'A', phone_number: '2175550199' }] },
  },
];

export default { table, transforms } satisfies EntityRules;
