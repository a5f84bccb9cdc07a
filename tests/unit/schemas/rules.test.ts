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
import { walkFields } from '../../../engine/schema-walk.ts';

type Json = Record<string, unknown>;

const schemasDir = path.resolve(import.meta.dirname, '../../../schemas');
const readJson = (rel: string): Json => JSON.parse(readFileSync(path.join(schemasDir, rel), 'utf8')) as Json;
const defs = readJson('common/defs.json');
/** The Form W-4 editions the server binds as $w4Editions. */
const w4Editions = readJson('common/w4-editions.json');
/** The Form W-9 classifications of the spec's earlier list, bound as $w9Classifications. */
const w9Classifications = readJson('common/w9-classifications.json');
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

/**
 * Numbers that are not real (schemas/common/defs.json ssn, ein, routingNumber). SSN: never area 000,
 * 666 or 900-999 (an ITIN), group 00 or serial 0000 (SSA). Routing: Federal Reserve routing symbols
 * 01-12, 21-32, 61-72 and 80. EIN: the IRS's assigned prefixes.
 */
const NOT_ISSUED_SSNS: [ssn: string, message: string | null][] = [
  ['000-12-3456', 'SSN: area number (the first three digits) 000 or 666 is never issued.'],
  ['666-12-3456', 'SSN: area number (the first three digits) 000 or 666 is never issued.'],
  ['900-12-3456', 'SSN: area numbers 900-999 are never issued; a number beginning with 9 is an ITIN, not an SSN.'],
  ['999-88-7777', 'SSN: area numbers 900-999 are never issued; a number beginning with 9 is an ITIN, not an SSN.'],
  ['123-00-4567', 'SSN: group number (the middle two digits) 00 is never issued.'],
  ['123-45-0000', 'SSN: serial number (the last four digits) 0000 is never issued.'],
  ['001-01-0001', null],
  ['665-99-9999', null],
  ['667-10-1000', null],
  ['899-99-9999', null],
  ['xxx-xx-0001', null],
];
const ROUTING_PREFIX = 'Routing number: the first two digits must be an assigned Federal Reserve range: 01-12, 21-32, 61-72 or 80.';
const ROUTING_PREFIXES: [prefix: string, ok: boolean][] = [
  ...['01', '09', '12', '21', '29', '32', '61', '69', '72', '80'].map((p): [string, boolean] => [p, true]),
  ...['00', '13', '20', '33', '50', '60', '73', '79', '81', '99'].map((p): [string, boolean] => [p, false]),
];
const EIN_PREFIX =
  'EIN: the prefix (the first two digits) must be one the IRS assigns: 01-06, 10-16, 20-27, 30-48, 50-68, 71-77, 80-88, 90-95, 98 or 99.';
const EIN_PREFIXES: [prefix: string, ok: boolean][] = [
  ...['01', '06', '10', '16', '20', '27', '30', '31', '48', '50', '68', '71', '77', '80', '88', '90', '95', '98', '99'].map(
    (p): [string, boolean] => [p, true],
  ),
  ...['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'].map(
    (p): [string, boolean] => [p, false],
  ),
];

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
    ...ROUTING_PREFIXES.map(([prefix, ok]) => ({
      name: `routing number prefix ${prefix}`,
      patch: { direct_deposit_accounts: [account({ routing_number: `${prefix}1000013` })] },
      errors: ok ? [] : [{ path: '/direct_deposit_accounts/0/routing_number', message: ROUTING_PREFIX }],
    })),
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
    ...EIN_PREFIXES.map(([prefix, ok]) => ({
      name: `EIN prefix ${prefix}`,
      patch: { ein: `${prefix}-4000123` },
      errors: ok ? [] : [{ path: '/ein', message: EIN_PREFIX }],
    })),
    { name: 'a masked EIN', patch: { ein: 'xxxxx0123' }, errors: [] },
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

// ---- spec/001 section 5 ----

const SIGNATURE = { name: 'Jane Q. Doe', font: 'font2', timestamp: NOW, userAgent: 'Mozilla/5.0' };
const EXEMPT_STEPS = 'Exempt from withholding: leave Steps 2 to 4 empty (an exempt employee completes only Steps 1 and 5).';
const CITIZEN = 'Citizen of the United States';
const ALIEN = 'An Alien Authorized to Work';
const LPR = 'Lawful Permanent Resident';
const notForCitizens = 'Only for a status other than Citizen of the United States.';
const alienOneOf =
  'Status 4: enter one of these: USCIS or A-Number, Form I-94 Admission Number, or Foreign Passport Number and Country of Issuance.';
const alienOnlyOne =
  'Status 4: enter only one of these: USCIS or A-Number, Form I-94 Admission Number, or Foreign Passport Number and Country of Issuance.';

TABLE.push({
  entity: 'payroll/i9',
  valid: {
    work_auth_status: CITIZEN,
    previous_last_names: ['Smith'],
    employee_signature: SIGNATURE,
    documentation: [
      { document_type: 'us_state_drivers_license_id', list: 'B', title: "Driver's license", issuing_authority: 'IL SOS', document_number: 'D123', expiration_date: NOW + 86400 * 900 },
      { document_type: 'social_security_card_no_restrictions', list: 'C', title: 'Social Security card', issuing_authority: 'SSA' },
    ],
    additional_info: '',
    first_day: NOW,
    employer_or_representative: 'Lee, Pat, HR Manager',
    orgname: 'Acme Widgets',
    employer_address: address,
    employer_signature: { name: 'Pat Lee', font: 'font1', timestamp: NOW },
    sync_status: 'pending',
  },
  cases: [
    {
      name: 'status outside the four',
      patch: { work_auth_status: 'Visitor' },
      errors: [{ path: '/work_auth_status', message: 'Choose one of the four citizenship or immigration statuses.' }],
    },
    {
      name: 'a citizen may not carry alien fields',
      patch: { alien_number: 'A123456789', foreign_passport_number: 'X1' },
      errors: [
        { path: '/alien_number', message: notForCitizens },
        { path: '/foreign_passport_number', message: notForCitizens },
      ],
    },
    {
      name: 'no status means citizen',
      patch: { work_auth_status: undefined, i9_renew_date: NOW },
      errors: [{ path: '/i9_renew_date', message: notForCitizens }],
    },
    { name: 'a noncitizen national needs no number', patch: { work_auth_status: 'Noncitizen National of the United States' }, errors: [] },
    {
      name: 'a lawful permanent resident gives the number and its type',
      patch: { work_auth_status: LPR, alien_number_type: 'USCIS Number', alien_number: '123456789' },
      errors: [],
    },
    {
      name: 'a lawful permanent resident without a number',
      patch: { work_auth_status: LPR },
      errors: [
        { path: '/alien_number_type', message: 'A lawful permanent resident enters the Alien Registration Number or USCIS Number.' },
        { path: '/alien_number', message: 'A lawful permanent resident enters the Alien Registration Number or USCIS Number.' },
      ],
    },
    {
      name: 'number type outside the two',
      patch: { work_auth_status: LPR, alien_number_type: 'I-94 Number', alien_number: '123456789' },
      errors: [{ path: '/alien_number_type', message: 'The number is an Alien Registration Number or a USCIS Number.' }],
    },
    {
      name: 'an authorized alien with a passport and country',
      patch: { work_auth_status: ALIEN, foreign_passport_number: 'K1234567', country_of_issuance: 'Mexico', authorized_to_work_until: NOW + 86400 * 365 },
      errors: [],
    },
    { name: 'an authorized alien with an A-Number', patch: { work_auth_status: ALIEN, alien_number: 'A123456789' }, errors: [] },
    { name: 'an authorized alien with an I-94 admission number', patch: { work_auth_status: ALIEN, i94_admission_number: '69201234567' }, errors: [] },
    {
      name: 'an authorized alien with none of the three',
      patch: { work_auth_status: ALIEN },
      errors: [
        { path: '/alien_number', message: alienOneOf },
        { path: '/i94_admission_number', message: alienOneOf },
        { path: '/foreign_passport_number', message: alienOneOf },
        { path: '/country_of_issuance', message: alienOneOf },
      ],
    },
    {
      name: 'an authorized alien with two of the three',
      patch: { work_auth_status: ALIEN, alien_number: 'A123456789', i94_admission_number: '69201234567' },
      errors: [{ path: '/i94_admission_number', message: alienOnlyOne }],
    },
    {
      name: 'an I-94 number and a passport',
      patch: { work_auth_status: ALIEN, i94_admission_number: '69201234567', foreign_passport_number: 'K1234567', country_of_issuance: 'Mexico' },
      errors: [
        { path: '/foreign_passport_number', message: alienOnlyOne },
        { path: '/country_of_issuance', message: alienOnlyOne },
      ],
    },
    {
      name: 'an I-94 admission number of 10 characters',
      patch: { work_auth_status: ALIEN, i94_admission_number: '6920123456' },
      errors: [{ path: '/i94_admission_number', message: 'A Form I-94 admission number has 11 letters and digits.' }],
    },
    {
      name: 'a citizen gives no I-94 admission number',
      patch: { i94_admission_number: '69201234567' },
      errors: [{ path: '/i94_admission_number', message: notForCitizens }],
    },
    {
      name: 'a passport without its country',
      patch: { work_auth_status: ALIEN, foreign_passport_number: 'K1234567' },
      errors: [
        { path: '/alien_number', message: alienOneOf },
        { path: '/i94_admission_number', message: alienOneOf },
        { path: '/country_of_issuance', message: alienOneOf },
        { path: '/country_of_issuance', message: 'Enter the country that issued the passport.' },
      ],
    },
    {
      name: 'the employee signature is always required',
      patch: { employee_signature: undefined },
      errors: [{ path: '/employee_signature', message: 'The employee must sign Section 1.' }],
    },
    {
      name: 'a signature needs a name and a time',
      patch: { employee_signature: { timestamp: undefined } },
      errors: [{ path: '/employee_signature/timestamp', message: 'A signature needs a name and a time.' }],
    },
    {
      name: 'a signature font outside font1-3',
      patch: { employer_signature: { name: 'Pat Lee', font: 'font4', timestamp: NOW } },
      errors: [{ path: '/employer_signature/font', message: 'Must be one of: font1, font2, font3' }],
    },
    {
      name: 'a document list outside A, B and C',
      patch: { documentation: [{ document_type: 'us_passport', list: 'D' }] },
      errors: [{ path: '/documentation/0/list', message: 'The list is A, B or C.' }],
    },
    {
      name: 'a List B document recorded under List A',
      patch: { documentation: [{ document_type: 'voters_registration_card', list: 'A' }] },
      errors: [{ path: '/documentation/0/document_type', message: 'This document is not on List A.' }],
    },
    {
      name: 'a List A document recorded under List C',
      patch: { documentation: [{ document_type: 'us_passport', list: 'C' }] },
      errors: [{ path: '/documentation/0/document_type', message: 'This document is not on List C.' }],
    },
    {
      name: 'an unknown document',
      patch: { documentation: [{ document_type: 'library_card', list: 'B' }] },
      errors: [
        { path: '/documentation/0/document_type', message: 'This document is not on List B.' },
        { path: '/documentation/0/document_type', message: 'Not an acceptable I-9 document.' },
      ],
    },
    {
      name: 'every receipt and under-18 document is accepted on its list',
      patch: {
        documentation: [
          { document_type: 'form_i_94_refugee_re_stamp', list: 'A' },
          { document_type: 'nonimmigrant_work_authorization_foreign_passport_i_94', list: 'A' },
          { document_type: 'day_care_nursery_school_record', list: 'B' },
          { document_type: 'individual_under_age_18', list: 'B', title: 'Individual under age 18' },
          { document_type: 'special_placement', list: 'B', title: 'Special Placement' },
          { document_type: 'list_c_document_replacement_receipt', list: 'C' },
        ],
      },
      errors: [],
    },
  ],
});

TABLE.push({
  entity: 'payroll/w4',
  valid: {
    w4_year: '2020',
    filing_status: 'Married',
    multiple_jobs: false,
    dependent_amount: 4500,
    income_not_from_jobs: 0,
    deductions: 0,
    federal_withholding_extra: 25,
    exempt_from_federal_withholding: false,
    unemployment_state: 'IL',
    employee_signature: SIGNATURE,
    sync_status: 'pending',
  },
  cases: [
    { name: 'w4_year 2026', patch: { w4_year: '2026' }, errors: [] },
    { name: 'w4_year not 20xx', patch: { w4_year: '1999' }, errors: [{ path: '/w4_year', message: 'The W-4 year must be 20xx.' }] },
    { name: 'w4_year of two digits', patch: { w4_year: '20' }, errors: [{ path: '/w4_year', message: 'The W-4 year must be 20xx.' }] },
    {
      name: 'filing status outside the three',
      patch: { filing_status: 'Married filing separately' },
      errors: [{ path: '/filing_status', message: 'Filing status must be Head of Household, Married or Single.' }],
    },
    {
      name: 'unemployment state of 3 characters',
      patch: { unemployment_state: 'ILL' },
      errors: [{ path: '/unemployment_state', message: 'Must be a two-letter US state code or DC.' }],
    },
    {
      name: 'withholding with cents',
      patch: { federal_withholding_extra: 25.5 },
      errors: [{ path: '/federal_withholding_extra', message: 'Withholding amounts are whole dollars.' }],
    },
    {
      name: 'negative other income',
      patch: { income_not_from_jobs: -1 },
      errors: [{ path: '/income_not_from_jobs', message: 'Withholding amounts are whole dollars.' }],
    },
    {
      name: 'negative dependent count',
      patch: { number_of_dependents_under_17: -1 },
      errors: [{ path: '/number_of_dependents_under_17', message: 'Dependent counts must be 0 or more.' }],
    },
    { name: 'legacy 2019 answers', patch: { w4_year: '2019', w4_2019: { status: 'Single', dependents: 200, extra_withholding: 100000, exempt_from_withholding: false } }, errors: [] },
    {
      name: 'legacy dependents over 200',
      patch: { w4_year: '2019', w4_2019: { dependents: 201 } },
      errors: [{ path: '/w4_2019/dependents', message: 'Allowances must be 0 to 200.' }],
    },
    {
      name: 'legacy extra withholding over 100000',
      patch: { w4_year: '2019', w4_2019: { extra_withholding: 100001 } },
      errors: [{ path: '/w4_2019/extra_withholding', message: 'Extra withholding must be 0 to 100000.' }],
    },
    {
      name: 'legacy negative dependents',
      patch: { w4_year: '2019', w4_2019: { dependents: -1 } },
      errors: [{ path: '/w4_2019/dependents', message: 'Allowances must be 0 to 200.' }],
    },
    {
      name: 'exempt with Steps 2 to 4 empty',
      patch: { exempt_from_federal_withholding: true, dependent_amount: 0, federal_withholding_extra: undefined, exempt_expires: '2021-02-15' },
      errors: [],
    },
    {
      name: 'exempt with answers in Steps 2, 3 and 4',
      patch: {
        exempt_from_federal_withholding: true,
        multiple_jobs: true,
        dependents_under_17_amount: 2200,
        income_not_from_jobs: 1,
        deductions: 500,
        amount_for_deductions_other_than_standard: 10,
        federal_withholding_fixed: 5,
      },
      errors: [
        'multiple_jobs',
        'dependents_under_17_amount',
        'dependent_amount',
        'income_not_from_jobs',
        'deductions',
        'amount_for_deductions_other_than_standard',
        'federal_withholding_extra',
        'federal_withholding_fixed',
      ].map((f) => ({ path: `/${f}`, message: EXEMPT_STEPS })),
    },
    {
      name: 'exempt with dependent counts (the screen, before the save rule turns them into amounts)',
      patch: { exempt_from_federal_withholding: true, dependent_amount: 0, federal_withholding_extra: 0, number_of_other_dependents: 1 },
      errors: [{ path: '/number_of_other_dependents', message: EXEMPT_STEPS }],
    },
    { name: 'not exempt: Steps 2 to 4 as answered', patch: { multiple_jobs: true, deductions: 500 }, errors: [] },
  ],
});

TABLE.push({
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
});

TABLE.push({
  entity: 'payroll/state_w4',
  valid: { state: 'CA', state_status: 'Married - 2 Work', total_allowances: 3, estimated_allowances: 1, extra_state_withholding: 10, ca_free_field: 'kept' },
  cases: [
    { name: 'state in lower case', patch: { state: 'ca' }, errors: [{ path: '/state', message: 'State must be two capital letters.' }] },
    { name: 'state of 3 letters', patch: { state: 'CAL' }, errors: [{ path: '/state', message: 'State must be two capital letters.' }] },
    { name: 'state missing', patch: { state: undefined }, errors: [{ path: '/state', message: 'State is required.' }] },
    { name: 'Arizona percentage', patch: { state: 'AZ', state_status: '2.0 Percent/2.7 Percent' }, errors: [] },
    { name: 'a California status in Arizona', patch: { state: 'AZ' }, errors: [{ path: '/state_status', message: 'Not a Arizona withholding status.' }] },
    { name: 'Oregon status', patch: { state: 'OR', state_status: 'Married, but withholding at the higher single rate' }, errors: [] },
    {
      name: "Oregon: the spec's table choice is not saved again",
      patch: { state: 'OR', state_status: 'Married / Single (3+)' },
      errors: [{ path: '/state_status', message: 'Choose Single, Married, or Married, but withholding at the higher single rate (line 1 of the current OR-W-4).' }],
    },
    { name: "New York's third status", patch: { state: 'NY', state_status: 'Married, but withhold at higher single rate' }, errors: [] },
    {
      name: 'New York status outside its list',
      patch: { state: 'NY', state_status: 'Head of House' },
      errors: [{ path: '/state_status', message: 'Choose Single or Head of household, Married, or Married, but withhold at higher single rate (the IT-2104\'s statuses).' }],
    },
    { name: 'Alabama code', patch: { state: 'AL', state_status: 'M' }, errors: [] },
    {
      name: "Alabama: the spec's label is saved as its code, not as sent",
      patch: { state: 'AL', state_status: 'Married - File Joint' },
      errors: [{ path: '/state_status', message: 'Choose the A-4 personal exemption: 0, S, MS, M or H.' }],
    },
    { name: 'a state without a checked list', patch: { state: 'VA', state_status: 'anything', personal_exemptions: 2, age_blindness_exemptions: 1 }, errors: [] },
    { name: 'negative allowances', patch: { total_allowances: -1 }, errors: [{ path: '/total_allowances', message: 'Allowances must be 0 or more.' }] },
  ],
});

TABLE.push({
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
    { name: 'state in lower case', patch: { state: 'Ca' }, errors: [{ path: '/state', message: 'State must be two capital letters.' }] },
    { name: 'a link without a label', patch: { links: [{ url: 'https://edd.ca.gov' }] }, errors: [{ path: '/links/0/label', message: 'A link needs a label.' }] },
    { name: 'a link that is not a URL', patch: { links: [{ label: 'DE 4', url: 'edd.ca.gov' }] }, errors: [{ path: '/links/0/url', message: 'An address must start with https:// (a secure link).' }, { path: '/links/0/url', message: "A link's address must be a full URL." }] },
    { name: 'a link that is not https', patch: { links: [{ label: 'DE 4', url: 'http://edd.ca.gov/de4.pdf' }] }, errors: [{ path: '/links/0/url', message: 'An address must start with https:// (a secure link).' }] },
    { name: 'an empty transform', patch: { transforms: { to_execupay: '' } }, errors: [{ path: '/transforms/to_execupay', message: 'Required' }] },
  ],
});

const hire = {
  first_name: 'Maria',
  last_name: 'Garcia',
  email: 'maria.garcia@example.com',
  phone: '3125550177',
  ssn: '123-45-6789',
  state: 'IL',
  title: 'Line Cook',
  division: 'Restaurants',
  department: 'Kitchen',
  direct_manager: KEY2,
  employment_type: 'REGULAR',
  time_status: 'Full-Time',
  hire_date: NOW,
  pay_type: 'Hourly',
  pay_frequency: 'Bi-Weekly',
  rate: 19.99,
  invited_by: KEY2,
  status: 'created',
  onboarding_contact: { name: 'Pat Lee', email: 'pat@acme.example', phone: '3125550142' },
};

TABLE.push({
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
    ...NOT_ISSUED_SSNS.map(([ssn, message]) => ({ name: `SSN ${ssn}`, patch: { ssn }, errors: message ? [{ path: '/ssn', message }] : [] })),
  ],
});

TABLE.push({
  entity: 'payroll/approvals',
  valid: { employee: KEY, approvals_needed: ['employee_payment_information', 'basic_info'], approval_type: 'employee', confirmation_code: '4F7K2' },
  cases: [
    { name: 'approval type admin', patch: { approval_type: 'admin' }, errors: [] },
    { name: 'approval type outside the two', patch: { approval_type: 'manager' }, errors: [{ path: '/approval_type', message: 'Approval type must be employee or admin.' }] },
    { name: 'confirmation code of 3', patch: { confirmation_code: '4F7' }, errors: [{ path: '/confirmation_code', message: 'Confirmation code must be 4 to 6 characters.' }] },
    { name: 'confirmation code of 7', patch: { confirmation_code: '4F7K2AB' }, errors: [{ path: '/confirmation_code', message: 'Confirmation code must be 4 to 6 characters.' }] },
    { name: 'confirmation codes of 4 and 6', patch: { confirmation_code: '4F7K2A' }, errors: [] },
  ],
});

TABLE.push({
  entity: 'payroll/employer_info',
  valid: { type: 'available_states', value: ['IL', 'WI', 'DC'] },
  cases: [
    { name: 'divisions are free names', patch: { type: 'divisions', value: ['Restaurants', 'Catering'] }, errors: [] },
    { name: 'an unknown state', patch: { value: ['IL', 'ZZ'] }, errors: [{ path: '/value/1', message: 'Must be a two-letter US state code or DC.' }] },
    { name: 'an unknown pay frequency', patch: { type: 'active_pay_frequencies', value: ['Weekly', 'Fortnightly'] }, errors: [{ path: '/value/1', message: 'Must be one of: Daily, Weekly, Bi-Weekly, Semi-Monthly, Monthly, Quarterly, Annually' }] },
    {
      name: 'the W-4 edition is no company setting',
      patch: { type: 'w4_edition', value: ['2026'] },
      errors: [{ path: '/type', message: 'Type must be available_states, divisions, departments or active_pay_frequencies.' }],
    },
  ],
});

TABLE.push({
  entity: 'payroll/payroll_documents',
  valid: { display_name: '2025 W-2 instructions', filename: 'w2-instructions.pdf', view_type: 'file' },
  cases: [
    { name: 'display name of 129 characters', patch: { display_name: 'd'.repeat(129) }, errors: [{ path: '/display_name', message: 'Must be 1 to 128 characters.' }] },
    { name: 'empty filename', patch: { filename: '' }, errors: [{ path: '/filename', message: 'Must be 1 to 128 characters.' }] },
    { name: 'view type outside the four', patch: { view_type: 'embed' }, errors: [{ path: '/view_type', message: 'Must be one of: view_type, link, file, video' }] },
  ],
});

TABLE.push({
  entity: 'auth/organization_redirects',
  valid: { hostname: 'oldacme.dform.dev', redirect_to: 'acme.dform.dev', type: 'permanent' },
  cases: [
    { name: 'redirect target of 4 characters', patch: { redirect_to: 'acme' }, errors: [{ path: '/redirect_to', message: 'Redirect target must be at least 5 characters.' }] },
    { name: 'hostname with capitals', patch: { hostname: 'OldAcme.dform.dev' }, errors: [{ path: '/hostname', message: 'Hostname must be a lowercase host name (letters, digits, hyphens and dots).' }] },
    {
      name: 'hostname, target and type are required',
      patch: { hostname: undefined, redirect_to: undefined, type: undefined },
      errors: [
        { path: '/hostname', message: 'Hostname is required.' },
        { path: '/redirect_to', message: 'Redirect target is required.' },
        { path: '/type', message: 'Redirect type is required.' },
      ],
    },
  ],
});

TABLE.push({
  entity: 'auth/cross_org_accounts',
  valid: { org_id: KEY2, org_name: 'Client Co', org_hostname: 'clientco.dform.dev', user_id: KEY, org_user_id: KEY2, login_type: 'limited' },
  cases: [
    { name: 'login type other than limited', patch: { login_type: 'full' }, errors: [{ path: '/login_type', message: 'Cross-org logins are type limited only.' }] },
    { name: 'organization name of 101 characters', patch: { org_name: 'o'.repeat(101) }, errors: [{ path: '/org_name', message: 'Organization name may have at most 100 characters.' }] },
  ],
});

TABLE.push({
  entity: 'time/pto_plan',
  valid: { name: 'Vacation', plan_type: 'Vacation', calc_period: 'payroll', accrual_hours: 3.08, max_balance: 120, status: 'active' },
  cases: [
    { name: 'anniversary accrual', patch: { calc_period: 'anniversary', plan_type: 'Flex' }, errors: [] },
    { name: 'calc period outside the four', patch: { calc_period: 'week' }, errors: [{ path: '/calc_period', message: 'Accrual period must be payroll, month, anniversary or calendar.' }] },
    { name: 'plan type outside the six', patch: { plan_type: 'Holiday' }, errors: [{ path: '/plan_type', message: 'Must be one of: Vacation, Personal, Sick, Unpaid, Flex, Other' }] },
  ],
});

const step = (after_months: number): Json => ({ after_months, accrual_hours: 3 + after_months / 12 });
TABLE.push({
  entity: 'time/pto_progression',
  valid: { name: 'Vacation by seniority', steps: [step(0), step(12), step(60)] },
  cases: [
    { name: 'sixty steps', patch: { steps: Array.from({ length: 60 }, (_, i) => step(i)) }, errors: [] },
    { name: 'sixty-one steps', patch: { steps: Array.from({ length: 61 }, (_, i) => step(i)) }, errors: [{ path: '/steps', message: 'A progression needs 1 to 60 steps.' }] },
    { name: 'no steps', patch: { steps: [] }, errors: [{ path: '/steps', message: 'A progression needs 1 to 60 steps.' }] },
  ],
});

TABLE.push({
  entity: 'time/pto_register',
  valid: { user_id: KEY, plan_id: KEY2, action: 'credit', type: 'accrual', hours: 3.08, balance: 40, effective_date: NOW },
  cases: [
    { name: 'an annotation needs no hours', patch: { action: 'annotation', type: 'balance_summary', hours: undefined, plan_id: undefined }, errors: [] },
    { name: 'action outside the three', patch: { action: 'transfer' }, errors: [{ path: '/action', message: 'Action must be debit, credit or annotation.' }] },
    {
      name: 'type outside the five',
      patch: { type: 'payout' },
      errors: [{ path: '/type', message: 'Type must be accrual, use, balance_summary, plan_change or manual_adjustment.' }],
    },
    { name: 'a debit without hours', patch: { action: 'debit', type: 'use', hours: undefined }, errors: [{ path: '/hours', message: 'A debit or credit needs a plan and hours.' }] },
  ],
});

TABLE.push({
  entity: 'time/pto_request',
  valid: { user_id: KEY, plan_id: KEY2, start_date: NOW, end_date: NOW + 86400, hours: 16, status: 'requested' },
  cases: [
    { name: 'status outside the three', patch: { status: 'pending' }, errors: [{ path: '/status', message: 'Must be one of: requested, approved, denied' }] },
    { name: 'zero hours', patch: { hours: 0 }, errors: [{ path: '/hours', message: 'Hours must be more than 0.' }] },
  ],
});

TABLE.push({
  entity: 'time/pto_employee',
  valid: { status: 'active', plan_ids: [KEY2], start_date: NOW },
  cases: [{ name: 'status outside active and inactive', patch: { status: 'terminated' }, errors: [{ path: '/status', message: 'Must be one of: active, inactive' }] }],
});

TABLE.push({
  entity: 'comms/channels',
  valid: { name: 'Kitchen crew', owner: KEY, type: 'group', status: 'active', display_options: { background_color: '002d50', foreground_color: 'ffffff' } },
  cases: [
    { name: 'private channel', patch: { type: 'private', invite_only: true }, errors: [] },
    { name: 'type outside group and private', patch: { type: 'public' }, errors: [{ path: '/type', message: 'Channel type must be group or private.' }] },
    { name: 'status outside the three', patch: { status: 'deleted' }, errors: [{ path: '/status', message: 'Channel status must be active, closed or archived.' }] },
    { name: 'colour with a hash', patch: { display_options: { background_color: '#002d50' } }, errors: [{ path: '/display_options/background_color', message: "Colours are 6 hex digits without '#'." }] },
  ],
});

TABLE.push({
  entity: 'comms/channel_members',
  valid: { channel_id: KEY2, user_id: KEY, type: 'member' },
  cases: [
    { name: 'blocked member', patch: { type: 'blocked' }, errors: [] },
    { name: 'type outside the three', patch: { type: 'owner' }, errors: [{ path: '/type', message: 'Member type must be admin, member or blocked.' }] },
  ],
});

const recipients = (n: number): string[] => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
TABLE.push({
  entity: 'comms/notifications',
  valid: {
    module: 'time',
    message_type: 'pto_request_approved',
    priority: 'normal',
    recipients: [KEY],
    data: {
      app: { message: 'Your time off was approved.', icon: 'event_available' },
      email: { subject: 'Time off approved', text: 'Your request for Jan 2 was approved.' },
      text: { message: 'Your time off for Jan 2 was approved.' },
      start: 'Jan 2',
    },
  },
  cases: [
    { name: '2000 recipients', patch: { recipients: recipients(2000) }, errors: [] },
    { name: '2001 recipients', patch: { recipients: recipients(2001) }, errors: [{ path: '/recipients', message: 'A notification needs 1 to 2000 recipients.' }] },
    { name: 'no recipients', patch: { recipients: [] }, errors: [{ path: '/recipients', message: 'A notification needs 1 to 2000 recipients.' }] },
    { name: 'e-mail subject of 257 characters', patch: { data: { email: { subject: 's'.repeat(257) } } }, errors: [{ path: '/data/email/subject', message: 'E-mail subject must be 1 to 256 characters.' }] },
    { name: 'empty e-mail subject', patch: { data: { email: { subject: '' } } }, errors: [{ path: '/data/email/subject', message: 'E-mail subject must be 1 to 256 characters.' }] },
    { name: 'text message of 320 characters', patch: { data: { text: { message: 't'.repeat(320) } } }, errors: [] },
    { name: 'text message of 321 characters', patch: { data: { text: { message: 't'.repeat(321) } } }, errors: [{ path: '/data/text/message', message: 'Text messages must be 1 to 320 characters.' }] },
    { name: 'in-app message of 257 characters', patch: { data: { app: { message: 'm'.repeat(257) } } }, errors: [{ path: '/data/app/message', message: 'In-app messages may have at most 256 characters.' }] },
    { name: 'in-app icon of 257 characters', patch: { data: { app: { icon: 'i'.repeat(257) } } }, errors: [{ path: '/data/app/icon', message: 'Icons may have at most 256 characters.' }] },
    { name: 'message type of 257 characters', patch: { message_type: 'm'.repeat(257) }, errors: [{ path: '/message_type', message: 'Message type may have at most 256 characters.' }] },
    { name: 'module of 65 characters', patch: { module: 'm'.repeat(65) }, errors: [{ path: '/module', message: 'Module may have at most 64 characters.' }] },
  ],
});

TABLE.push({
  entity: 'comms/user_notifications',
  valid: {
    notification_id: KEY2,
    recipient_id: KEY,
    module: 'time',
    message_type: 'pto_request_approved',
    delivery_result: { app: 'ready', email: 'processed', text: 'pending' },
    message_content: { app: { message: 'Your time off was approved.' } },
  },
  cases: [
    { name: 'in-app status viewed', patch: { delivery_result: { app: 'viewed' } }, errors: [] },
    { name: 'in-app status outside the five', patch: { delivery_result: { app: 'read' } }, errors: [{ path: '/delivery_result/app', message: 'In-app status must be pending, ready, viewed, deleted or error.' }] },
    { name: 'e-mail status outside the four', patch: { delivery_result: { email: 'sent' } }, errors: [{ path: '/delivery_result/email', message: 'Must be one of: pending, processing, processed, error' }] },
  ],
});

TABLE.push({
  entity: 'comms/notification_routes',
  valid: { module: 'time', message_type: 'pto_request_created', recipients: [KEY2], default_delivery_methods: { app: true, email: true, text: false } },
  cases: [{ name: 'no recipients', patch: { recipients: [] }, errors: [{ path: '/recipients', message: 'A notification needs 1 to 2000 recipients.' }] }],
});

TABLE.push({
  entity: 'hr/documents',
  valid: { display_name: 'Employee handbook', filename: 'handbook-2025.pdf', view_type: 'file', published: true },
  cases: [
    { name: 'a video with its address', patch: { view_type: 'video', url: 'https://videos.example.com/safety' }, errors: [] },
    { name: 'a link without an address', patch: { view_type: 'link' }, errors: [{ path: '/url', message: 'A link or video needs an address.' }] },
    { name: 'view type outside the four', patch: { view_type: 'pdf' }, errors: [{ path: '/view_type', message: 'Must be one of: view_type, link, file, video' }] },
    { name: 'display name of 129 characters', patch: { display_name: 'd'.repeat(129) }, errors: [{ path: '/display_name', message: 'Must be 1 to 128 characters.' }] },
    { name: 'filename of 129 characters', patch: { filename: 'f'.repeat(129) }, errors: [{ path: '/filename', message: 'Must be 1 to 128 characters.' }] },
  ],
});

TABLE.push({
  entity: 'hr/employee_documents',
  valid: { employee_id: KEY, display_name: 'Food handler certificate', filename: 'food-handler.pdf', status: 'uploaded' },
  cases: [
    { name: 'requested without a file yet', patch: { status: 'requested', filename: undefined }, errors: [] },
    { name: 'status outside the three', patch: { status: 'approved' }, errors: [{ path: '/status', message: 'Must be one of: requested, uploaded, uploading' }] },
    { name: 'empty display name', patch: { display_name: '' }, errors: [{ path: '/display_name', message: 'Must be 1 to 128 characters.' }] },
  ],
});

TABLE.push({
  entity: 'hr/confidential_employee_documents',
  valid: { employee_id: KEY, display_name: 'Background check', filename: 'bg.pdf', status: 'uploading' },
  cases: [{ name: 'status outside the three', patch: { status: 'done' }, errors: [{ path: '/status', message: 'Must be one of: requested, uploaded, uploading' }] }],
});

TABLE.push({
  entity: 'hr/global_docs',
  valid: { display_name: 'Illinois minimum wage poster', filename: 'il-min-wage-2025.pdf', state_code: 'IL', year: 2025, published: true, archive: false, spanish: false },
  cases: [
    { name: 'federal poster without a state', patch: { state_code: '' }, errors: [] },
    { name: 'state code of 3 characters', patch: { state_code: 'ILL' }, errors: [{ path: '/state_code', message: 'State code may have at most 2 characters.' }] },
  ],
});

TABLE.push({
  entity: 'hr/assignments',
  valid: { user_ids: [KEY], document_id: KEY2, document_type: 'documents', due_by: NOW + 86400 * 14, acknowledgement_required: true, status: 'assigned' },
  cases: [
    { name: 'no users', patch: { user_ids: [] }, errors: [{ path: '/user_ids', message: 'Assign it to at least one user.' }] },
    { name: 'users missing', patch: { user_ids: undefined }, errors: [{ path: '/user_ids', message: 'Assign it to at least one user.' }] },
    { name: 'a questionnaire instead of a document', patch: { document_id: undefined, questionnaire_id: KEY2 }, errors: [] },
    {
      name: 'neither document nor questionnaire',
      patch: { document_id: undefined },
      errors: [
        { path: '/document_id', message: 'Assign a document or a questionnaire.' },
        { path: '/questionnaire_id', message: 'Assign a document or a questionnaire.' },
      ],
    },
  ],
});

TABLE.push({
  entity: 'hr/share_request',
  valid: { document_id: KEY2, document_type: 'employee_documents', employee_id: KEY, share_to: [KEY2], message: 'For the benefits review' },
  cases: [
    { name: 'document type other than employee_documents', patch: { document_type: 'documents' }, errors: [{ path: '/document_type', message: 'Only employee documents can be shared this way.' }] },
    { name: 'no one to share with', patch: { share_to: [] }, errors: [{ path: '/share_to', message: 'Choose whom to share with.' }] },
  ],
});

interface TransformCase {
  entity: string;
  name: string;
  kind: 'load' | 'save';
  input: Json;
  output: Json;
  /** The server's bindings ($before, $user, $org, $now, $mode); none by default. */
  bindings?: Json;
}

const onCreate = { before: null, user: KEY, org: KEY2, now: NOW, mode: 'create' };
/** Noon UTC of a day, in Unix seconds. */
const at = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;
/** The W-4 rules' bindings on a write at noon of `day` (UTC). */
const w4At = (day: string): Json => ({ w4Editions, now: at(day), mode: 'save' });
/** A new W-4 made on `day`. */
const w4New = (day: string): Json => ({ ...w4At(day), before: null, mode: 'create' });
/** A save of a stored W-4 of `year`, in that year. */
const w4Stored = (year: string): Json => ({ ...w4At(`${year}-06-15`), before: { w4_year: year } });
/** A stored W-4 on the 2025 form, signed in 2025. */
const ON_2025: Json = {
  w4_year: '2025',
  filing_status: 'Single',
  multiple_jobs: true,
  dependent_amount: 4500,
  employee_signature: { ...SIGNATURE, timestamp: at('2025-06-15') },
};
const onSave = (before: Json): Json => ({ before, user: KEY2, org: KEY2, now: NOW + 60, mode: 'save' });

const TRANSFORMS: TransformCase[] = [
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
    name: "colours lose their '#' and are lower-cased, the website its scheme",
    kind: 'save',
    input: { module: 'auth', attributes: { colorPrimary: '#002D50', website: 'https://Acme.example/', colorAccent: '588326' } },
    output: { module: 'auth', attributes: { colorPrimary: '002d50', website: 'acme.example', colorAccent: '588326' } },
  },
  {
    entity: 'payroll/employer_contacts',
    name: 'contact phone spaces removed and e-mail lower-cased',
    kind: 'save',
    input: { name: 'Pat', phone_number: '312 555 0142', email: 'Pat@Acme.example' },
    output: { name: 'Pat', phone_number: '3125550142', email: 'pat@acme.example' },
  },
  {
    entity: 'payroll/i9',
    name: 'choosing the citizen status removes the alien fields',
    kind: 'save',
    input: {
      work_auth_status: CITIZEN,
      alien_number_type: 'USCIS Number',
      alien_number: '123456789',
      authorized_to_work_until: NOW,
      country_of_issuance: 'Mexico',
      foreign_passport_number: 'K1',
      i9_renew_date: NOW,
      additional_info: 'kept',
    },
    output: { work_auth_status: CITIZEN, additional_info: 'kept' },
  },
  {
    entity: 'payroll/i9',
    name: 'no status counts as citizen',
    kind: 'save',
    input: { alien_number: '123456789', employee_signature: SIGNATURE },
    output: { employee_signature: SIGNATURE },
  },
  {
    entity: 'payroll/i9',
    name: 'other statuses keep the alien fields',
    kind: 'save',
    input: { work_auth_status: LPR, alien_number_type: 'USCIS Number', alien_number: '123456789' },
    output: { work_auth_status: LPR, alien_number_type: 'USCIS Number', alien_number: '123456789' },
  },
  {
    entity: 'payroll/w4',
    name: 'dependent counts make the amount (2000 and 500) and are not saved',
    kind: 'save',
    input: { w4_year: '2020', number_of_dependents_under_17: 2, number_of_other_dependents: 1, filing_status: 'Single' },
    bindings: w4Stored('2020'),
    output: { w4_year: '2020', filing_status: 'Single', dependent_amount: 4500 },
  },
  {
    entity: 'payroll/w4',
    name: 'a hand-entered amount stays when the counts are cleared',
    kind: 'save',
    input: { w4_year: '2020', number_of_dependents_under_17: 0, number_of_other_dependents: 0, dependent_amount: 3000 },
    bindings: w4Stored('2020'),
    output: { w4_year: '2020', dependent_amount: 3000 },
  },
  {
    entity: 'payroll/w4',
    name: 'the 2026 form counts 2200 per child',
    kind: 'save',
    input: { w4_year: '2026', number_of_dependents_under_17: 1, number_of_other_dependents: 2 },
    bindings: w4Stored('2026'),
    output: { w4_year: '2026', dependent_amount: 3200, dependents_under_17_amount: 2200, other_dependents_amount: 1000 },
  },
  {
    entity: 'payroll/w4',
    name: 'the 2026 form totals 3(a) and 3(b) typed by hand',
    kind: 'save',
    input: { w4_year: '2026', dependents_under_17_amount: 4400, other_dependents_amount: 500, dependent_amount: 1 },
    bindings: w4Stored('2026'),
    output: { w4_year: '2026', dependent_amount: 4900, dependents_under_17_amount: 4400, other_dependents_amount: 500 },
  },
  {
    entity: 'payroll/w4',
    name: 'the 2020 form has no 3(a) and 3(b)',
    kind: 'save',
    input: { w4_year: '2020', dependents_under_17_amount: 4400, dependent_amount: 2000 },
    bindings: w4Stored('2020'),
    output: { w4_year: '2020', dependent_amount: 2000 },
  },
  {
    entity: 'payroll/w4',
    name: 'a new W-4 is on the edition in effect on its date: the 2025 form in 2025',
    kind: 'save',
    input: { w4_year: '2026', number_of_dependents_under_17: 1 },
    bindings: w4New('2025-12-31'),
    output: { w4_year: '2025', dependent_amount: 2000 },
  },
  {
    entity: 'payroll/w4',
    name: 'a new W-4 is on the edition in effect on its date: the 2026 form from January 1, 2026',
    kind: 'save',
    input: { w4_year: '2020', number_of_dependents_under_17: 1 },
    bindings: w4New('2026-01-01'),
    output: { w4_year: '2026', dependent_amount: 2200, dependents_under_17_amount: 2200, other_dependents_amount: 0 },
  },
  {
    entity: 'payroll/w4',
    name: 'a record on the 2020 form drops the legacy 2019 answers',
    kind: 'save',
    input: { w4_year: '2020', w4_2019: { dependents: 2 }, filing_status: 'Married' },
    bindings: w4Stored('2020'),
    output: { w4_year: '2020', filing_status: 'Married' },
  },
  {
    entity: 'payroll/w4',
    name: 'a 2019 record keeps its legacy answers',
    kind: 'save',
    input: { w4_year: '2019', w4_2019: { dependents: 2 } },
    bindings: w4Stored('2019'),
    output: { w4_year: '2019', w4_2019: { dependents: 2 } },
  },
  {
    entity: 'payroll/w4',
    name: 'a move onto the edition in effect carries neither the stored Step 3 nor the signature',
    kind: 'save',
    input: { ...ON_2025, w4_year: '2026' },
    bindings: { ...w4At('2026-11-26'), before: ON_2025 },
    output: { w4_year: '2026', filing_status: 'Single', multiple_jobs: true },
  },
  {
    entity: 'payroll/w4',
    name: 'a move keeps Step 3 answered again and a signature made in the same save',
    kind: 'save',
    input: { ...ON_2025, w4_year: '2026', number_of_dependents_under_17: 2, employee_signature: { ...SIGNATURE, timestamp: at('2026-11-26') } },
    bindings: { ...w4At('2026-11-26'), before: ON_2025 },
    output: {
      w4_year: '2026',
      filing_status: 'Single',
      multiple_jobs: true,
      employee_signature: { ...SIGNATURE, timestamp: at('2026-11-26') },
      dependent_amount: 4400,
      dependents_under_17_amount: 4400,
      other_dependents_amount: 0,
    },
  },
  {
    entity: 'payroll/w4',
    name: 'a move keeps 3(a) and 3(b) typed anew',
    kind: 'save',
    input: { ...ON_2025, w4_year: '2026', dependents_under_17_amount: 2200, other_dependents_amount: 500 },
    bindings: { ...w4At('2026-11-26'), before: ON_2025 },
    output: { w4_year: '2026', filing_status: 'Single', multiple_jobs: true, dependent_amount: 2700, dependents_under_17_amount: 2200, other_dependents_amount: 500 },
  },
  {
    entity: 'payroll/w4',
    name: 'an exempt W-4 expires on February 15 of the year after its form year',
    kind: 'save',
    input: { w4_year: '2025', exempt_from_federal_withholding: true, exempt_expires: '2099-01-01' },
    bindings: w4Stored('2025'),
    output: { w4_year: '2025', exempt_from_federal_withholding: true, exempt_expires: '2026-02-15' },
  },
  {
    entity: 'payroll/w4',
    name: 'a W-4 no longer exempt has no expiry',
    kind: 'save',
    input: { w4_year: '2026', exempt_from_federal_withholding: false, exempt_expires: '2027-02-15' },
    bindings: w4Stored('2026'),
    output: { w4_year: '2026', exempt_from_federal_withholding: false },
  },
  {
    entity: 'payroll/onboarding_user',
    name: 'e-mails lower-cased and rate rounded to 2 decimals',
    kind: 'save',
    input: { first_name: 'Maria', email: 'Maria.Garcia@Example.com', rate: 19.987, onboarding_contact: { name: 'Pat', email: 'PAT@Acme.example' } },
    output: { first_name: 'Maria', email: 'maria.garcia@example.com', rate: 19.99, onboarding_contact: { name: 'Pat', email: 'pat@acme.example' } },
  },
  {
    entity: 'auth/organization_redirects',
    name: 'hostname lower-cased',
    kind: 'save',
    input: { hostname: 'OldAcme.dform.dev', redirect_to: 'acme.dform.dev', type: 'permanent' },
    output: { hostname: 'oldacme.dform.dev', redirect_to: 'acme.dform.dev', type: 'permanent' },
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
  {
    entity: 'time/pto_request',
    name: 'a new request starts as requested',
    kind: 'save',
    input: { user_id: KEY, hours: 8, status: 'approved' },
    output: { user_id: KEY, hours: 8, status: 'requested' },
    bindings: onCreate,
  },
  {
    entity: 'time/pto_request',
    name: 'approving records who decided and when',
    kind: 'save',
    input: { user_id: KEY, hours: 8, status: 'approved' },
    output: { user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW + 60 },
    bindings: onSave({ user_id: KEY, hours: 8, status: 'requested' }),
  },
  {
    entity: 'time/pto_request',
    name: 'editing a request keeps the decision',
    kind: 'save',
    input: { user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW, reason: 'Trip' },
    output: { user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW, reason: 'Trip' },
    bindings: onSave({ user_id: KEY, hours: 8, status: 'approved', approver_id: KEY2, decision_time: NOW }),
  },
  {
    entity: 'comms/messages',
    name: 'a new message is stamped with its sender and time',
    kind: 'save',
    input: { channel_id: KEY2, message: 'Hello' },
    output: { channel_id: KEY2, message: 'Hello', sent_by: KEY, sent_time: NOW },
    bindings: onCreate,
  },
  {
    entity: 'hr/employee_documents',
    name: 'the upload time is stamped when the status becomes uploaded',
    kind: 'save',
    input: { employee_id: KEY, display_name: 'Certificate', status: 'uploaded' },
    output: { employee_id: KEY, display_name: 'Certificate', status: 'uploaded', uploaded_time: NOW + 60 },
    bindings: onSave({ employee_id: KEY, display_name: 'Certificate', status: 'requested' }),
  },
  {
    entity: 'payroll/employer_info',
    name: 'every save stamps the update',
    kind: 'save',
    input: { type: 'divisions', value: ['Restaurants'] },
    output: { type: 'divisions', value: ['Restaurants'], last_updated: NOW, updated_by: KEY },
    bindings: onCreate,
  },
];

interface ExpressionCase {
  entity: string;
  name: string;
  input: Json;
  errors: FieldError[];
  bindings?: Json;
}

const VALIDATIONS: ExpressionCase[] = [
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
  {
    entity: 'payroll/w4',
    name: 'fixed and extra withholding together',
    input: { w4_year: '2026', federal_withholding_fixed: 50, federal_withholding_extra: 25 },
    errors: [{ path: '/federal_withholding_fixed', message: 'You cannot enter both fixed and extra withholding at the same time.' }],
    bindings: w4New('2026-11-26'),
  },
  { entity: 'payroll/w4', name: 'extra withholding alone', input: { w4_year: '2026', federal_withholding_extra: 25 }, errors: [], bindings: w4New('2026-11-26') },
  {
    entity: 'payroll/w4',
    name: 'fixed withholding alone',
    input: { w4_year: '2026', federal_withholding_fixed: 50, federal_withholding_extra: 0 },
    errors: [],
    bindings: w4New('2026-11-26'),
  },
  {
    entity: 'payroll/w4',
    name: 'a W-4 on an edition no longer in effect is read-only',
    input: { ...ON_2025, filing_status: 'Married' },
    errors: [{ path: '/w4_year', message: 'This Form W-4 is on the 2025 form and is read-only: choose Edit to move it onto the 2026 form.' }],
    bindings: { ...w4At('2026-11-26'), before: ON_2025 },
  },
  { entity: 'payroll/w4', name: 'saved unchanged it is no change', input: ON_2025, errors: [], bindings: { ...w4At('2026-11-26'), before: ON_2025 } },
  { entity: 'payroll/w4', name: 'in its own year it changes freely', input: { ...ON_2025, filing_status: 'Married' }, errors: [], bindings: { ...w4At('2025-12-31'), before: ON_2025 } },
  {
    entity: 'payroll/w4',
    name: 'it moves only onto the edition in effect',
    input: { ...ON_2025, w4_year: '2024' },
    errors: [{ path: '/w4_year', message: 'A Form W-4 can only move onto the form in effect, 2026.' }],
    bindings: { ...w4At('2026-11-26'), before: ON_2025 },
  },
  {
    entity: 'payroll/onboarding_user',
    name: 'a rate with three decimals',
    input: { rate: 19.987 },
    errors: [{ path: '/rate', message: 'Rate may have at most 2 decimals.' }],
  },
  { entity: 'payroll/onboarding_user', name: 'a rate in cents', input: { rate: 19.99 }, errors: [] },
  {
    entity: 'payroll/payroll_calendar',
    name: 'a period that ends before it starts',
    input: { period_start_date: NOW, period_end_date: NOW - 86400 },
    errors: [{ path: '/period_end_date', message: 'The period cannot end before it starts.' }],
  },
  { entity: 'payroll/payroll_calendar', name: 'a two-week period', input: { period_start_date: NOW, period_end_date: NOW + 13 * 86400 }, errors: [] },
  {
    entity: 'time/pto_request',
    name: 'a request that ends before it starts',
    input: { start_date: NOW, end_date: NOW - 86400 },
    errors: [{ path: '/end_date', message: 'The last day cannot be before the first day.' }],
  },
  {
    entity: 'time/pto_progression',
    name: 'steps out of order',
    input: { steps: [{ after_months: 0 }, { after_months: 24 }, { after_months: 12 }] },
    errors: [{ path: '/steps/2/after_months', message: 'Steps must be in increasing months of service.' }],
  },
  { entity: 'time/pto_progression', name: 'steps in order', input: { steps: [{ after_months: 0 }, { after_months: 12 }] }, errors: [] },
  { entity: 'time/pto_progression', name: 'a single step', input: { steps: [{ after_months: 0 }] }, errors: [] },
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
      assert.deepEqual(await transformData(transformOf(t.entity, t.kind), t.input, t.bindings), t.output);
    });
  }
  for (const v of VALIDATIONS) {
    it(`${v.entity} validate: ${v.name}`, async () => {
      assert.deepEqual(await validateByExpression(transformOf(v.entity, 'validate'), v.input, v.bindings), v.errors);
    });
  }
});

/** spec/000 sections 1, 3 and 4, spec/001 sections 3 and 9: the defaults the schemas must carry. */
const DEFAULTS: [entity: string, field: string, value: unknown][] = [
  ['auth/organizations', 'active_modules', ['auth', 'payroll', 'comms', 'hr']],
  ['auth/organizations', 'status', 'active'],
  ['auth/organization_preferences', 'attributes.colorPrimary', '002d50'],
  ['auth/organization_preferences', 'attributes.colorSecondary', 'bfc0c0'],
  ['auth/organization_preferences', 'attributes.colorAccent', '588326'],
  ['auth/users', 'is_employee', true],
  ['auth/users', 'cross_site_login_only', false],
  ['auth/groups', 'type', 'group'],
  ['auth/activity_log', 'must_be_retained', false],
  ['payroll/employer', 'status', 'active'],
  ['payroll/employer', 'direct_deposit_available', 'yes'],
  ['payroll/employee_payment_information', 'sync_status', 'approval_requested'],
  ['payroll/basic_info', 'sync_status', 'pending'],
  ['payroll/i9', 'sync_status', 'pending'],
  ['payroll/i9', 'work_auth_status', 'Citizen of the United States'],
  ['payroll/i9', 'employee_signature.font', 'font1'],
  ['payroll/w4', 'w4_year', '2020'],
  ['payroll/w4', 'deductions', 0],
  ['payroll/w4', 'exempt_from_federal_withholding', false],
  ['payroll/w4', 'income_not_from_jobs', 0],
  ['payroll/w4', 'multiple_jobs', false],
  ['payroll/w4', 'number_of_dependents_under_17', 0],
  ['payroll/w4', 'number_of_other_dependents', 0],
  ['payroll/w4', 'sync_status', 'pending'],
  ['payroll/onboarding_user', 'status', 'created'],
  ['payroll/sync_queue', 'status', 'pending'],
  ['storage/fgroups', 'modules', ['ALL']],
  ['time/pto_request', 'status', 'requested'],
  ['hr/employee_documents', 'status', 'requested'],
];

describe('spec defaults', () => {
  for (const [entity, field, value] of DEFAULTS) {
    it(`${entity} ${field} defaults to ${JSON.stringify(value)}`, () => {
      const fields = walkFields(bundleSchema(fileOf(entity), defs));
      const f = fields.find((x) => x.path.join('.') === field);
      assert.ok(f, `${entity} has no field ${field}`);
      assert.deepEqual(f.schema.default, value);
    });
  }
});

/** x-sensitive on every SSN, bank account number and secret the spec names. */
const SENSITIVE: [entity: string, field: string, kind: 'ssn' | 'account' | 'secret'][] = [
  ['payroll/onboarding_user', 'ssn', 'ssn'],
  ['payroll/employee_payment_information', 'direct_deposit_accounts.*.account_number', 'account'],
  ['auth/users', 'secret', 'secret'],
  ['auth/users', 'authenticator_key', 'secret'],
  ['auth/single_use_logins', 'key_hash', 'secret'],
  ['auth/user_tokens', 'token_data', 'secret'],
];

describe('sensitive fields', () => {
  for (const [entity, field, kind] of SENSITIVE) {
    it(`${entity} ${field} is x-sensitive ${kind}`, () => {
      const f = walkFields(bundleSchema(fileOf(entity), defs)).find((x) => x.path.join('.') === field);
      assert.ok(f, `${entity} has no field ${field}`);
      assert.equal(f.schema['x-sensitive'], kind);
    });
  }
});
