/**
 * The validation rules of spec/000 section 5 and spec/001 section 5, as encoded in the schema files:
 * each case feeds data through the compiled entity validator (or a JSONata transform) and checks the
 * exact message and path.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAjv, compileValidator, type EntityValidator } from '../../../engine/validation.ts';
import { bundleSchema } from '../../../engine/bundle.ts';
import { transformData, validateByExpression } from '../../../engine/transforms.ts';
import type { FieldError } from '../../../engine/messages.ts';

type Json = Record<string, unknown>;

const schemasDir = path.resolve(import.meta.dirname, '../../../schemas');
const readJson = (rel: string): Json => JSON.parse(readFileSync(path.join(schemasDir, rel), 'utf8')) as Json;
const defs = readJson('common/defs.json');
const ajv = createAjv();

const files = new Map<string, Json>();
const validators = new Map<string, EntityValidator>();

function fileOf(entity: string): Json {
  let f = files.get(entity);
  if (!f) {
    f = readJson(`${entity}.json`);
    files.set(entity, f);
  }
  return f;
}

function validatorOf(entity: string): EntityValidator {
  let v = validators.get(entity);
  if (!v) {
    v = compileValidator(ajv, bundleSchema(fileOf(entity), defs));
    validators.set(entity, v);
  }
  return v;
}

function transformOf(entity: string, name: 'load' | 'save' | 'validate'): string {
  const t = (fileOf(entity)['x-transforms'] as Record<string, string> | undefined)?.[name];
  assert.ok(t, `${entity} has no x-transforms.${name}`);
  return t;
}

/** Deep merge of a patch into a base record; `undefined` in the patch removes a field. */
function patched(base: Json, patch: Json): Json {
  const out: Json = structuredClone(base);
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else if (v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object') {
      out[k] = patched(out[k] as Json, v as Json);
    } else out[k] = v;
  }
  return out;
}

interface Case {
  name: string;
  patch: Json;
  /** Expected errors, exactly; [] for valid data. */
  errors: FieldError[];
}

interface EntityCases {
  entity: string;
  /** A complete valid record. */
  valid: Json;
  cases: Case[];
}

const NOW = 1_735_689_600;
const KEY = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
const KEY2 = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const phoneMsg = 'Phone numbers must have 10 digits.';

const TABLE: EntityCases[] = [];

// The tables themselves live below, one block per entity.

const address = { address1: '12 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' };

TABLE.push({
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
      name: 'ZIP code of 4 characters',
      patch: { legal_address: { postal_code: '6270' } },
      errors: [
        { path: '/legal_address/postal_code', message: 'ZIP code must be 5 digits (or ZIP+4).' },
        { path: '/legal_address/postal_code', message: 'ZIP code must be at least 5 characters.' },
      ],
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
});

TABLE.push({
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
});

const account = (over: Json = {}): Json => ({
  account_nickname: 'First Bank',
  routing_number: '071000013',
  account_number: '123456789',
  account_type: 'Checking',
  split_type: 'Percent Split',
  amount: 100,
  ...over,
});

TABLE.push({
  entity: 'payroll/employee_payment_information',
  valid: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
  cases: [
    { name: 'paper check needs no accounts', patch: { desired_payment_method: 'Paper Check', direct_deposit_accounts: undefined }, errors: [] },
    {
      name: 'direct deposit without accounts',
      patch: { direct_deposit_accounts: undefined },
      errors: [{ path: '/direct_deposit_accounts', message: 'Add at least one direct deposit account.' }],
    },
    {
      name: 'an empty account list',
      patch: { direct_deposit_accounts: [] },
      errors: [{ path: '/direct_deposit_accounts', message: 'Add at least one direct deposit account.' }],
    },
    {
      name: 'five accounts',
      patch: { direct_deposit_accounts: [1, 2, 3, 4, 5].map(() => account()) },
      errors: [{ path: '/direct_deposit_accounts', message: 'At most 4 direct deposit accounts may be given.' }],
    },
    {
      name: 'payment method outside the list',
      patch: { desired_payment_method: 'Cash' },
      errors: [{ path: '/desired_payment_method', message: 'Payment method must be Direct Deposit or Paper Check.' }],
    },
    {
      name: 'routing number of 8 digits',
      patch: { direct_deposit_accounts: [account({ routing_number: '07100001' })] },
      errors: [{ path: '/direct_deposit_accounts/0/routing_number', message: 'Routing number must be 9 digits.' }],
    },
    {
      name: 'routing number with a letter',
      patch: { direct_deposit_accounts: [account({ routing_number: '07100001x' })] },
      errors: [{ path: '/direct_deposit_accounts/0/routing_number', message: 'Routing number must be 9 digits.' }],
    },
    {
      name: 'account number with letters and hyphens',
      patch: { direct_deposit_accounts: [account({ account_number: '1234-AB' })] },
      errors: [{ path: '/direct_deposit_accounts/0/account_number', message: 'Account number must be digits only.' }],
    },
    {
      name: 'account type outside the list',
      patch: { direct_deposit_accounts: [account({ account_type: 'Brokerage' })] },
      errors: [{ path: '/direct_deposit_accounts/0/account_type', message: 'Account type must be Checking, Savings or None.' }],
    },
    { name: 'account type None', patch: { direct_deposit_accounts: [account({ account_type: 'None' })] }, errors: [] },
    {
      name: 'split type outside the list',
      patch: { direct_deposit_accounts: [account({ split_type: 'Remainder' })] },
      errors: [{ path: '/direct_deposit_accounts/0/split_type', message: 'Split type must be Percent Split or Flat Split.' }],
    },
    {
      name: 'fractional amount',
      patch: { direct_deposit_accounts: [account({ amount: 12.5 })] },
      errors: [{ path: '/direct_deposit_accounts/0/amount', message: 'Amount must be a whole number.' }],
    },
    {
      name: 'negative flat amount',
      patch: { direct_deposit_accounts: [account({ split_type: 'Flat Split', amount: -1 }), account()] },
      errors: [{ path: '/direct_deposit_accounts/0/amount', message: 'Amount must be 0 or more.' }],
    },
    {
      name: 'sync status outside the list',
      patch: { sync_status: 'done' },
      errors: [{ path: '/sync_status', message: 'Must be one of: pending, processing, synced, approval_requested' }],
    },
  ],
});

TABLE.push({
  entity: 'payroll/employer',
  valid: {
    name: 'Acme Widgets',
    ex_company_id: 41234,
    ex_api_name: 'acme',
    status: 'active',
    direct_deposit_available: 'yes',
    active_states: ['IL', 'WI'],
    notes: '',
  },
  cases: [
    { name: 'a 16-character name', patch: { name: 'A'.repeat(16) }, errors: [] },
    {
      name: 'a 17-character name',
      patch: { name: 'A'.repeat(17) },
      errors: [{ path: '/name', message: 'Employer name may have at most 16 characters.' }],
    },
    {
      name: 'ex_api_name of 37 characters',
      patch: { ex_api_name: 'x'.repeat(37) },
      errors: [{ path: '/ex_api_name', message: 'API name may have at most 36 characters.' }],
    },
    {
      name: 'status outside the list',
      patch: { status: 'onboarding' },
      errors: [{ path: '/status', message: 'Must be one of: active, inactive, deleted' }],
    },
    {
      name: 'direct deposit available must be yes or no',
      patch: { direct_deposit_available: true },
      errors: [
        { path: '/direct_deposit_available', message: 'Must be text' },
        { path: '/direct_deposit_available', message: 'Must be one of: yes, no' },
      ],
    },
    {
      name: 'external company id is a number',
      patch: { ex_company_id: '41234' },
      errors: [{ path: '/ex_company_id', message: 'Must be a whole number' }],
    },
    {
      name: 'active states are US state codes',
      patch: { active_states: ['IL', 'XX'] },
      errors: [{ path: '/active_states/1', message: 'Must be a two-letter US state code or DC.' }],
    },
  ],
});

TABLE.push({
  entity: 'payroll/employer_contacts',
  valid: { name: 'Pat Lee', type: 'Payroll', description: 'Payroll questions', email: 'pat@acme.example', phone_number: '3125550142' },
  cases: [
    { name: 'empty phone', patch: { phone_number: '' }, errors: [] },
    { name: 'phone of 11 digits', patch: { phone_number: '13125550142' }, errors: [{ path: '/phone_number', message: phoneMsg }] },
    { name: 'name missing', patch: { name: undefined }, errors: [{ path: '/name', message: 'Name is required.' }] },
  ],
});

TABLE.push({
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
        { path: '/permissions', message: 'Required' },
      ],
    },
  ],
});

TABLE.push({
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
        { path: '/active_modules', message: 'Required' },
        { path: '/admin_email', message: 'Administrator e-mail is required.' },
        { path: '/name', message: 'Company name is required.' },
        { path: '/parent_organization', message: 'Parent organization is required.' },
        { path: '/hostname', message: 'Hostname is required.' },
        { path: '/status', message: 'Required' },
      ],
    },
  ],
});

TABLE.push({
  entity: 'auth/organization_preferences',
  valid: {
    module: 'auth',
    attributes: {
      email: 'hello@acme.example',
      business_name: 'Acme Widgets',
      phone: '2175550123',
      website: 'acme.example',
      colorPrimary: '002d50',
      colorSecondary: 'bfc0c0',
      colorAccent: '588326',
    },
  },
  cases: [
    {
      name: 'colour with a hash',
      patch: { attributes: { colorPrimary: '#002d50' } },
      errors: [{ path: '/attributes/colorPrimary', message: "Colours are 6 hex digits without '#'." }],
    },
    {
      name: 'colour of 3 digits',
      patch: { attributes: { colorAccent: 'fff' } },
      errors: [{ path: '/attributes/colorAccent', message: "Colours are 6 hex digits without '#'." }],
    },
    {
      name: 'website with a scheme',
      patch: { attributes: { website: 'https://acme.example' } },
      errors: [{ path: '/attributes/website', message: 'Website must be a host name such as example.com.' }],
    },
    { name: 'business phone of 9 digits', patch: { attributes: { phone: '217555012' } }, errors: [{ path: '/attributes/phone', message: phoneMsg }] },
  ],
});

TABLE.push({
  entity: 'auth/groups',
  valid: {
    name: 'PTO Employees',
    description: 'Everyone who uses paid time off',
    permissions: ['TIME:CanUsePTO', 'TIME:CanUseModule'],
    users: [KEY, KEY2],
    notes: '',
    type: 'group',
    created_by: KEY,
    created_time: NOW,
  },
  cases: [
    { name: 'type other than group', patch: { type: 'team' }, errors: [{ path: '/type', message: 'Must be "group"' }] },
    { name: 'users are user keys', patch: { users: ['jane'] }, errors: [{ path: '/users/0', message: 'Must be a 36-character id.' }] },
    { name: 'a user listed twice', patch: { users: [KEY, KEY] }, errors: [{ path: '/users', message: 'Must not repeat an item' }] },
    { name: 'empty name', patch: { name: '' }, errors: [{ path: '/name', message: 'Group name is required.' }] },
  ],
});

TABLE.push({
  entity: 'auth/audit_log',
  valid: {
    action_time: NOW,
    origin_module: 'payroll',
    action_type: 'save',
    affected_user: KEY,
    detail: { type: 'employee', fields: ['job_title'] },
    browser_info: 'Mozilla/5.0',
    logged_in_user: KEY2,
    logged_in_username: 'admin@acme.example',
    message: 'Employee record saved',
    organization_id: KEY2,
    retain_until: NOW + 7 * 365 * 86400,
  },
  cases: [
    { name: 'message of 116 characters', patch: { message: 'm'.repeat(116) }, errors: [] },
    { name: 'message of 117 characters', patch: { message: 'm'.repeat(117) }, errors: [{ path: '/message', message: 'Message must be 1 to 116 characters.' }] },
    { name: 'empty message', patch: { message: '' }, errors: [{ path: '/message', message: 'Message must be 1 to 116 characters.' }] },
    {
      name: 'action type of 256 characters',
      patch: { action_type: 'a'.repeat(256) },
      errors: [{ path: '/action_type', message: 'Action type must be 1 to 255 characters.' }],
    },
    { name: 'empty origin module', patch: { origin_module: '' }, errors: [{ path: '/origin_module', message: 'Origin module must be 1 to 255 characters.' }] },
    {
      name: 'username of 121 characters',
      patch: { logged_in_username: 'u'.repeat(121) },
      errors: [{ path: '/logged_in_username', message: 'Logged-in username must be 1 to 120 characters.' }],
    },
    { name: 'negative retain_until', patch: { retain_until: -1 }, errors: [{ path: '/retain_until', message: 'Retain until must be a non-negative integer.' }] },
    { name: 'fractional action time', patch: { action_time: 1.5 }, errors: [{ path: '/action_time', message: 'Action time must be a non-negative integer.' }] },
  ],
});

interface TransformCase {
  entity: string;
  name: string;
  kind: 'load' | 'save';
  input: Json;
  output: Json;
}

const TRANSFORMS: TransformCase[] = [
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
  {
    entity: 'payroll/emergency_contacts',
    name: 'spaces are removed from contact phones on save',
    kind: 'save',
    input: { contacts: [{ contact_first_name: 'A', phone_number: '217 555 0199' }] },
    output: { contacts: [{ contact_first_name: 'A', phone_number: '2175550199' }] },
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'paper check drops the direct deposit accounts',
    kind: 'save',
    input: { desired_payment_method: 'Paper Check', direct_deposit_accounts: [account()], sync_status: 'pending' },
    output: { desired_payment_method: 'Paper Check', sync_status: 'pending' },
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'direct deposit keeps the accounts',
    kind: 'save',
    input: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
    output: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
  },
  {
    entity: 'auth/users',
    name: 'e-mail is lower-cased on save',
    kind: 'save',
    input: { email: ' Jane.Doe@ACME.example ', display_name: 'Jane' },
    output: { email: 'jane.doe@acme.example', display_name: 'Jane' },
  },
  {
    entity: 'auth/groups',
    name: "type is set to 'group' on save",
    kind: 'save',
    input: { name: 'Clock Employees', type: 'team' },
    output: { name: 'Clock Employees', type: 'group' },
  },
  {
    entity: 'auth/groups',
    name: "type is added as 'group' on create",
    kind: 'save',
    input: { name: 'Clock Employees' },
    output: { name: 'Clock Employees', type: 'group' },
  },
  {
    entity: 'auth/organizations',
    name: 'auth and comms are always kept active; e-mail and hostname lower-cased',
    kind: 'save',
    input: { name: 'Acme', active_modules: ['payroll', 'hr'], admin_email: 'Admin@Acme.example', hostname: 'Acme.dform.dev' },
    output: {
      name: 'Acme',
      active_modules: ['auth', 'comms', 'payroll', 'hr'],
      admin_email: 'admin@acme.example',
      hostname: 'acme.dform.dev',
    },
  },
  {
    entity: 'auth/organization_preferences',
    name: "colours lose their '#', the website its scheme",
    kind: 'save',
    input: { module: 'auth', attributes: { colorPrimary: '#002D50', website: 'https://Acme.example/', colorAccent: '588326' } },
    output: { module: 'auth', attributes: { colorPrimary: '002D50', website: 'acme.example', colorAccent: '588326' } },
  },
  {
    entity: 'payroll/employer_contacts',
    name: 'contact phone spaces removed and e-mail lower-cased',
    kind: 'save',
    input: { name: 'Pat', phone_number: '312 555 0142', email: 'Pat@Acme.example' },
    output: { name: 'Pat', phone_number: '3125550142', email: 'pat@acme.example' },
  },
];

interface ExpressionCase {
  entity: string;
  name: string;
  input: Json;
  errors: FieldError[];
}

const VALIDATIONS: ExpressionCase[] = [
  {
    entity: 'payroll/employee_payment_information',
    name: 'one account of 100 percent',
    input: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account()] },
    errors: [],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'percent and flat splits before a last 100 percent',
    input: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ amount: 25 }), account({ split_type: 'Flat Split', amount: 500 }), account()],
    },
    errors: [],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'percent split over 100',
    input: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account({ amount: 101 }), account()] },
    errors: [
      { path: '/direct_deposit_accounts/0/amount', message: 'A Percent Split amount must be a whole number from 0 to 100.' },
    ],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'flat split below 0',
    input: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ split_type: 'Flat Split', amount: -5 }), account()],
    },
    errors: [
      { path: '/direct_deposit_accounts/0/amount', message: 'A Flat Split amount must be a whole number of dollars, 0 or more.' },
    ],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'the last account is a flat split',
    input: {
      desired_payment_method: 'Direct Deposit',
      direct_deposit_accounts: [account({ amount: 50 }), account({ split_type: 'Flat Split', amount: 100 })],
    },
    errors: [{ path: '/direct_deposit_accounts/1/split_type', message: 'The last account must be a Percent Split of 100.' }],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'the last account is a percent split under 100',
    input: { desired_payment_method: 'Direct Deposit', direct_deposit_accounts: [account({ amount: 60 })] },
    errors: [{ path: '/direct_deposit_accounts/0/amount', message: 'The last account must be a Percent Split of 100.' }],
  },
  {
    entity: 'payroll/employee_payment_information',
    name: 'paper check is not checked',
    input: { desired_payment_method: 'Paper Check' },
    errors: [],
  },
];

// ---- runner ----

describe('spec validation rules', () => {
  for (const { entity, valid, cases } of TABLE) {
    describe(entity, () => {
      it('accepts the valid record', () => {
        assert.deepEqual(validatorOf(entity)(valid), []);
      });
      for (const c of cases) {
        it(c.name, () => {
          assert.deepEqual(validatorOf(entity)(patched(valid, c.patch)), c.errors);
        });
      }
    });
  }
});

describe('spec transforms', () => {
  for (const t of TRANSFORMS) {
    it(`${t.entity} ${t.kind}: ${t.name}`, async () => {
      assert.deepEqual(await transformData(transformOf(t.entity, t.kind), t.input), t.output);
    });
  }
  for (const v of VALIDATIONS) {
    it(`${v.entity} validate: ${v.name}`, async () => {
      assert.deepEqual(await validateByExpression(transformOf(v.entity, 'validate'), v.input), v.errors);
    });
  }
});
