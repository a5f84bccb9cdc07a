/** payroll/basic_info: the rules of schemas/payroll/basic_info.json. */
import type { EntityCases, EntityRules, ExpressionCase, TransformCase } from '../harness.ts';
import { address, NOW, phoneMsg } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/basic_info',
  valid: {
    dob: '1990-04-17',
    gender: 'Female',
    phone: '2175550123',
    other_phone: '',
    alternate_email: 'jane.doe@example.com',
    legal_address: address,
    mailing_address: { ...address, address2: 'PO Box 9' },
    sync_status: 'pending',
  },
  cases: [
    { name: 'an empty phone is allowed', patch: { phone: '' }, errors: [] },
    { name: 'phone of 9 digits', patch: { phone: '217555012' }, errors: [{ path: '/phone', message: phoneMsg }] },
    { name: 'other phone with letters', patch: { other_phone: '21755501ab' }, errors: [{ path: '/other_phone', message: phoneMsg }] },
    { name: 'formatted phone', patch: { phone: '(217) 555-0123' }, errors: [{ path: '/phone', message: phoneMsg }] },
    // Refused as sent, before the save transform walks it (120 ms over 880,000 characters).
    { name: 'phone of 21 characters', patch: { phone: '2'.repeat(21) }, errors: [{ path: '/phone', message: phoneMsg }] },
    { name: 'dob of 9 characters', patch: { dob: '1990-4-17' }, errors: [{ path: '/dob', message: 'Please enter a valid date.' }] },
    { name: 'dob not a date', patch: { dob: '1990-13-45' }, errors: [{ path: '/dob', message: 'Please enter a valid date.' }] },
    { name: 'dob in US order', patch: { dob: '04/17/1990' }, errors: [{ path: '/dob', message: 'Please enter a valid date.' }] },
    {
      name: 'legal address without city and ZIP',
      patch: { legal_address: { city: undefined, postal_code: undefined } },
      errors: [
        { path: '/legal_address/city', message: 'City is required.' },
        { path: '/legal_address/postal_code', message: 'ZIP code is required.' },
      ],
    },
    {
      name: 'legal address without address1 and state',
      patch: { legal_address: { address1: undefined, state: undefined } },
      errors: [
        { path: '/legal_address/address1', message: 'Address is required.' },
        { path: '/legal_address/state', message: 'State is required.' },
      ],
    },
    {
      name: 'ZIP code of 4 characters: one message',
      patch: { legal_address: { postal_code: '6270' } },
      errors: [{ path: '/legal_address/postal_code', message: 'ZIP code must be 5 digits (or ZIP+4).' }],
    },
    { name: 'ZIP+4', patch: { legal_address: { postal_code: '62701-1234' } }, errors: [] },
    { name: 'DC is a state', patch: { legal_address: { state: 'DC' } }, errors: [] },
    {
      name: 'a territory is not a legal-address state',
      patch: { legal_address: { state: 'PR' } },
      errors: [{ path: '/legal_address/state', message: 'Must be a two-letter US state code or DC.' }],
    },
    {
      name: 'alternate e-mail over 128 characters',
      patch: { alternate_email: `${'a'.repeat(120)}@example.com` },
      errors: [{ path: '/alternate_email', message: 'Must be at most 128 characters.' }],
    },
    {
      name: 'gender outside the list',
      patch: { gender: 'Unknown' },
      errors: [{ path: '/gender', message: 'Must be one of: Female, Male, Other, Prefer not to answer' }],
    },
    { name: 'mailing address may be partial', patch: { mailing_address: { address1: '1 Elm St' } }, errors: [] },
    {
      name: 'a top-level address2 is not a field',
      patch: { address2: 'Apt 4' },
      errors: [{ path: '/address2', message: 'Is not a field of this form' }],
    },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'payroll/basic_info',
    name: 'a top-level address2 moves into the legal address on load',
    kind: 'load',
    input: { address2: 'Apt 4', legal_address: { address1: '12 Main St', city: 'Springfield' } },
    output: { legal_address: { address1: '12 Main St', city: 'Springfield', address2: 'Apt 4' } },
  },
  {
    entity: 'payroll/basic_info',
    name: 'an empty top-level address2 is dropped on load',
    kind: 'load',
    input: { address2: '', legal_address: { city: 'Springfield' } },
    output: { legal_address: { city: 'Springfield' } },
  },
  {
    entity: 'payroll/basic_info',
    name: 'the legal address keeps its own address2',
    kind: 'load',
    input: { address2: 'Apt 4', legal_address: { address2: 'Suite 9' } },
    output: { legal_address: { address2: 'Suite 9' } },
  },
  {
    entity: 'payroll/basic_info',
    name: 'a record without address2 loads unchanged',
    kind: 'load',
    input: { phone: '2175550123', legal_address: address },
    output: { phone: '2175550123', legal_address: address },
  },
  {
    entity: 'payroll/basic_info',
    name: 'spaces are removed from phones on save, and address2 moved',
    kind: 'save',
    input: { phone: '217 555 0123', other_phone: '', address2: 'Apt 4' },
    output: { phone: '2175550123', other_phone: '', legal_address: { address2: 'Apt 4' } },
  },
];

/** $now is 2025-01-01 (fixtures.ts NOW). */
const validations: ExpressionCase[] = [
  { entity: 'payroll/basic_info', name: 'a date of birth already past', input: { dob: '1990-04-17' }, bindings: { now: NOW }, errors: [] },
  { entity: 'payroll/basic_info', name: 'born today', input: { dob: '2025-01-01' }, bindings: { now: NOW }, errors: [] },
  {
    entity: 'payroll/basic_info',
    name: 'a date of birth tomorrow',
    input: { dob: '2025-01-02' },
    bindings: { now: NOW },
    errors: [{ path: '/dob', message: 'Date of birth cannot be in the future.' }],
  },
  {
    entity: 'payroll/basic_info',
    name: 'a date of birth before 1900',
    input: { dob: '1890-01-01' },
    bindings: { now: NOW },
    errors: [{ path: '/dob', message: 'Date of birth must be in 1900 or later.' }],
  },
  { entity: 'payroll/basic_info', name: 'no date of birth', input: {}, bindings: { now: NOW }, errors: [] },
];

export default { table, transforms, validations } satisfies EntityRules;
