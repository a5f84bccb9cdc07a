/** auth/organizations: the rules of schemas/auth/organizations.json. */
import type { EntityCases, EntityRules, TransformCase } from '../harness.ts';
import { KEY, KEY2, NOW } from '../fixtures.ts';

const table: EntityCases = {
  entity: 'auth/organizations',
  valid: {
    name: 'Acme Widgets',
    company_id: '41234',
    hostname: 'acmewidgets.dform.dev',
    parent_organization: KEY2,
    status: 'active',
    admin_email: 'admin@acme.example',
    city: 'Springfield',
    state: 'IL',
    active_modules: ['auth', 'payroll', 'comms', 'hr'],
    enabled_features: { block_paystubs: false, labor_law_plus: true, brand_new_flag: true },
    internal_notes: '',
    created_by: KEY,
    created_time: NOW,
  },
  cases: [
    {
      name: 'hostname of 4 characters',
      patch: { hostname: 'acme' },
      errors: [{ path: '/hostname', message: 'Hostname must be at least 5 characters.' }],
    },
    {
      name: 'hostname with capitals',
      patch: { hostname: 'AcmeWidgets.dform.dev' },
      errors: [{ path: '/hostname', message: 'Hostname must be a lowercase host name (letters, digits, hyphens and dots).' }],
    },
    {
      name: 'hostname with a scheme',
      patch: { hostname: 'https://acme.dform.dev' },
      errors: [{ path: '/hostname', message: 'Hostname must be a lowercase host name (letters, digits, hyphens and dots).' }],
    },
    { name: 'company id with a letter', patch: { company_id: '4123a' }, errors: [{ path: '/company_id', message: 'Company ID must be digits only.' }] },
    { name: 'no company id', patch: { company_id: undefined }, errors: [] },
    {
      name: 'status outside active and inactive',
      patch: { status: 'deleted' },
      errors: [{ path: '/status', message: 'Must be one of: active, inactive' }],
    },
    {
      name: 'unknown module',
      patch: { active_modules: ['auth', 'crm'] },
      errors: [{ path: '/active_modules/1', message: 'Must be one of: auth, payroll, comms, hr, time, clock' }],
    },
    {
      name: 'feature flags are booleans',
      patch: { enabled_features: { block_paystubs: 'yes' } },
      errors: [{ path: '/enabled_features/block_paystubs', message: 'Must be true or false' }],
    },
    {
      name: 'required fields missing',
      patch: {
        name: undefined,
        admin_email: undefined,
        hostname: undefined,
        parent_organization: undefined,
        active_modules: undefined,
        status: undefined,
      },
      errors: [
        { path: '/active_modules', message: 'Active modules is required.' },
        { path: '/admin_email', message: 'Administrator e-mail is required.' },
        { path: '/name', message: 'Company name is required.' },
        { path: '/parent_organization', message: 'Parent organization is required.' },
        { path: '/hostname', message: 'Hostname is required.' },
        { path: '/status', message: 'Status is required.' },
      ],
    },
  ],
};

const transforms: TransformCase[] = [
  {
    entity: 'auth/organizations',
    name: 'auth and comms are always kept active; e-mail and hostname lower-cased',
    kind: 'save',
    input: { name: 'Acme', active_modules: ['payroll', 'hr'], admin_email: 'Admin@Acme.example', hostname: 'Acme.dform.dev' },
    output: {
      name: 'Acme',
      active_modules: ['payroll', 'hr', 'auth', 'comms'],
      admin_email: 'admin@acme.example',
      hostname: 'acme.dform.dev',
    },
  },
];

export default { table, transforms } satisfies EntityRules;
