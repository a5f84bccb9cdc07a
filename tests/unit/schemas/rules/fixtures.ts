/**
 * Shared records and constants of the schema rule fixtures (one fixture file per entity beside this
 * one, in <module>/<type>.ts): what several entities' cases are made of.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { referenceBindings } from '../../../../engine/reference-bindings.ts';

export type Json = Record<string, unknown>;

export const schemasDir = path.resolve(import.meta.dirname, '../../../../schemas');
export const readJson = (rel: string): Json => JSON.parse(readFileSync(path.join(schemasDir, rel), 'utf8')) as Json;
export const defs = readJson('common/defs.json');
/** The Form W-4 editions the server binds as $w4Editions. */
export const w4Editions = readJson('common/w4-editions.json');
/** The Form W-9 classifications of the spec's earlier list, bound as $w9Classifications. */
export const w9Classifications = readJson('common/w9-classifications.json');

export const NOW = 1_735_689_600;
export const KEY = '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b';
export const KEY2 = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
export const phoneMsg = 'Phone numbers must have 10 digits.';

export const address = { address1: '12 Main St', city: 'Springfield', state: 'IL', postal_code: '62701' };

/**
 * Numbers that are not real (schemas/common/defs.json ssn, ein, routingNumber). SSN: never area 000,
 * 666 or 900-999 (an ITIN), group 00 or serial 0000 (SSA). Routing: Federal Reserve routing symbols
 * 01-12, 21-32, 61-72 and 80. EIN: the IRS's assigned prefixes.
 */
export const NOT_ISSUED_SSNS: [ssn: string, message: string | null][] = [
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

export const ROUTING_PREFIX = 'Routing number: the first two digits must be an assigned Federal Reserve range: 01-12, 21-32, 61-72 or 80.';

export const ROUTING_PREFIXES: [prefix: string, ok: boolean][] = [
  ...['01', '09', '12', '21', '29', '32', '61', '69', '72', '80'].map((p): [string, boolean] => [p, true]),
  ...['00', '13', '20', '33', '50', '60', '73', '79', '81', '99'].map((p): [string, boolean] => [p, false]),
];

export const EIN_PREFIX =
  'EIN: the prefix (the first two digits) must be one the IRS assigns: 01-06, 10-16, 20-27, 30-48, 50-68, 71-77, 80-88, 90-95, 98 or 99.';

export const EIN_PREFIXES: [prefix: string, ok: boolean][] = [
  ...['01', '06', '10', '16', '20', '27', '30', '31', '48', '50', '68', '71', '77', '80', '88', '90', '95', '98', '99'].map(
    (p): [string, boolean] => [p, true],
  ),
  ...['00', '07', '08', '09', '17', '18', '19', '28', '29', '49', '69', '70', '78', '79', '89', '96', '97'].map(
    (p): [string, boolean] => [p, false],
  ),
];

export const account = (over: Json = {}): Json => ({
  account_nickname: 'First Bank',
  routing_number: '071000013',
  account_number: '123456789',
  account_type: 'Checking',
  split_type: 'Percent Split',
  amount: 100,
  ...over,
});

// ---- spec/001 section 5 ----

export const SIGNATURE = { name: 'Jane Q. Doe', font: 'font2', timestamp: NOW, userAgent: 'Mozilla/5.0' };

export const EXEMPT_STEPS = 'Exempt from withholding: leave Steps 2 to 4 empty (an exempt employee completes only Steps 1 and 5).';

export const CITIZEN = 'Citizen of the United States';

export const ALIEN = 'An Alien Authorized to Work';

export const LPR = 'Lawful Permanent Resident';

export const notForCitizens = 'Only for a lawful permanent resident or an alien authorized to work.';

export const alienOneOf =
  'Status 4: enter one of these: USCIS or A-Number, Form I-94 Admission Number, or Foreign Passport Number and Country of Issuance.';

export const alienOnlyOne =
  'Status 4: enter only one of these: USCIS or A-Number, Form I-94 Admission Number, or Foreign Passport Number and Country of Issuance.';

export const hire = {
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

export const step = (after_months: number): Json => ({ after_months, accrual_hours: 3 + after_months / 12 });

export const recipients = (n: number): string[] => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

export const onCreate = { before: null, user: KEY, org: KEY2, now: NOW, mode: 'create' };
/** Noon UTC of a day, in Unix seconds. */
export const at = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;
/** The W-4 rules' bindings on a write at noon of `day` (UTC): the editions and the functions over them. */
export const w4At = (day: string): Json => ({ ...referenceBindings({ w4Editions }), now: at(day), mode: 'save' });
/** A new W-4 made on `day`. */
export const w4New = (day: string): Json => ({ ...w4At(day), before: null, mode: 'create' });
/** A save of a stored W-4 of `year`, in that year. */
export const w4Stored = (year: string): Json => ({ ...w4At(`${year}-06-15`), before: { w4_year: year } });
/** A stored W-4 on the 2025 form, signed in 2025. */
export const ON_2025: Json = {
  w4_year: '2025',
  filing_status: 'Single',
  multiple_jobs: true,
  dependent_amount: 4500,
  employee_signature: { ...SIGNATURE, timestamp: at('2025-06-15') },
};
export const onSave = (before: Json): Json => ({ before, user: KEY2, org: KEY2, now: NOW + 60, mode: 'save' });
