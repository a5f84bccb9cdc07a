/** auth/users: the rules of schemas/auth/users.json. */
import type { EntityCases, EntityRules, ExpressionCase, TransformCase } from '../harness.ts';
import { KEY2, NOW, onCreate } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'auth/users',
  valid: {
    email: 'jane.doe@acme.example',
    display_name: 'Jane Doe',
    status: 'active',
    permissions: ['PAYROLL:CanUseModule'],
    created_by: KEY2,
    created_time: NOW,
    phone: '217-555-0123',
    '2fa_method': 'none',
    is_employee: true,
    employee_id: '1042',
    cross_site_login_only: false,
  },
  cases: [
    { name: 'user status blocked', patch: { status: 'blocked' }, errors: [] },
    {
      name: 'user status outside the list',
      patch: { status: 'onboarding' },
      errors: [{ path: '/status', message: 'Must be one of: active, inactive, blocked' }],
    },
    {
      name: 'display name of 33 characters',
      patch: { display_name: 'x'.repeat(33) },
      errors: [{ path: '/display_name', message: 'Display name may have at most 32 characters.' }],
    },
    {
      name: 'e-mail of 129 characters',
      patch: { email: `${'a'.repeat(117)}@example.com` },
      errors: [{ path: '/email', message: 'Must be at most 128 characters.' }],
    },
    { name: 'e-mail malformed', patch: { email: 'jane.doe' }, errors: [{ path: '/email', message: 'Must be an e-mail address.' }] },
    {
      name: 'login hash of 37 characters',
      patch: { login_hash: 'x'.repeat(37) },
      errors: [{ path: '/login_hash', message: 'Login hash may have at most 36 characters.' }],
    },
    {
      name: 'staff id of 33 characters',
      patch: { staff_id: 'x'.repeat(33) },
      errors: [{ path: '/staff_id', message: 'Staff ID may have at most 32 characters.' }],
    },
    {
      name: '2fa method outside the list',
      patch: { '2fa_method': 'sms' },
      errors: [{ path: '/2fa_method', message: 'Must be one of: none, authenticator, email, text' }],
    },
    { name: 'a valid authenticator key', patch: { '2fa_method': 'authenticator', authenticator_key: 'JBSWY3DPEHPK3' }, errors: [] },
    {
      name: 'authenticator key with a lowercase letter',
      patch: { authenticator_key: 'JBSWY3DPEHPKa' },
      errors: [{ path: '/authenticator_key', message: 'Invalid Auth key provided' }],
    },
    {
      name: 'authenticator key with an 8',
      patch: { authenticator_key: 'JBSWY3DPEHPK8' },
      errors: [{ path: '/authenticator_key', message: 'Invalid Auth key provided' }],
    },
    {
      name: 'authenticator key of 12 characters',
      patch: { authenticator_key: 'JBSWY3DPEHPK' },
      errors: [{ path: '/authenticator_key', message: 'Invalid Auth key provided' }],
    },
    { name: 'phone of 30 digits and hyphens', patch: { phone: '1-2-3-4-5-6-7-8-9-0-1-2-3-4-55' }, errors: [] },
    {
      name: 'phone of 31 characters',
      patch: { phone: '1'.repeat(31) },
      errors: [{ path: '/phone', message: 'Phone may have at most 30 characters.' }],
    },
    {
      name: 'phone with parentheses',
      patch: { phone: '(217) 555-0123' },
      errors: [{ path: '/phone', message: 'Phone may hold only digits and hyphens.' }],
    },
    {
      name: 'unknown permission',
      patch: { permissions: ['AUTH:CanDoAnything'] },
      errors: [{ path: '/permissions/0', message: 'Unknown permission.' }],
    },
    {
      name: 'required fields missing',
      patch: { email: undefined, display_name: undefined, status: undefined, permissions: undefined },
      errors: [
        { path: '/email', message: 'E-mail is required.' },
        { path: '/display_name', message: 'Display name is required.' },
        { path: '/status', message: 'Status is required.' },
        { path: '/permissions', message: 'Permissions is required.' },
      ],
    },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'auth/users',
    name: 'e-mail is lower-cased on save',
    kind: 'save',
    input: { email: ' Jane.Doe@ACME.example ', display_name: 'Jane' },
    output: { email: 'jane.doe@acme.example', display_name: 'Jane' },
  },
];

const validations: ExpressionCase[] = [
  {
    entity: 'auth/users',
    name: 'creating an employee without an employee ID',
    input: { email: 'new@acme.example', is_employee: true },
    errors: [{ path: '/employee_id', message: 'Unable to create account: No Employee ID provided. Is this supposed to be an employee?' }],
    bindings: onCreate,
  },
  {
    entity: 'auth/users',
    name: 'creating a non-employee without an employee ID',
    input: { email: 'new@acme.example', is_employee: false },
    errors: [],
    bindings: onCreate,
  },
];

export default { table, transforms, validations } satisfies EntityRules;
