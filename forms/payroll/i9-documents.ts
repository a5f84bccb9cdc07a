/**
 * The Form I-9 Lists of Acceptable Documents (01/20/25 edition wording; research/domain-forms.md
 * section 1.6) keyed by the spec's document_type codes (spec/001 section 3), with what the document
 * helper says about each: two-part List A choices, receipts (valid for limited time only), the List
 * B documents only for employees under 18, and the two annotations written under List B in place of
 * a document (section 1.8: "Individual under age 18", "Special Placement").
 */
import type { Document } from '../../types/generated/payroll/i9.ts';

/** The lists and the document codes are the schema's (payroll/i9 documentation items). */
export type I9List = Document['list'];
export type I9DocumentKind = 'document' | 'two-part' | 'receipt' | 'under-18' | 'annotation';

export interface I9DocumentInfo {
  code: Document['document_type'];
  list: I9List;
  kind: I9DocumentKind;
  label: string;
  /** A usual issuing authority, shown as a hint. */
  authorityHint?: string;
  /** Receipts: how long it is valid and what must follow. */
  validity?: string;
  /** Annotations: when they are written, and what else the form then needs. */
  note?: string;
}

const USCIS = 'U.S. Citizenship and Immigration Services';
const DHS = 'Department of Homeland Security';
const STATE_DEPT = 'U.S. Department of State';
const CBP = 'U.S. Customs and Border Protection';
const REPLACEMENT_VALIDITY =
  'Valid for 90 days from the first day of employment; the employee must then present the replacement document.';

export const I9_DOCUMENTS: readonly I9DocumentInfo[] = [
  {
    code: 'us_passport',
    list: 'A',
    kind: 'document',
    label: 'U.S. Passport or U.S. Passport Card',
    authorityHint: STATE_DEPT,
  },
  {
    code: 'form_i_551_green_card',
    list: 'A',
    kind: 'document',
    label: 'Permanent Resident Card or Alien Registration Receipt Card (Form I-551)',
    authorityHint: USCIS,
  },
  {
    code: 'foreign_passport_temporary_i_551',
    list: 'A',
    kind: 'document',
    label:
      'Foreign passport that contains a temporary I-551 stamp or temporary I-551 printed notation on a machine-readable immigrant visa',
  },
  {
    code: 'form_i_766_ead_photo',
    list: 'A',
    kind: 'document',
    label: 'Employment Authorization Document that contains a photograph (Form I-766)',
    authorityHint: USCIS,
  },
  {
    code: 'nonimmigrant_work_authorization_foreign_passport_i_94',
    list: 'A',
    kind: 'two-part',
    label:
      'For an individual temporarily authorized to work for a specific employer because of status or parole: (a) foreign passport and (b) Form I-94 or Form I-94A with the same name and an endorsement of the status or parole',
  },
  {
    code: 'fsm_rmi_passport_i_94_compact_free_association',
    list: 'A',
    kind: 'two-part',
    label:
      'Passport from the Federated States of Micronesia (FSM) or the Republic of the Marshall Islands (RMI) with Form I-94 or Form I-94A indicating nonimmigrant admission under the Compact of Free Association',
  },
  {
    code: 'list_a_document_replacement_receipt',
    list: 'A',
    kind: 'receipt',
    label: 'Receipt for a replacement of a lost, stolen, or damaged List A document',
    validity: REPLACEMENT_VALIDITY,
  },
  {
    code: 'form_i_94_lpr_adit_stamp_photo',
    list: 'A',
    kind: 'receipt',
    label: 'Form I-94 issued to a lawful permanent resident that contains an I-551 stamp and a photograph',
    authorityHint: CBP,
    validity:
      'Valid until the I-551 stamp expires, or for one year from issuance if it has no expiration date; the employee must then present the Permanent Resident Card (Form I-551).',
  },
  {
    code: 'form_i_94_refugee_re_stamp',
    list: 'A',
    kind: 'receipt',
    label: 'Form I-94 with a refugee admission stamp or "RE" notation, issued to a refugee',
    authorityHint: CBP,
    validity:
      'Valid for 90 days from the first day of employment; the employee must then present an Employment Authorization Document (Form I-766), or a List B document and an unrestricted Social Security card.',
  },
  {
    code: 'us_state_drivers_license_id',
    list: 'B',
    kind: 'document',
    label:
      "Driver's license or ID card issued by a State or outlying possession of the United States, with a photograph or information such as name, date of birth, sex, height, eye color, and address",
  },
  {
    code: 'government_agency_id',
    list: 'B',
    kind: 'document',
    label:
      'ID card issued by federal, state, or local government agencies or entities, with a photograph or information such as name, date of birth, sex, height, eye color, and address',
  },
  { code: 'school_id_photo', list: 'B', kind: 'document', label: 'School ID card with a photograph' },
  { code: 'voters_registration_card', list: 'B', kind: 'document', label: "Voter's registration card" },
  { code: 'us_military_id_draft', list: 'B', kind: 'document', label: 'U.S. Military card or draft record' },
  { code: 'military_dependent_id', list: 'B', kind: 'document', label: "Military dependent's ID card" },
  {
    code: 'uscg_merchant_mariner_card',
    list: 'B',
    kind: 'document',
    label: 'U.S. Coast Guard Merchant Mariner Card',
    authorityHint: 'U.S. Coast Guard',
  },
  { code: 'native_american_tribal_document', list: 'B', kind: 'document', label: 'Native American tribal document' },
  {
    code: 'canadian_government_drivers_license',
    list: 'B',
    kind: 'document',
    label: "Driver's license issued by a Canadian government authority",
  },
  {
    code: 'list_b_document_replacement_receipt',
    list: 'B',
    kind: 'receipt',
    label: 'Receipt for a replacement of a lost, stolen, or damaged List B document',
    validity: REPLACEMENT_VALIDITY,
  },
  { code: 'school_record_report_card', list: 'B', kind: 'under-18', label: 'School record or report card' },
  { code: 'clinic_doctor_hospital_record', list: 'B', kind: 'under-18', label: 'Clinic, doctor, or hospital record' },
  { code: 'day_care_nursery_school_record', list: 'B', kind: 'under-18', label: 'Day-care or nursery school record' },
  {
    code: 'individual_under_age_18',
    list: 'B',
    kind: 'annotation',
    label: 'Individual under age 18',
    note: 'For a minor who cannot present a List B document: a parent or legal guardian completes Section 1, writes "Individual under age 18" in the signature field and completes Supplement A; record the List C document. Not for E-Verify employers, whose List B document must bear a photograph.',
  },
  {
    code: 'special_placement',
    list: 'B',
    kind: 'annotation',
    label: 'Special Placement',
    note: 'For an individual with a disability placed by a nonprofit organization or rehabilitation agency who cannot present a List B document: a parent, legal guardian or representative completes Section 1 and Supplement A; record the List C document.',
  },
  {
    code: 'social_security_card_no_restrictions',
    list: 'C',
    kind: 'document',
    label:
      'A Social Security Account Number card, unless it says "NOT VALID FOR EMPLOYMENT", "VALID FOR WORK ONLY WITH INS AUTHORIZATION" or "VALID FOR WORK ONLY WITH DHS AUTHORIZATION"',
    authorityHint: 'Social Security Administration',
  },
  {
    code: 'cert_report_birth_ds_forms',
    list: 'C',
    kind: 'document',
    label: 'Certification of report of birth issued by the Department of State (Forms DS-1350, FS-545, FS-240)',
    authorityHint: STATE_DEPT,
  },
  {
    code: 'birth_certificate_us_official_seal',
    list: 'C',
    kind: 'document',
    label:
      'Original or certified copy of a birth certificate issued by a State, county, municipal authority, or territory of the United States bearing an official seal',
  },
  { code: 'native_american_tribal_document_c', list: 'C', kind: 'document', label: 'Native American tribal document' },
  {
    code: 'form_i_197_us_citizen_id',
    list: 'C',
    kind: 'document',
    label: 'U.S. Citizen ID Card (Form I-197)',
    authorityHint: USCIS,
  },
  {
    code: 'form_i_179_resident_citizen_id',
    list: 'C',
    kind: 'document',
    label: 'Identification Card for Use of Resident Citizen in the United States (Form I-179)',
    authorityHint: USCIS,
  },
  {
    code: 'dhs_employment_authorization_document',
    list: 'C',
    kind: 'document',
    label: 'Employment authorization document issued by the Department of Homeland Security',
    authorityHint: DHS,
  },
  {
    code: 'list_c_document_replacement_receipt',
    list: 'C',
    kind: 'receipt',
    label: 'Receipt for a replacement of a lost, stolen, or damaged List C document',
    validity: REPLACEMENT_VALIDITY,
  },
];

const BY_CODE = new Map<string, I9DocumentInfo>(I9_DOCUMENTS.map((d) => [d.code, d]));

export function i9Document(code: unknown): I9DocumentInfo | undefined {
  return typeof code === 'string' ? BY_CODE.get(code) : undefined;
}

/** The helper's choice groups, in the order of the form's Lists of Acceptable Documents. */
export const I9_CHOICE_GROUPS: readonly { label: string; list: I9List; kind: I9DocumentKind }[] = [
  { label: 'List A: identity and employment authorization', list: 'A', kind: 'document' },
  { label: 'List A: two-part documents (record both parts)', list: 'A', kind: 'two-part' },
  { label: 'List A: receipts (valid for limited time only)', list: 'A', kind: 'receipt' },
  { label: 'List B: identity', list: 'B', kind: 'document' },
  { label: 'List B: receipt (valid for limited time only)', list: 'B', kind: 'receipt' },
  { label: 'List B: only for persons under age 18', list: 'B', kind: 'under-18' },
  { label: 'List B: written in place of a document', list: 'B', kind: 'annotation' },
  { label: 'List C: employment authorization', list: 'C', kind: 'document' },
  { label: 'List C: receipt (valid for limited time only)', list: 'C', kind: 'receipt' },
];

export function choicesOf(group: { list: I9List; kind: I9DocumentKind }): I9DocumentInfo[] {
  return I9_DOCUMENTS.filter((d) => d.list === group.list && d.kind === group.kind);
}
