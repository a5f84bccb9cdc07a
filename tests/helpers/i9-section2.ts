/**
 * What the official Form I-9 asks of the employer who signs Section 2 (schemas/payroll/i9.json,
 * `x-transforms.validate`): one List A document (or one of List B and one of List C), the first day
 * of employment, the signer's name and title and the employer's address. A test that signs Section 2
 * spreads `SECTION2` into its save and overrides what it is about.
 */
export const EMPLOYER_ADDRESS = { address1: '1 Main St', city: 'Sacramento', state: 'CA', postal_code: '95814' };

/** A List A document with no expiration date, so no expiry rule applies to it. */
export const US_PASSPORT = {
  document_type: 'us_passport',
  list: 'A',
  title: 'U.S. Passport',
  issuing_authority: 'U.S. Department of State',
};

export const SECTION2 = {
  documentation: [US_PASSPORT],
  /** 2026-01-01. */
  first_day: 1767225600,
  employer_or_representative: 'Payroll, Paul, Manager',
  employer_address: EMPLOYER_ADDRESS,
};
