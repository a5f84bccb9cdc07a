/** Realistic US-payroll values shared by the form stories and their tests. */
import type { SignatureValue } from '../../forms/signature/signature-flow.ts';
import type { I9DocumentRecord } from '../../forms/payroll/i9.ts';
import type { DepositAccount } from '../../forms/payroll/employee_payment_information.ts';
import { STORY_NOW } from './FormHarness.tsx';

/** A 1x1 PNG, standing in for a drawn signature. */
export const DRAWN_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const typedSignature: SignatureValue = {
  name: 'Maria L. Garcia',
  font: 'font2',
  timestamp: STORY_NOW,
  userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
};

export const drawnSignature: SignatureValue = { ...typedSignature, font: 'font1', image: DRAWN_PNG };

/** 01/01/2030 */
const EXPIRES = 1893456000;

export const passport: I9DocumentRecord = {
  document_type: 'us_passport',
  list: 'A',
  title: 'U.S. Passport',
  issuing_authority: 'U.S. Department of State',
  document_number: '567812345',
  expiration_date: EXPIRES,
};

export const driversLicense: I9DocumentRecord = {
  document_type: 'us_state_drivers_license_id',
  list: 'B',
  title: "Driver's License",
  issuing_authority: 'Illinois Secretary of State',
  document_number: 'G123-4567-8901',
  expiration_date: EXPIRES,
};

export const ssCardNoAuthority: I9DocumentRecord = {
  document_type: 'social_security_card_no_restrictions',
  list: 'C',
  title: 'Social Security Card',
};

export const ssCard: I9DocumentRecord = { ...ssCardNoAuthority, issuing_authority: 'Social Security Administration' };

export const foreignPassportPart: I9DocumentRecord = {
  document_type: 'nonimmigrant_work_authorization_foreign_passport_i_94',
  list: 'A',
  title: 'Foreign passport',
  issuing_authority: 'Government of India',
  document_number: 'Z4567890',
  expiration_date: EXPIRES,
};

export const i94Part: I9DocumentRecord = {
  document_type: 'nonimmigrant_work_authorization_foreign_passport_i_94',
  list: 'A',
  title: 'Form I-94',
  issuing_authority: 'U.S. Customs and Border Protection',
  document_number: '12345678901',
  expiration_date: 1830297600,
};

export const reportCard: I9DocumentRecord = {
  document_type: 'school_record_report_card',
  list: 'B',
  title: 'Report card',
  issuing_authority: 'Lincoln High School',
};

export const birthCertificate: I9DocumentRecord = {
  document_type: 'birth_certificate_us_official_seal',
  list: 'C',
  title: 'Birth Certificate',
  issuing_authority: 'Cook County Clerk',
  document_number: '1960-123456',
};

export const listAReceipt: I9DocumentRecord = {
  document_type: 'list_a_document_replacement_receipt',
  list: 'A',
  title: 'Receipt for a replacement Permanent Resident Card',
  issuing_authority: 'U.S. Citizenship and Immigration Services',
  document_number: 'Receipt IOE0912345678',
  expiration_date: 1775001600,
};

export const greenCard: I9DocumentRecord = {
  document_type: 'form_i_551_green_card',
  list: 'A',
  title: 'Permanent Resident Card',
  issuing_authority: 'U.S. Citizenship and Immigration Services',
  document_number: 'SRC1234567890',
  expiration_date: EXPIRES,
};

export const ead: I9DocumentRecord = {
  document_type: 'form_i_766_ead_photo',
  list: 'A',
  title: 'Employment Authorization Document',
  issuing_authority: 'U.S. Citizenship and Immigration Services',
  document_number: 'IOE0987654321',
  expiration_date: 1798761600,
};

export const chaseChecking: DepositAccount = {
  account_nickname: 'Chase',
  routing_number: '021000021',
  account_number: 'xxxxxxxx6789',
  account_type: 'Checking',
  split_type: 'Percent Split',
  amount: 100,
};

export const allySavings: DepositAccount = {
  account_nickname: 'Ally Bank',
  routing_number: '124003116',
  account_number: '2094418812',
  account_type: 'Savings',
  split_type: 'Flat Split',
  amount: 200,
};

export const navyFederal: DepositAccount = {
  account_nickname: 'Navy Federal Credit Union',
  routing_number: '256074974',
  account_number: '7012345678',
  account_type: 'Savings',
  split_type: 'Percent Split',
  amount: 10,
};

export const legalAddress = {
  address1: '1200 W Harrison St',
  address2: 'Apt 4B',
  city: 'Chicago',
  state: 'IL',
  postal_code: '60607',
};

export const poBox = { address1: 'PO Box 8812', city: 'Chicago', state: 'IL', postal_code: '60680' };
