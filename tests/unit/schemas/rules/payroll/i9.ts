/** payroll/i9: the rules of schemas/payroll/i9.json. */
import type { EntityCases, EntityRules, ExpressionCase, TransformCase } from '../harness.ts';
import { ALIEN, CITIZEN, LPR, NOW, SIGNATURE, address, alienOneOf, alienOnlyOne, notForCitizens } from '../fixtures.ts';

const table: EntityCases = {
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
      name: 'a noncitizen national carries no number (the official form asks none of status 2)',
      patch: { work_auth_status: 'Noncitizen National of the United States', alien_number_type: 'USCIS Number', alien_number: '123456789' },
      errors: [
        { path: '/alien_number_type', message: 'Only for a lawful permanent resident or an alien authorized to work.' },
        { path: '/alien_number', message: 'Only for a lawful permanent resident or an alien authorized to work.' },
      ],
    },
    {
      name: "a lawful permanent resident gives only the USCIS or A-Number, none of status 4's fields",
      patch: {
        work_auth_status: 'Lawful Permanent Resident',
        alien_number_type: 'USCIS Number',
        alien_number: '123456789',
        foreign_passport_number: 'X1234567',
        country_of_issuance: 'Mexico',
      },
      errors: [
        { path: '/country_of_issuance', message: 'Only for an alien authorized to work (status 4).' },
        { path: '/foreign_passport_number', message: 'Only for an alien authorized to work (status 4).' },
      ],
    },
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
    {
      name: 'a USCIS or A-Number of two digits',
      patch: { work_auth_status: ALIEN, alien_number: '12' },
      errors: [{ path: '/alien_number', message: 'A USCIS or A-Number has 7 to 9 digits; an A-Number may start with A.' }],
    },
    { name: 'a USCIS or A-Number sent back masked', patch: { work_auth_status: ALIEN, alien_number: 'xxxxxx6789' }, errors: [] },
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
    {
      name: 'a Supplement A block and a Supplement B reverification, rehire and name change',
      patch: {
        supplement_a: [{ last_name: 'Ng', first_name: 'Lan', address, signature: SIGNATURE }],
        supplement_b: [
          { document_title: 'EAD', document_number: 'IOE1', expiration_date: NOW, employer_name: 'Pat Lee', signature: SIGNATURE },
          { rehire_date: NOW, employer_name: 'Pat Lee', signature: SIGNATURE },
          { new_last_name: 'Ng-Tran', new_first_name: 'Lan', employer_name: 'Pat Lee', signature: SIGNATURE },
        ],
      },
      errors: [],
    },
    {
      name: 'Supplement A: at most four blocks, each with a name and an address',
      patch: {
        supplement_a: [{ first_name: 'Lan', address: {} }, ...Array.from({ length: 4 }, () => ({ last_name: 'Ng', first_name: 'Lan', address }))],
      },
      errors: [
        { path: '/supplement_a', message: 'Supplement A holds at most four preparers or translators.' },
        { path: '/supplement_a/0/last_name', message: "Enter the preparer's or translator's last name." },
        { path: '/supplement_a/0/address/address1', message: "Enter the preparer's or translator's street address, city or town, state and ZIP code." },
        { path: '/supplement_a/0/address/city', message: "Enter the preparer's or translator's street address, city or town, state and ZIP code." },
        { path: '/supplement_a/0/address/state', message: "Enter the preparer's or translator's street address, city or town, state and ZIP code." },
        { path: '/supplement_a/0/address/postal_code', message: "Enter the preparer's or translator's street address, city or town, state and ZIP code." },
      ],
    },
    {
      name: 'Supplement B: a reverification names its document; a number needs its title; a new name is whole',
      patch: {
        supplement_b: [
          { employer_name: 'Pat Lee' },
          { rehire_date: NOW, document_number: 'X1', employer_name: 'Pat Lee' },
          { new_middle_initial: 'Q', employer_name: 'Pat Lee' },
        ],
      },
      errors: [
        {
          path: '/supplement_b/0/document_title',
          message:
            'Reverification: enter the title of the List A or List C document the employee presented (or, for a rehire or a name change, the date of rehire or the new name).',
        },
        { path: '/supplement_b/1/document_title', message: 'Enter the title of the document examined.' },
        { path: '/supplement_b/2/new_last_name', message: 'A new name needs the new last name.' },
        {
          path: '/supplement_b/2/document_title',
          message:
            'Reverification: enter the title of the List A or List C document the employee presented (or, for a rehire or a name change, the date of rehire or the new name).',
        },
      ],
    },
  ],
};

const transforms: TransformCase[] = [
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
    name: "a noncitizen national's save drops the numbers, as a citizen's",
    kind: 'save',
    input: { work_auth_status: 'Noncitizen National of the United States', alien_number: '123456789', i9_renew_date: NOW },
    output: { work_auth_status: 'Noncitizen National of the United States' },
  },
  {
    entity: 'payroll/i9',
    name: "a lawful permanent resident's save keeps the number and drops status 4's fields",
    kind: 'save',
    input: {
      work_auth_status: LPR,
      alien_number_type: 'USCIS Number',
      alien_number: '123456789',
      foreign_passport_number: 'X1234567',
      authorized_to_work_until: NOW,
    },
    output: { work_auth_status: LPR, alien_number_type: 'USCIS Number', alien_number: '123456789' },
  },
  {
    entity: 'payroll/i9',
    name: 'other statuses keep the alien fields',
    kind: 'save',
    input: { work_auth_status: LPR, alien_number_type: 'USCIS Number', alien_number: '123456789' },
    output: { work_auth_status: LPR, alien_number_type: 'USCIS Number', alien_number: '123456789' },
  },
];

/** $now is 2025-01-01 00:00 UTC (fixtures.ts NOW); a signature made by the save carries it. */
const DAY = 86400;
const signedNow = { name: 'Signer', font: 'font1', timestamp: NOW };
const signedBefore = { name: 'Signer', font: 'font1', timestamp: NOW - 30 * DAY };
const passport = (expiration_date: number) => ({
  document_type: 'us_passport',
  list: 'A',
  title: 'U.S. Passport',
  issuing_authority: 'U.S. Department of State',
  expiration_date,
});
const listB = { document_type: 'us_state_drivers_license_id', list: 'B', title: "Driver's license", issuing_authority: 'IL SOS' };
const listC = { document_type: 'social_security_card_no_restrictions', list: 'C', title: 'Social Security card', issuing_authority: 'SSA' };
/** What Section 2 asks besides its documents and first day. */
const employerPart = { employer_or_representative: 'Payroll, Paul, Manager', employer_address: address };
/**
 * A manager (m) signs employee e's Section 2 for the first time, now, with a valid passport, the first
 * day and the employer's part given; `over` changes what the case is about.
 */
const signingSection2 = (name: string, over: Record<string, unknown>, errors: ExpressionCase['errors']): ExpressionCase => ({
  entity: 'payroll/i9',
  name,
  input: {
    ...employerPart,
    _user_uuid: 'e',
    first_day: NOW,
    documentation: [passport(NOW + DAY)],
    employer_signature: signedNow,
    ...over,
  },
  bindings: { now: NOW, user: 'm', before: null },
  errors,
});

const validations: ExpressionCase[] = [
  {
    entity: 'payroll/i9',
    name: 'Section 1 signed by a status 4 employee whose authorization already ended',
    input: { _user_uuid: 'u', work_auth_status: ALIEN, authorized_to_work_until: NOW - DAY, employee_signature: signedNow },
    bindings: { now: NOW, user: 'u', before: null },
    errors: [
      {
        path: '/authorized_to_work_until',
        message: 'This authorization ended on 12/31/2024: enter the expiration date of your current work authorization.',
      },
    ],
  },
  {
    entity: 'payroll/i9',
    name: 'an authorization that ends today, signed today',
    input: { _user_uuid: 'u', work_auth_status: ALIEN, authorized_to_work_until: NOW, employee_signature: signedNow },
    bindings: { now: NOW, user: 'u', before: null },
    errors: [],
  },
  {
    entity: 'payroll/i9',
    name: 'an authorization that ended after Section 1 was signed does not stop later saves',
    input: { _user_uuid: 'u', work_auth_status: ALIEN, authorized_to_work_until: NOW - DAY, employee_signature: signedBefore },
    bindings: { now: NOW, user: 'u', before: { employee_signature: signedBefore } },
    errors: [],
  },
  signingSection2(
    'Section 2 signed late, over documents unexpired on the first day, one expired since',
    { first_day: NOW - 10 * DAY, documentation: [passport(NOW + DAY), passport(NOW - DAY)] },
    [],
  ),
  signingSection2(
    'Section 2 signed over a document that expires before the first day',
    { first_day: NOW + 10 * DAY, documentation: [passport(NOW + 20 * DAY), passport(NOW + 5 * DAY)] },
    [
      {
        path: '/documentation/1/expiration_date',
        message:
          'Expired before the first day of employment (01/11/2025): a document must be unexpired on that day (one its issuing authority extended: enter the extended date).',
      },
    ],
  ),
  signingSection2('Section 2 signed over a List B document without one of List C', { documentation: [listB] }, [
    { path: '/documentation', message: 'Examine one document from List A, or one document from List B and one from List C.' },
  ]),
  signingSection2('Section 2 signed over one document of List B and one of List C', { documentation: [listB, listC] }, []),
  signingSection2(
    'Section 2 signed with one part of the address blank or missing',
    { employer_address: { address1: '  ', city: 'Springfield', state: 'IL' } },
    [
      { path: '/employer_address/address1', message: "Enter the employer's street address." },
      { path: '/employer_address/postal_code', message: "Enter the employer's ZIP code." },
    ],
  ),
  signingSection2(
    "Section 2 signed over a document without its title or issuing authority (the spec's fully compliant)",
    { documentation: [{ document_type: 'form_i_766_ead_photo', list: 'A', document_number: 'SRC1', title: ' ' }] },
    [
      { path: '/documentation/0/title', message: "Enter the document's title as it appears on the document." },
      { path: '/documentation/0/issuing_authority', message: 'Enter the authority that issued the document.' },
    ],
  ),
  signingSection2(
    'a List B annotation needs no issuing authority',
    { documentation: [{ document_type: 'individual_under_age_18', list: 'B', title: 'Individual under age 18' }, listC] },
    [],
  ),
  {
    entity: 'payroll/i9',
    name: 'Section 2 signed again within the same second is held to the same rules',
    input: { _user_uuid: 'e', documentation: [], employer_signature: { ...signedNow, name: 'Someone Else' } },
    bindings: { now: NOW, user: 'm', before: { employer_signature: signedNow } },
    errors: [
      { path: '/documentation', message: 'Examine one document from List A, or one document from List B and one from List C.' },
      { path: '/first_day', message: "Enter the employee's first day of employment." },
      {
        path: '/employer_or_representative',
        message: 'Enter the last name, first name and title of the person who signs Section 2.',
      },
      { path: '/employer_address/address1', message: "Enter the employer's street address." },
      { path: '/employer_address/city', message: "Enter the employer's city or town." },
      { path: '/employer_address/state', message: "Choose the employer's state." },
      { path: '/employer_address/postal_code', message: "Enter the employer's ZIP code." },
    ],
  },
  {
    entity: 'payroll/i9',
    name: 'Section 2 signed earlier is not asked again for what the rules now ask',
    input: { _user_uuid: 'e', documentation: [listB], employer_signature: signedBefore },
    bindings: { now: NOW, user: 'm', before: { employer_signature: signedBefore } },
    errors: [],
  },
];

export default { table, transforms, validations } satisfies EntityRules;
