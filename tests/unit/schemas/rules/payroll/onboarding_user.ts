/** payroll/onboarding_user: the rules of schemas/payroll/onboarding_user.json. */
import type { EntityCases, EntityRules, ExpressionCase, TransformCase } from '../harness.ts';
import { NOT_ISSUED_SSNS, hire, onCreate, onSave } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'payroll/onboarding_user',
  valid: hire,
  cases: [
    { name: 'pending approval with every field', patch: { status: 'pending_approval' }, errors: [] },
    {
      name: 'pending approval without pay and position',
      patch: { status: 'pending_approval', rate: undefined, pay_type: undefined, title: undefined, ssn: undefined },
      errors: [
        { path: '/pay_type', message: 'Required before the hire can be approved.' },
        { path: '/rate', message: 'Required before the hire can be approved.' },
        { path: '/ssn', message: 'Required before the hire can be approved.' },
        { path: '/title', message: 'Required before the hire can be approved.' },
      ],
    },
    { name: 'a created hire may be incomplete', patch: { rate: undefined, ssn: undefined, title: undefined }, errors: [] },
    { name: 'e-mail malformed', patch: { email: 'maria' }, errors: [{ path: '/email', message: 'Must be an e-mail address.' }] },
    { name: 'state of 3 letters', patch: { state: 'ILL' }, errors: [{ path: '/state', message: 'Must be a two-letter US state code or DC.' }] },
    {
      name: 'pay type outside the three',
      patch: { pay_type: 'Commission' },
      errors: [{ path: '/pay_type', message: 'Must be one of: Hourly, Salary, Salary Non-Exempt' }],
    },
    { name: 'time status outside the two', patch: { time_status: 'Seasonal' }, errors: [{ path: '/time_status', message: 'Must be one of: Full-Time, Part-Time' }] },
    { name: 'first name of 103 characters', patch: { first_name: 'F'.repeat(103) }, errors: [] },
    { name: 'first name of 104 characters', patch: { first_name: 'F'.repeat(104) }, errors: [{ path: '/first_name', message: 'First name may have at most 103 characters.' }] },
    { name: 'last name of 106 characters', patch: { last_name: 'L'.repeat(106) }, errors: [{ path: '/last_name', message: 'Last name may have at most 105 characters.' }] },
    {
      name: 'onboarding contact without name and e-mail',
      patch: { onboarding_contact: { name: undefined, email: undefined } },
      errors: [
        { path: '/onboarding_contact/name', message: 'The onboarding contact needs a name.' },
        { path: '/onboarding_contact/email', message: 'The onboarding contact needs an e-mail.' },
      ],
    },
    { name: 'status outside the eight', patch: { status: 'hired' }, errors: [{ path: '/status', message: 'Must be one of: created, invited, started, pending_approval, approved, complete, error, cancelled' }] },
    { name: 'SSN without dashes', patch: { ssn: '123456789' }, errors: [{ path: '/ssn', message: 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).' }] },
    { name: 'a masked SSN', patch: { ssn: 'xxx-xx-6789' }, errors: [] },
    // Not text, one message (the issuing rules are about text; null had answered all four of them too).
    { name: 'SSN null', patch: { ssn: null }, errors: [{ path: '/ssn', message: 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).' }] },
    { name: 'SSN as a number', patch: { ssn: 123456789 }, errors: [{ path: '/ssn', message: 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).' }] },
    ...NOT_ISSUED_SSNS.map(([ssn, message]) => ({ name: `SSN ${ssn}`, patch: { ssn }, errors: message ? [{ path: '/ssn', message }] : [] })),
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'payroll/onboarding_user',
    name: 'e-mails lower-cased and rate rounded to 2 decimals',
    kind: 'save',
    input: { first_name: 'Maria', email: 'Maria.Garcia@Example.com', rate: 19.987, onboarding_contact: { name: 'Pat', email: 'PAT@Acme.example' } },
    output: { first_name: 'Maria', email: 'maria.garcia@example.com', rate: 19.99, onboarding_contact: { name: 'Pat', email: 'pat@acme.example' } },
  },
  {
    entity: 'payroll/onboarding_user',
    name: 'a new hire is set to created',
    kind: 'save',
    input: { first_name: 'Maria', status: 'approved' },
    output: { first_name: 'Maria', status: 'created' },
    bindings: onCreate,
  },
  {
    entity: 'payroll/onboarding_user',
    name: 'an existing hire keeps its status',
    kind: 'save',
    input: { first_name: 'Maria', status: 'pending_approval' },
    output: { first_name: 'Maria', status: 'pending_approval' },
    bindings: onSave({ first_name: 'Maria', status: 'started' }),
  },
];

const validations: ExpressionCase[] = [
  {
    entity: 'payroll/onboarding_user',
    name: 'a rate with three decimals',
    input: { rate: 19.987 },
    errors: [{ path: '/rate', message: 'Rate may have at most 2 decimals.' }],
  },
  { entity: 'payroll/onboarding_user', name: 'a rate in cents', input: { rate: 19.99 }, errors: [] },
];

export default { table, transforms, validations } satisfies EntityRules;
