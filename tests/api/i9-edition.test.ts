/**
 * Form I-9, edition 01/20/25, as the server keeps it (research/domain-forms.md section 1 and its
 * 2026-11-26 addendum): status 4 gives exactly one of the USCIS or A-Number, the Form I-94 admission
 * number, or a foreign passport number with its country; Section 2 records the DHS alternative
 * procedure; documents are unexpired on the first day; the due days of Section 1 and Section 2 are
 * derived on the record (what is overdue is a find); List B takes the "Individual under age 18" and
 * "Special Placement" annotations; an I-9 is kept until 3 years after the first day or 1 year after
 * employment ends, whichever is later (409 before); a manager of onboarding only never receives a
 * date of birth.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import {
  as,
  demoWorld,
  signedInEmployee,
  onboardingManager,
  sudoInto,
  type DemoWorld,
  type Session,
} from '../helpers/demo.ts';
import { SECTION2 } from '../helpers/i9-section2.ts';

let w: DemoWorld;
let onboarder: Session;
let staff: Session;

const ALIEN = 'An Alien Authorized to Work';
const SIGN = { name: 'Signer', font: 'font1', timestamp: 1_700_000_000 };
const ONE_OF =
  'Status 4: enter one of these: USCIS or A-Number, Form I-94 Admission Number, or Foreign Passport Number and Country of Issuance.';
const ONLY_ONE =
  'Status 4: enter only one of these: USCIS or A-Number, Form I-94 Admission Number, or Foreign Passport Number and Country of Issuance.';
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
/** Section 2 complete and signed (the tests' own documents and first day override these). */
const EMPLOYER = {
  ...SECTION2,
  employer_signature: { ...SIGN, name: 'Paul Payroll' },
};

async function write(who: Session, method: 'POST' | 'PATCH', type: string, key: string, body: object) {
  return w.call(method, `/payroll/api/data/${type}/${key}`, { ...as(who), body });
}

async function find(who: Session, type: string, body: object) {
  const r = await w.call('POST', `/payroll/api/data/find/${type}`, { ...as(who), body });
  assert.equal(r.status, 200, r.text);
  return r.body.items as { key: string; data: Record<string, any> }[];
}

beforeAll(async () => {
  w = await demoWorld();
  onboarder = await onboardingManager(w);
  staff = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

describe('Section 1, status 4', () => {
  test('one of the three identifiers, and only one; the message names them', async () => {
    const ana = await signedInEmployee(w, 'Ana');
    const none = await write(ana, 'POST', 'my_i9', ana.user, {
      work_auth_status: ALIEN,
      employee_signature: { ...SIGN, name: 'Ana' },
    });
    assert.equal(none.status, 400, none.text);
    assert.deepEqual(
      none.body.errors.filter((e: any) => e.message === ONE_OF).map((e: any) => e.path),
      ['/alien_number', '/i94_admission_number', '/foreign_passport_number', '/country_of_issuance'],
    );
    const two = await write(ana, 'POST', 'my_i9', ana.user, {
      work_auth_status: ALIEN,
      alien_number: 'A123456789',
      i94_admission_number: '69201234567',
      employee_signature: { ...SIGN, name: 'Ana' },
    });
    assert.equal(two.status, 400, two.text);
    assert.deepEqual(two.body.errors, [{ path: '/i94_admission_number', message: ONLY_ONE }]);
    const short = await write(ana, 'POST', 'my_i9', ana.user, {
      work_auth_status: ALIEN,
      i94_admission_number: '6920123456',
      employee_signature: { ...SIGN, name: 'Ana' },
    });
    assert.deepEqual(short.body.errors, [
      { path: '/i94_admission_number', message: 'A Form I-94 admission number has 11 letters and digits.' },
    ]);
    const passport = await write(ana, 'POST', 'my_i9', ana.user, {
      work_auth_status: ALIEN,
      foreign_passport_number: 'K7Q4450ZB',
      employee_signature: { ...SIGN, name: 'Ana' },
    });
    assert.ok(
      passport.body.errors.some(
        (e: any) => e.path === '/country_of_issuance' && e.message === 'Enter the country that issued the passport.',
      ),
      passport.text,
    );
    const i94 = await write(ana, 'POST', 'my_i9', ana.user, {
      work_auth_status: ALIEN,
      i94_admission_number: '69201234567',
      employee_signature: { ...SIGN, name: 'Ana' },
    });
    assert.equal(i94.status, 200, i94.text);
    assert.equal(i94.body.data.i94_admission_number, 'xxxxxxx4567');
    // A citizen has no I-94 number: choosing status 1 drops it.
    const citizen = await write(ana, 'PATCH', 'my_i9', ana.user, { work_auth_status: 'Citizen of the United States' });
    assert.equal(citizen.status, 200, citizen.text);
    assert.equal('i94_admission_number' in citizen.body.data, false);
  });
});

describe('Section 2', () => {
  test('the alternative procedure is recorded by a manager of Section 2, never by the employee', async () => {
    const ben = await signedInEmployee(w, 'Ben');
    const made = await write(ben, 'POST', 'my_i9', ben.user, {
      work_auth_status: 'Citizen of the United States',
      alternative_procedure: true,
      employee_signature: { ...SIGN, name: 'Ben' },
    });
    assert.equal(made.status, 200, made.text);
    assert.equal('alternative_procedure' in made.body.data, false, "the employee's value is ignored");
    const meta = await w.call('GET', '/payroll/api/data/meta/i9', as(w.payroll));
    assert.equal(
      meta.body.schema.properties.alternative_procedure.title,
      'Check here if you used an alternative procedure authorized by DHS to examine documents.',
    );
    for (const [who, value] of [
      [onboarder, true],
      [w.payroll, false],
    ] as const) {
      const r = await write(who, 'PATCH', 'i9', ben.user, { ...EMPLOYER, alternative_procedure: value });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.alternative_procedure, value);
    }
  });

  test('documents must be unexpired on the first day of employment; receipts record their own last day', async () => {
    const cy = await signedInEmployee(w, 'Cy');
    assert.equal(
      (await write(cy, 'POST', 'my_i9', cy.user, { employee_signature: { ...SIGN, name: 'Cy' } })).status,
      200,
    );
    const first = day('2025-03-10');
    const license = {
      document_type: 'us_state_drivers_license_id',
      list: 'B',
      title: "Driver's License",
      issuing_authority: 'Illinois SOS',
      document_number: 'D400771922',
    };
    const card = {
      document_type: 'social_security_card_no_restrictions',
      list: 'C',
      title: 'SS Card',
      issuing_authority: 'SSA',
    };
    const expired = await write(w.payroll, 'PATCH', 'i9', cy.user, {
      ...EMPLOYER,
      first_day: first,
      documentation: [{ ...license, expiration_date: day('2025-03-09') }, card],
    });
    assert.equal(expired.status, 400, expired.text);
    assert.deepEqual(expired.body.errors, [
      {
        path: '/documentation/0/expiration_date',
        message:
          'Expired before the first day of employment (03/10/2025): a document must be unexpired on that day (one its issuing authority extended: enter the extended date).',
      },
    ]);
    const lastDay = await write(w.payroll, 'PATCH', 'i9', cy.user, {
      ...EMPLOYER,
      first_day: first,
      documentation: [{ ...license, expiration_date: first }, card],
    });
    assert.equal(lastDay.status, 200, 'a document expiring on the first day is unexpired that day');
    // A receipt for a lost card: valid 90 days from the first day, its last day recorded.
    const receipt = await write(w.payroll, 'PATCH', 'i9', cy.user, {
      ...EMPLOYER,
      first_day: first,
      documentation: [
        { ...license, expiration_date: first },
        {
          document_type: 'list_c_document_replacement_receipt',
          list: 'C',
          title: 'Receipt: SS card',
          issuing_authority: 'SSA',
          document_number: 'Receipt 44120',
          expiration_date: first + 90 * 86400,
        },
      ],
    });
    assert.equal(receipt.status, 200, receipt.text);
  });

  test('List B takes the "Individual under age 18" and "Special Placement" annotations', async () => {
    const dee = await signedInEmployee(w, 'Dee');
    // "Individual under age 18" is for a minor: Dee is 16 (tests/api/i9-supplements.test.ts has the adult case).
    const born = await write(dee, 'POST', 'my_basic_info', dee.user, {
      dob: '2010-04-01',
      phone: '2175550100',
      legal_address: { address1: '12 Oak Street', city: 'Springfield', state: 'IL', postal_code: '62701' },
    });
    assert.equal(born.status, 200, born.text);
    assert.equal(
      (await write(dee, 'POST', 'my_i9', dee.user, { employee_signature: { ...SIGN, name: 'Dee' } })).status,
      200,
    );
    for (const [code, title] of [
      ['individual_under_age_18', 'Individual under age 18'],
      ['special_placement', 'Special Placement'],
    ]) {
      const r = await write(w.payroll, 'PATCH', 'i9', dee.user, {
        ...EMPLOYER,
        documentation: [
          { document_type: code, list: 'B', title },
          {
            document_type: 'birth_certificate_us_official_seal',
            list: 'C',
            title: 'Birth Certificate',
            issuing_authority: 'Cook County',
          },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.documentation[0].document_type, code);
    }
    const onA = await write(w.payroll, 'PATCH', 'i9', dee.user, {
      ...EMPLOYER,
      documentation: [{ document_type: 'special_placement', list: 'A', title: 'Special Placement' }],
    });
    assert.equal(onA.status, 400);
    assert.deepEqual(onA.body.errors, [
      { path: '/documentation/0/document_type', message: 'This document is not on List A.' },
    ]);
  });
});

describe('due days', () => {
  test('Section 1 by the first day, Section 2 three business days after; late sections and the next due day are kept', async () => {
    const eve = await signedInEmployee(w, 'Eve');
    assert.equal(
      (await write(eve, 'POST', 'my_i9', eve.user, { employee_signature: { ...SIGN, name: 'Eve' } })).status,
      200,
    );
    // First day a Friday: Section 2 is due the next Wednesday.
    const first = day('2025-03-07');
    const open = await write(w.payroll, 'PATCH', 'i9', eve.user, { first_day: first });
    assert.equal(open.status, 400, 'a manager signs Section 2 with it');
    const dated = await write(eve, 'PATCH', 'my_i9', eve.user, { first_day: first });
    assert.equal(dated.status, 200, dated.text);
    const mine = dated.body.data;
    assert.equal(mine.first_day, undefined, "the employee does not set Section 2's first day");
    const s2 = await write(w.payroll, 'PATCH', 'i9', eve.user, { ...EMPLOYER, first_day: first });
    assert.equal(s2.status, 200, s2.text);
    const d = s2.body.data;
    assert.deepEqual(
      [d.section1_due, d.section2_due, d.late, d.next_due],
      [first, day('2025-03-12'), ['Section 1', 'Section 2'], undefined],
      'both sections were signed in 2026, long after their due days',
    );
    // The client cannot set what the server derives.
    const forged = await write(w.payroll, 'PATCH', 'i9', eve.user, { section2_due: day('2030-01-01'), late: [] });
    assert.deepEqual(
      [forged.body.data.section2_due, forged.body.data.late],
      [day('2025-03-12'), ['Section 1', 'Section 2']],
    );
  });

  test('an I-9 waiting for Section 2 is overdue once its due day has passed: the list sorts and finds on next_due', async () => {
    const fay = await signedInEmployee(w, 'Fay');
    const made = await write(fay, 'POST', 'my_i9', fay.user, { employee_signature: { ...SIGN, name: 'Fay' } });
    assert.equal(made.status, 200);
    assert.equal(made.body.data.next_due, undefined, 'no first day or hire date yet: nothing is due');
    // The hire date stands for the first day until the employer enters it.
    const hired = day('2025-06-02');
    const emp = await write(w.payroll, 'POST', 'employee', fay.user, {
      first_name: 'Fay',
      last_name: 'Field',
      email: 'fay@acme.example',
      hire_date: hired,
    });
    assert.ok([200, 201].includes(emp.status), emp.text);
    const i9 = await w.call('GET', `/payroll/api/data/i9/${fay.user}`, as(onboarder));
    assert.deepEqual([i9.body.data.section2_due, i9.body.data.next_due], [day('2025-06-05'), day('2025-06-05')]);
    const now = Math.floor(Date.now() / 1000);
    const overdue = await find(onboarder, 'i9', {
      criteria: [{ field: 'next_due', is: '<', value: now }],
      sort: [{ field: 'next_due', dir: 'asc' }],
      limit: 500,
    });
    assert.ok(
      overdue.some((r) => r.key === fay.user),
      'overdue',
    );
    assert.ok(overdue.every((r) => r.data.next_due < now));
    const meta = await w.call('GET', '/payroll/api/data/meta/i9', as(onboarder));
    assert.ok(meta.body.list.columns.includes('next_due'), 'the list shows the next due day');
  });
});

describe('retention', () => {
  test('an I-9 is kept while the person is employed, then until the later of 3 years after the first day and 1 year after the end (409)', async () => {
    const gus = await signedInEmployee(w, 'Gus');
    assert.equal(
      (await write(gus, 'POST', 'my_i9', gus.user, { employee_signature: { ...SIGN, name: 'Gus' } })).status,
      200,
    );
    assert.equal(
      (await write(w.payroll, 'PATCH', 'i9', gus.user, { ...EMPLOYER, first_day: day('2024-01-15') })).status,
      200,
    );
    const employed = await w.call('DELETE', `/payroll/api/data/i9/${gus.user}`, as(staff));
    assert.equal(employed.status, 409, employed.text);
    assert.equal(
      employed.body.message,
      'This I-9 must be kept while the employee is employed, then until 3 years after the first day of employment or 1 year after employment ends, whichever is later.',
    );
    // Employment ends: the I-9's date follows the employee record.
    const emp = await write(w.payroll, 'POST', 'employee', gus.user, {
      first_name: 'Gus',
      last_name: 'Gray',
      email: 'gus@acme.example',
      hire_date: day('2024-01-15'),
      term_date: day('2026-05-31'),
    });
    assert.ok([200, 201].includes(emp.status), emp.text);
    const kept = await w.call('GET', `/payroll/api/data/i9/${gus.user}`, as(w.payroll));
    assert.equal(
      kept.body.data.retain_until,
      day('2027-05-31'),
      '1 year after the end is later than 3 years after the start',
    );
    const early = await w.call('DELETE', `/payroll/api/data/i9/${gus.user}`, as(staff));
    assert.equal(early.status, 409, early.text);
    assert.match(early.body.message, /^This I-9 must be kept until 05\/31\/2027 \(3 years after the first day/);
    assert.equal((await w.call('GET', `/payroll/api/data/i9/${gus.user}`, as(w.payroll))).status, 200, 'still there');

    // Long gone: hired 2015, left 2016; kept until 2018.
    const hal = await signedInEmployee(w, 'Hal');
    assert.equal(
      (await write(hal, 'POST', 'my_i9', hal.user, { employee_signature: { ...SIGN, name: 'Hal' } })).status,
      200,
    );
    assert.equal(
      (await write(w.payroll, 'PATCH', 'i9', hal.user, { ...EMPLOYER, first_day: day('2015-02-02') })).status,
      200,
    );
    const left = await write(w.payroll, 'POST', 'employee', hal.user, {
      first_name: 'Hal',
      last_name: 'Hill',
      email: 'hal@acme.example',
      hire_date: day('2015-02-02'),
      term_date: day('2016-03-01'),
    });
    assert.ok([200, 201].includes(left.status), left.text);
    const gone = await w.call('DELETE', `/payroll/api/data/i9/${hal.user}`, as(staff));
    assert.equal(gone.status, 204, gone.text);
  });
});

describe('date of birth', () => {
  test('the employee and the payroll manager see it; a manager of onboarding only neither reads nor searches it', async () => {
    const made = await write(w.emma, 'POST', 'my_basic_info', w.emma.user, {
      dob: '1990-05-17',
      phone: '2175550100',
      legal_address: { address1: '12 Oak Street', city: 'Springfield', state: 'IL', postal_code: '62701' },
    });
    assert.ok([200, 201].includes(made.status), made.text);
    assert.equal(made.body.data.dob, '1990-05-17');
    const byPayroll = await w.call('GET', `/payroll/api/data/basic_info/${w.emma.user}`, as(w.payroll));
    assert.equal(byPayroll.body.data.dob, '1990-05-17');
    const byOnboarder = await w.call('GET', `/payroll/api/data/basic_info/${w.emma.user}`, as(onboarder));
    assert.equal(byOnboarder.status, 200, byOnboarder.text);
    assert.equal('dob' in byOnboarder.body.data, false);
    assert.ok(!byOnboarder.text.includes('1990-05-17'));
    const list = await w.call('POST', '/payroll/api/data/find/basic_info', { ...as(onboarder), body: { limit: 500 } });
    assert.equal(list.status, 200, list.text);
    assert.ok(!list.text.includes('1990-05-17'), 'not in a list either');
    const search = await w.call('POST', '/payroll/api/data/find/basic_info', {
      ...as(onboarder),
      body: { criteria: [{ field: 'dob', is: '=', value: '1990-05-17' }] },
    });
    assert.equal(search.status, 400, search.text);
    const meta = await w.call('GET', '/payroll/api/data/meta/basic_info', as(onboarder));
    assert.ok(meta.body.hidden.includes('dob'), 'nor on the form (its definition only, named in hidden)');
    assert.ok(!meta.body.sections.some((x: { fields: string[] }) => x.fields.includes('dob')));
    // Emma signs her I-9: the signature freezes her date of birth, answered masked to everyone.
    const i9 = await write(w.emma, 'POST', 'my_i9', w.emma.user, {
      employee_signature: { ...SIGN, name: 'Emma Employee' },
    });
    assert.ok([200, 201].includes(i9.status), i9.text);
    for (const who of [w.emma, w.payroll, onboarder]) {
      const r = await w.call('GET', `/payroll/api/data/i9/${w.emma.user}`, as(who));
      assert.ok(!r.text.includes('1990-05-17'), `the frozen copy answered to ${who.user}`);
      assert.equal(r.body.data.employee_signature.evidence.printed.basic_info.dob, 'xxxx-xx-xx');
    }
  });
});
