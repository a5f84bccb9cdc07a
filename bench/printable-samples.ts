/**
 * Realistic records for every printable form, shaped as the schemas in schemas/payroll/ store them:
 * the fixtures of the tests and the bench (stories are fixtures), and a preview of each layout.
 */
import { STATE_FORMS, type FormName, type PrintInput, type StateForm } from '../printable/layout.ts';

const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 1000);
const SIGNED = day('2025-03-03') + 15 * 3600;

export const SAMPLE_PEOPLE = {
  employee: {
    first_name: 'Maria',
    middle_name: 'Elena',
    last_name: 'Gonzalez',
    email: 'maria.gonzalez@acme.example',
    ssn: '512-48-3927',
    job_title: 'Payroll Specialist',
    employment_type: 'REGULAR',
    employment_status: 'Full-Time',
    pay_status: 'Hourly',
    pay_frequency: 'Bi-Weekly',
    hire_date: day('2025-03-10'),
    work_state: 'IL',
    dependent_health_insurance: 'yes',
    dependent_health_insurance_date: day('2025-04-01'),
    status: 'active',
  },
  basic_info: {
    dob: '1991-07-23',
    gender: 'Female',
    phone: '2175550142',
    other_phone: '2175559876',
    alternate_email: 'maria.g.home@example.com',
    legal_address: {
      address1: '742 Evergreen Terrace',
      address2: 'Apt 4B',
      city: 'Springfield',
      state: 'IL',
      postal_code: '62704',
    },
  },
  employer: {
    name: 'ACME-MFG',
    ein: '36-4812345',
    ca_employer_account_number: '412-3456-7',
    status: 'active',
    direct_deposit_available: 'yes',
    active_states: ['IL', 'CA'],
  },
  organization: { name: 'Acme Manufacturing LLC', city: 'Chicago', state: 'IL' },
};

const signature = (name: string, font: string, at = SIGNED) => ({
  name,
  font,
  timestamp: at,
  userAgent: 'Mozilla/5.0',
});

export const SAMPLE_I9 = {
  work_auth_status: 'An Alien Authorized to Work',
  alien_number_type: 'USCIS Number',
  alien_number: 'A123456789',
  authorized_to_work_until: day('2027-09-30'),
  previous_last_names: ['Lopez', 'Ramirez'],
  employee_signature: signature('Maria E. Gonzalez', 'font2'),
  documentation: [
    {
      document_type: 'nonimmigrant_work_authorization_foreign_passport_i_94',
      list: 'A',
      title: 'Foreign Passport',
      issuing_authority: 'Mexico',
      document_number: 'G98765432',
      expiration_date: day('2030-01-14'),
    },
    {
      document_type: 'nonimmigrant_work_authorization_foreign_passport_i_94',
      list: 'A',
      title: 'Form I-94',
      issuing_authority: 'CBP',
      document_number: '69201234567',
      expiration_date: day('2027-09-30'),
    },
    {
      document_type: 'form_i_766_ead_photo',
      list: 'A',
      title: 'EAD Form I-766',
      issuing_authority: 'USCIS',
      document_number: 'SRC2190012345',
      expiration_date: day('2027-09-30'),
    },
    {
      document_type: 'us_passport',
      list: 'A',
      title: 'U.S. Passport Card',
      issuing_authority: 'U.S. Dept. of State',
      document_number: 'C03004786',
      expiration_date: day('2029-05-01'),
    },
    {
      document_type: 'us_state_drivers_license_id',
      list: 'B',
      title: "Driver's License",
      issuing_authority: 'Illinois SOS',
      document_number: 'G6204-5578-1234',
      expiration_date: day('2028-07-23'),
    },
    {
      document_type: 'voters_registration_card',
      list: 'B',
      title: "Voter's Registration Card",
      issuing_authority: 'Sangamon County',
      document_number: 'VR-88123',
    },
    {
      document_type: 'social_security_card_no_restrictions',
      list: 'C',
      title: 'Social Security Card',
      issuing_authority: 'SSA',
      document_number: '512483927',
    },
    {
      document_type: 'birth_certificate_us_official_seal',
      list: 'C',
      title: 'Birth Certificate',
      issuing_authority: 'Cook County',
      document_number: 'BC-1991-07788',
    },
  ],
  additional_info: 'Employee presented original documents in person.',
  first_day: day('2025-03-10'),
  employer_or_representative: 'Payne, Paul, HR Manager',
  orgname: 'Acme Manufacturing LLC',
  employer_address: {
    address1: '100 Industrial Pkwy',
    address2: 'Suite 200',
    city: 'Chicago',
    state: 'IL',
    postal_code: '60607',
  },
  employer_signature: signature('Paul Payne', 'font1', SIGNED + 86400 * 8),
  supplement_a: [
    {
      id: '5c1f0a52-3b7e-4d7a-9f3e-2a6b8c0d1e01',
      last_name: 'Nguyen',
      first_name: 'Lan',
      middle_initial: 'T',
      address: { address1: '88 Market Street', city: 'Springfield', state: 'IL', postal_code: '62701' },
      signature: signature('Lan T. Nguyen', 'font3'),
    },
  ],
  supplement_b: [
    {
      id: '9a4e2c11-7d3b-4f60-8e21-5b7c9d0e1f02',
      document_title: 'EAD Form I-766',
      document_number: 'IOE0912345678',
      expiration_date: day('2029-09-30'),
      employer_name: 'Paul Payne',
      signature: signature('Paul Payne', 'font1', day('2027-09-15') + 15 * 3600),
      additional_info: 'PP 09/15/2027: EAD renewed.',
      alternative_procedure: true,
    },
    {
      id: '1e7d5b33-2c4a-4e89-b6f0-3d8a7c9e0f03',
      rehire_date: day('2028-02-01'),
      new_last_name: 'Gonzalez-Reyes',
      new_first_name: 'Maria',
      new_middle_initial: 'E',
      employer_name: 'Paul Payne',
      signature: signature('Paul Payne', 'font1', day('2028-02-01') + 15 * 3600),
    },
  ],
  sync_status: 'pending',
};

export const SAMPLE_W4 = {
  w4_year: '2025',
  filing_status: 'Married',
  multiple_jobs: true,
  // As stored: the counts fill the amount on the screen and are not saved (spec/001 section 5).
  dependent_amount: 4500,
  income_not_from_jobs: 1200,
  deductions: 3500,
  federal_withholding_extra: 25,
  exempt_from_federal_withholding: false,
  employee_signature: signature('Maria E. Gonzalez', 'font3'),
  sync_status: 'pending',
};

/** A sole proprietor's Form W-9 (Rev. March 2024), as payroll/w9 stores it. */
export const SAMPLE_W9 = {
  name: 'Maria E. Gonzalez',
  business_name: 'Gonzalez Payroll Consulting',
  federal_tax_classification: 'individual',
  foreign_partners: false,
  address: '742 Evergreen Terrace, Apt 4B',
  city_state_zip: 'Springfield, IL 62704',
  requester_name_address: 'Acme Manufacturing LLC, 100 Industrial Pkwy, Chicago, IL 60607',
  account_numbers: ['ACME-V-1042'],
  tin_type: 'ssn',
  tin: '512-48-3927',
  subject_to_backup_withholding: false,
  signature: signature('Maria E. Gonzalez', 'font1'),
  sync_status: 'pending',
};

/**
 * The state withholding answers of each state form, named as the state form definitions
 * (server/seed/state-forms/) store them, totals included as their prepare_for_save computes them.
 */
export const SAMPLE_STATE_W4: Record<StateForm, Record<string, unknown>> = {
  colorado: { annual_withholding_allowance: 12500, extra_state_withholding: 15 },
  arizona: { state_status: '2.0 Percent/2.7 Percent', extra_state_withholding: 10 },
  california: {
    state_status: 'Married - 1 Work',
    regular_allowances: 3,
    estimated_allowances: 2,
    total_allowances: 5,
    extra_state_withholding: 20,
  },
  oregon: { state_status: 'Married', total_allowances: 2, extra_state_withholding: 30, redetermination: true },
  virginia: { personal_exemptions: 3, age_blindness_exemptions: 1, total_allowances: 4, extra_state_withholding: 12 },
  newyork: {
    state_status: 'Married, but withhold at higher single rate',
    total_allowances: 3,
    nyc_resident: true,
    yonkers_resident: false,
    nyc_allowances: 2,
    extra_state_withholding: 18,
    nyc_extra_withholding: 7,
  },
  alabama: { state_status: 'MS', dependents: 2, extra_state_withholding: 9 },
  arkansas: {
    state_status: 'Head of Household',
    exemption_choice: '1c',
    dependents: 2,
    personal_exemptions: 2,
    total_allowances: 4,
    extra_state_withholding: 11,
    low_income_tax_rates: true,
  },
  connecticut: {
    expected_filing_status: 'married_filing_jointly',
    state_status: 'C',
    extra_state_withholding: 40,
    reduced_withholding: 5,
  },
  delaware: { state_status: 'Married filing jointly', total_allowances: 4, extra_state_withholding: 22 },
  georgia: {
    state_status: 'C',
    dependents: 2,
    additional_allowances: 1,
    total_allowances: 3,
    extra_state_withholding: 14,
  },
  hawaii: {
    state_status: 'Married, but withhold at higher Single rate',
    total_allowances: 3,
    extra_state_withholding: 16,
  },
  idaho: { state_status: 'B', total_allowances: 2, extra_state_withholding: 19 },
  illinois: { basic_allowances: 2, additional_allowances: 1, total_allowances: 3, extra_state_withholding: 13 },
  indiana: {
    county_of_residence: 'Marion',
    county_of_employment: 'Hamilton',
    claim_self: true,
    claim_spouse: true,
    personal_exemptions: 2,
    dependents: 2,
    age_blindness_exemptions: 1,
    total_allowances: 5,
    dependent_children: 1,
    extra_state_withholding: 6,
    extra_county_withholding: 3,
  },
};

/** Everything a form reads, for one employee of Acme. */
export function sampleInput(form: FormName): PrintInput {
  const base: PrintInput = {
    employee: { ...SAMPLE_PEOPLE.employee },
    basic_info: structuredClone(SAMPLE_PEOPLE.basic_info),
    employer: { ...SAMPLE_PEOPLE.employer },
    organization: { ...SAMPLE_PEOPLE.organization },
    i9: structuredClone(SAMPLE_I9),
    w4: structuredClone(SAMPLE_W4),
    w9: structuredClone(SAMPLE_W9),
  };
  if (form !== 'i9' && form !== 'w4' && form !== 'w9') {
    base.state_w4 = {
      state: STATE_FORMS[form],
      ...SAMPLE_STATE_W4[form],
      employee_signature: signature('Maria E. Gonzalez', 'font1'),
      sync_status: 'pending',
    };
  }
  return base;
}
