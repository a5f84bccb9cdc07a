/**
 * Form I-9 supplements (edition 01/20/25) as each role uses them: Supplement A (preparer and/or
 * translator, up to four blocks) and Supplement B (reverification and rehire, employer only), each
 * block signed on its own. The employer's Section 2 signature attests Sections 1 and 2 only: a
 * supplement entry leaves it standing, a changed block voids its own signature and no other.
 * Also: "Individual under age 18" only for a minor, and delete_user keeps an I-9 within retention.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { EMPLOYER_ADDRESS } from '../helpers/i9-section2.ts';
import { companyTimeZone, DEFAULT_TIME_ZONE, localDay } from '../../engine/local-day.ts';
import {
  as,
  demoWorld,
  onboardingManager,
  signedInEmployee,
  sudoInto,
  type DemoWorld,
  type Session,
} from '../helpers/demo.ts';

let w: DemoWorld;
let onboarder: Session;
let superuser: Session;
/** The company's zone: a block's date is the day it is signed there. */
let zone = DEFAULT_TIME_ZONE;

beforeAll(async () => {
  w = await demoWorld();
  zone = companyTimeZone((await w.call('GET', '/auth/api/session', as(w.admin))).body.organization.data);
  onboarder = await onboardingManager(w);
  superuser = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;
/** Today in the company's zone, as the server dates a block signed now. */
const today = () => localDay(Date.now() / 1000, zone);
let signings = 0;
const sign = (name: string) => ({ name, font: 'font1', timestamp: 1_700_000_000 + ++signings });
const SUPPLEMENT_B_ONLY = 'Only the employer or an authorized representative completes Supplement B.';

type Data = Record<string, any>;

async function write(who: Session, method: 'POST' | 'PATCH', type: string, key: string, body: object) {
  return w.call(method, `/payroll/api/data/${type}/${key}`, { ...as(who), body });
}

async function read(who: Session, key: string): Promise<Data> {
  const r = await w.call('GET', `/payroll/api/data/i9/${key}`, as(who));
  assert.equal(r.status, 200, r.text);
  return r.body.data;
}

const preparer = (last: string) => ({
  last_name: last,
  first_name: 'Pat',
  middle_initial: 'Q',
  address: { address1: '400 Elm Street', city: 'Springfield', state: 'IL', postal_code: '62704' },
  signature: sign(`Pat ${last}`),
});

const reverification = (name = 'Paul Payroll') => ({
  document_title: 'Employment Authorization Document (Form I-766)',
  document_number: 'SRC2412345678',
  expiration_date: today() + 2 * 365 * 86400,
  employer_name: name,
  signature: sign(name),
});

/** An employee with Section 1 signed and Section 2 completed and signed by the payroll manager. */
async function completedI9(name: string): Promise<Session> {
  const e = await signedInEmployee(w, name);
  const s1 = await write(e, 'POST', 'my_i9', e.user, {
    work_auth_status: 'An Alien Authorized to Work',
    alien_number: 'A123456789',
    authorized_to_work_until: today() + 30 * 86400,
    employee_signature: sign(name),
  });
  assert.equal(s1.status, 200, s1.text);
  const s2 = await write(w.payroll, 'PATCH', 'i9', e.user, {
    first_day: day('2025-03-10'),
    documentation: [
      {
        document_type: 'form_i_766_ead_photo',
        list: 'A',
        title: 'Employment Authorization Document',
        issuing_authority: 'USCIS',
        document_number: 'SRC2400000001',
        expiration_date: today() + 30 * 86400,
      },
    ],
    employer_or_representative: 'Payroll, Paul, Manager',
    employer_address: EMPLOYER_ADDRESS,
    employer_signature: sign('Paul Payroll'),
  });
  assert.equal(s2.status, 200, s2.text);
  return e;
}

describe('Supplement A', () => {
  test('the employee adds a preparer who signs their own block; Section 1 and Section 2 stay signed', async () => {
    const sue = await completedI9('Sue');
    const added = await write(sue, 'PATCH', 'my_i9', sue.user, { supplement_a: [preparer('Helper')] });
    assert.equal(added.status, 200, added.text);
    const d = added.body.data;
    assert.ok(d.employee_signature, 'Section 1 still signed');
    assert.equal(d.employer_signature, undefined, 'Section 2 is not answered to the employee (x-read)');
    assert.ok(
      (await read(w.payroll, sue.user)).employer_signature,
      'Section 2 still signed: a supplement entry is not part of it',
    );
    assert.equal(d.signature_history, undefined, 'nothing voided');
    const [block] = d.supplement_a;
    assert.match(block.id, /^[0-9a-f-]{36}$/);
    assert.equal(block.signature.name, 'Pat Helper');
    assert.equal(block.signature.evidence.signed_by, sue.user);
    assert.equal('digest' in block.signature.evidence, false, 'the digest is kept by the server, not answered');
    assert.notEqual(block.signature.timestamp, 1_700_000_000 + signings, "the server's clock, not the pad's");

    // A second preparer; then the payroll manager corrects the first one's ZIP code: that block's
    // signature is void, the second block's and both sections' stand.
    const two = await write(sue, 'PATCH', 'my_i9', sue.user, { supplement_a: [block, preparer('Translator')] });
    assert.equal(two.status, 200, two.text);
    const [first, second] = two.body.data.supplement_a;
    const fixed = await write(w.payroll, 'PATCH', 'i9', sue.user, {
      supplement_a: [{ ...first, address: { ...first.address, postal_code: '62703' } }, second],
    });
    assert.equal(fixed.status, 200, fixed.text);
    const f = fixed.body.data;
    assert.equal(f.supplement_a[0].signature, undefined, 'the changed block must be signed again');
    assert.equal(f.supplement_a[0].address.postal_code, '62703');
    assert.ok(f.supplement_a[1].signature, 'the other block still signed');
    assert.ok(f.employee_signature && f.employer_signature);
    assert.deepEqual(
      f.signature_history.map((h: any) => [h.field, h.voided.reason, h.voided.fields]),
      [[`supplement_a.${first.id}.signature`, 'changed after signing', ['address']]],
    );

    // Up to four blocks, and each block needs its signature and the preparer's address.
    const five = await write(sue, 'PATCH', 'my_i9', sue.user, {
      supplement_a: ['A', 'B', 'C', 'D', 'E'].map(preparer),
    });
    assert.equal(five.status, 400, five.text);
    assert.deepEqual(five.body.errors, [
      { path: '/supplement_a', message: 'Supplement A holds at most four preparers or translators.' },
    ]);
    const { signature: _s, address: _a, ...bare } = preparer('Nosign');
    const noAddress = await write(sue, 'PATCH', 'my_i9', sue.user, { supplement_a: [{ ...bare, signature: _s }] });
    assert.equal(noAddress.status, 400, noAddress.text);
    assert.deepEqual(noAddress.body.errors, [
      {
        path: '/supplement_a/0/address',
        message: "Enter the preparer's or translator's street address, city or town, state and ZIP code.",
      },
    ]);
    const unsigned = await write(sue, 'PATCH', 'my_i9', sue.user, {
      supplement_a: [...f.supplement_a, { ...bare, address: _a }],
    });
    assert.equal(unsigned.status, 400, unsigned.text);
    assert.deepEqual(unsigned.body.errors, [
      { path: '/supplement_a/2/signature', message: 'The preparer or translator must sign this certification.' },
    ]);
    // The block voided above stays unsigned without holding up the rest of the form: the payroll
    // manager still saves Section 2's additional information (and so voids the employer's signature).
    const later = await write(w.payroll, 'PATCH', 'i9', sue.user, { additional_info: 'Examined in person.' });
    assert.equal(later.status, 200, later.text);
    assert.equal(later.body.data.supplement_a[0].signature, undefined);
  });
});

describe('Supplement B', () => {
  test('the employer reverifies in a block of its own: Section 2 stays signed; the employee cannot write it', async () => {
    const rae = await completedI9('Rae');
    const made = await write(w.payroll, 'PATCH', 'i9', rae.user, { supplement_b: [reverification()] });
    assert.equal(made.status, 200, made.text);
    const d = made.body.data;
    assert.ok(d.employer_signature, 'Section 2 still signed');
    assert.ok(d.employee_signature);
    assert.equal(d.signature_history, undefined);
    const [block] = d.supplement_b;
    assert.equal(block.signature.evidence.signed_by, w.payroll.user);
    assert.equal(block.document_number, 'xxxxxxxxx5678', 'a document number is answered masked');
    // Whole only through retrieve_sensitive, for a payroll manager, naming the block by its id.
    const whole = await w.call('POST', '/payroll/api/retrieve_sensitive', {
      ...as(w.payroll),
      body: { type: 'i9', key: rae.user, field: 'supplement_b.document_number', item: block.id },
    });
    assert.equal(whole.status, 200, whole.text);
    assert.equal(whole.body.value, 'SRC2412345678');
    const byEmployee = await w.call('POST', '/payroll/api/retrieve_sensitive', {
      ...as(rae),
      body: { type: 'i9', key: rae.user, field: 'supplement_b.document_number', item: block.id },
    });
    assert.equal(byEmployee.status, 403, byEmployee.text);

    // Supplement B is the employer's, as Section 2 is: the employee's read leaves it out (x-read), and
    // they write neither a new block nor a change.
    const own = await read(rae, rae.user);
    assert.equal(own.supplement_b, undefined, 'Supplement B is not answered to the employee');
    const stored = (await read(w.payroll, rae.user)).supplement_b;
    assert.equal(stored.length, 1);
    for (const supplement_b of [
      [...stored, reverification('Rae')],
      [{ ...stored[0], employer_name: 'Rae Self' }],
      [],
    ]) {
      const r = await write(rae, 'PATCH', 'my_i9', rae.user, { supplement_b });
      assert.equal(r.status, 400, r.text);
      assert.deepEqual(r.body.errors, [{ path: '/supplement_b', message: SUPPLEMENT_B_ONLY }]);
    }
    // The employee's own save of Section 1 keeps the block they cannot read, still signed.
    const same = await write(rae, 'PATCH', 'my_i9', rae.user, { ...own });
    assert.equal(same.status, 200, same.text);
    assert.equal(same.body.data.supplement_b, undefined);
    const kept = (await read(w.payroll, rae.user)).supplement_b;
    assert.equal(kept.length, 1);
    assert.ok(kept[0].signature, 'the block still signed');
    // Another company's caller does not find the record at all.
    const foreign = await write(w.staff, 'PATCH', 'i9', rae.user, { supplement_b: [reverification('Mallory')] });
    assert.equal(foreign.status, 404, foreign.text);

    // A manager of onboarding (an employer role) adds a rehire block.
    const rehire = await write(onboarder, 'PATCH', 'i9', rae.user, {
      supplement_b: [
        stored[0],
        { rehire_date: day('2026-09-01'), employer_name: 'Olga Onboarder', signature: sign('Olga Onboarder') },
      ],
    });
    assert.equal(rehire.status, 200, rehire.text);
    const [b1, b2] = rehire.body.data.supplement_b;
    assert.ok(b1.signature && b2.signature);
    assert.equal(b2.signature.evidence.signed_by, onboarder.user);

    // A changed block voids its own signature only; the masked number sent back is the stored one.
    const changed = await write(w.payroll, 'PATCH', 'i9', rae.user, {
      supplement_b: [{ ...b1, additional_info: 'PP 11/26/2026: receipt replaced' }, b2],
    });
    assert.equal(changed.status, 200, changed.text);
    const c = changed.body.data;
    assert.equal(c.supplement_b[0].signature, undefined);
    assert.equal(c.supplement_b[0].document_number, 'xxxxxxxxx5678', 'kept by the block id');
    assert.ok(c.supplement_b[1].signature);
    assert.ok(c.employer_signature && c.employee_signature);
    assert.deepEqual(
      c.signature_history.map((h: any) => [h.field, h.voided.fields]),
      [[`supplement_b.${b1.id}.signature`, ['additional_info']]],
    );
    // Signed again by the manager; a block removed takes its signature to the history.
    const resigned = await write(w.payroll, 'PATCH', 'i9', rae.user, {
      supplement_b: [{ ...c.supplement_b[0], signature: sign('Paul Payroll') }, c.supplement_b[1]],
    });
    assert.equal(resigned.status, 200, resigned.text);
    assert.ok(resigned.body.data.supplement_b[0].signature);
    const removed = await write(w.payroll, 'PATCH', 'i9', rae.user, {
      supplement_b: [resigned.body.data.supplement_b[0]],
    });
    assert.equal(removed.status, 200, removed.text);
    assert.deepEqual(removed.body.data.signature_history.at(-1).field, `supplement_b.${b2.id}.signature`);
    assert.equal(removed.body.data.signature_history.at(-1).voided.reason, 'removed');

    // A change to Section 2 still voids the employer's signature, and leaves the blocks signed.
    const s2 = await write(w.payroll, 'PATCH', 'i9', rae.user, { first_day: day('2025-03-11') });
    assert.equal(s2.status, 200, s2.text);
    assert.equal(s2.body.data.employer_signature, undefined);
    assert.deepEqual(s2.body.data.signature_history.at(-1).voided.fields, ['first_day']);
    assert.ok(s2.body.data.supplement_b[0].signature);

    // The audit says which block's signature was voided.
    const log = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: { criteria: [{ field: 'affected_user', is: '=', value: rae.user }], limit: 500 },
    });
    assert.equal(log.status, 200, log.text);
    assert.ok(
      log.body.items.some((i: any) =>
        (i.data.detail.voided ?? []).some((v: any) => v.field === `supplement_b.${b1.id}.signature`),
      ),
      'audited',
    );
  });

  test('the rules of the official instructions, each a message at its field', async () => {
    const tim = await completedI9('Tim');
    const cases: [object, { path: string; message: string }[]][] = [
      [
        { employer_name: 'Paul Payroll', signature: sign('Paul Payroll') },
        [
          {
            path: '/supplement_b/0/document_title',
            message:
              'Reverification: enter the title of the List A or List C document the employee presented (or, for a rehire or a name change, the date of rehire or the new name).',
          },
        ],
      ],
      [
        { rehire_date: day('2026-09-01'), document_number: '123', employer_name: 'P', signature: sign('P') },
        [{ path: '/supplement_b/0/document_title', message: 'Enter the title of the document examined.' }],
      ],
      [
        { new_first_name: 'Tamsin', employer_name: 'P', signature: sign('P') },
        [{ path: '/supplement_b/0/new_last_name', message: 'A new name needs the new last name.' }],
      ],
      [
        { document_title: 'U.S. Passport', signature: sign('P') },
        [
          {
            path: '/supplement_b/0/employer_name',
            message: 'Enter the name of the employer or authorized representative.',
          },
        ],
      ],
      [
        { document_title: 'U.S. Passport', employer_name: 'Paul Payroll' },
        [
          {
            path: '/supplement_b/0/signature',
            message: 'The employer or authorized representative must sign this block.',
          },
        ],
      ],
      [
        { ...reverification(), expiration_date: today() - 86400 },
        [
          {
            path: '/supplement_b/0/expiration_date',
            message: `Expired before this block's date (${new Date(today() * 1000).toISOString().replace(/^(\d{4})-(\d\d)-(\d\d).*$/, '$2/$3/$1')}): the document examined must be unexpired.`,
          },
        ],
      ],
      [
        { rehire_date: day('2025-01-02'), employer_name: 'P', signature: sign('P') },
        [
          {
            path: '/supplement_b/0/rehire_date',
            message: 'A rehire comes after the first day of employment (03/10/2025).',
          },
        ],
      ],
    ];
    for (const [block, errors] of cases) {
      const r = await write(w.payroll, 'PATCH', 'i9', tim.user, { supplement_b: [block] });
      assert.equal(r.status, 400, `${JSON.stringify(block)}: ${r.text}`);
      assert.deepEqual(r.body.errors, errors, JSON.stringify(block));
    }
    const late = await write(w.payroll, 'PATCH', 'i9', tim.user, {
      supplement_b: [{ rehire_date: today() + 3 * 366 * 86400, employer_name: 'P', signature: sign('P') }],
    });
    assert.equal(late.status, 400, late.text);
    assert.equal(late.body.errors.length, 1);
    assert.equal(late.body.errors[0].path, '/supplement_b/0/rehire_date');
    assert.match(
      late.body.errors[0].message,
      /^More than three years after this Form I-9 was completed \(\d\d\/\d\d\/\d{4}\): complete a new Form I-9 for the rehire\.$/,
    );
    const ten = await write(w.payroll, 'PATCH', 'i9', tim.user, {
      supplement_b: Array.from({ length: 10 }, () => reverification()),
    });
    assert.equal(ten.status, 400, ten.text);
    assert.deepEqual(ten.body.errors, [
      {
        path: '/supplement_b',
        message: 'Supplement B holds at most nine blocks (three pages); complete a new Form I-9 instead.',
      },
    ]);
    // A name change alone is a whole block.
    const renamed = await write(w.payroll, 'PATCH', 'i9', tim.user, {
      supplement_b: [{ new_last_name: 'Tanaka', new_first_name: 'Tim', employer_name: 'P', signature: sign('P') }],
    });
    assert.equal(renamed.status, 200, renamed.text);
  });
});

describe('Individual under age 18', () => {
  const listBC = [
    { document_type: 'individual_under_age_18', list: 'B', title: 'Individual under age 18' },
    {
      document_type: 'birth_certificate_us_official_seal',
      list: 'C',
      title: 'Birth Certificate',
      issuing_authority: 'Cook County',
    },
  ];
  const ADULT =
    'Individual under age 18 is only for an employee under 18 on the first day of employment (06/01/2026); by the date of birth this employee is 18 or older. Record a List B document instead.';

  async function employeeBorn(name: string, dob: string | undefined) {
    const e = await signedInEmployee(w, name);
    if (dob) {
      const b = await write(e, 'POST', 'my_basic_info', e.user, {
        dob,
        phone: '2175550100',
        legal_address: { address1: '12 Oak Street', city: 'Springfield', state: 'IL', postal_code: '62701' },
      });
      assert.equal(b.status, 200, b.text);
    }
    const s1 = await write(e, 'POST', 'my_i9', e.user, { employee_signature: sign(name) });
    assert.equal(s1.status, 200, s1.text);
    return e;
  }
  const section2 = (docs: object[]) => ({
    first_day: day('2026-06-01'),
    documentation: docs,
    employer_or_representative: 'Payroll, Paul, Manager',
    employer_address: EMPLOYER_ADDRESS,
    employer_signature: sign('Paul Payroll'),
  });

  test('accepted for a minor on the first day; refused, naming the field, for an adult or without a date of birth', async () => {
    const minor = await employeeBorn('Mia', '2009-06-02');
    const ok = await write(w.payroll, 'PATCH', 'i9', minor.user, section2(listBC));
    assert.equal(ok.status, 200, ok.text);

    // Turns 18 on the first day itself: an adult that day.
    const eighteen = await employeeBorn('Max', '2008-06-01');
    const r = await write(w.payroll, 'PATCH', 'i9', eighteen.user, section2(listBC));
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(r.body.errors, [{ path: '/documentation/0/document_type', message: ADULT }]);
    // The message is the same for a manager of onboarding, who may not read the date of birth.
    const byOnboarder = await write(onboarder, 'PATCH', 'i9', eighteen.user, section2(listBC));
    assert.equal(byOnboarder.status, 400, byOnboarder.text);
    assert.deepEqual(byOnboarder.body.errors, [{ path: '/documentation/0/document_type', message: ADULT }]);
    assert.doesNotMatch(byOnboarder.text, /2008/);

    const unknown = await employeeBorn('Nod', undefined);
    const u = await write(w.payroll, 'PATCH', 'i9', unknown.user, section2(listBC));
    assert.equal(u.status, 400, u.text);
    assert.deepEqual(u.body.errors, [
      {
        path: '/documentation/0/document_type',
        message:
          "Individual under age 18 needs the employee's date of birth: enter it on the basic information screen first.",
      },
    ]);
  });
});

describe('delete_user and I-9 retention', () => {
  test('a user whose I-9 is within retention is not deleted (409 with the rule); once it has passed, it is', async () => {
    const kay = await completedI9('Kay');
    const body = { user_id: kay.user, confirm_name: 'Kay' };
    const refused = await w.call('POST', '/auth/api/delete_user', { ...as(superuser), body });
    assert.equal(refused.status, 409, refused.text);
    assert.equal(
      refused.body.message,
      "The user's Form I-9 must be kept, so the user cannot be deleted yet. This I-9 must be kept while the employee is employed, then until 3 years after the first day of employment or 1 year after employment ends, whichever is later.",
    );
    assert.ok((await read(w.payroll, kay.user)).employer_signature, 'the I-9 is still there');
    assert.equal((await w.call('GET', `/auth/api/data/users/${kay.user}`, as(w.admin))).status, 200, 'and the user');

    // Employment ended in 2026: kept until a year later.
    const emp = await write(w.payroll, 'POST', 'employee', kay.user, {
      first_name: 'Kay',
      last_name: 'King',
      email: 'kay@acme.example',
      hire_date: day('2025-03-10'),
      term_date: day('2026-10-30'),
    });
    assert.ok([200, 201].includes(emp.status), emp.text);
    const still = await w.call('POST', '/auth/api/delete_user', { ...as(superuser), body });
    assert.equal(still.status, 409, still.text);
    assert.match(still.body.message, /This I-9 must be kept until 03\/10\/2028 \(3 years after the first day/);

    // Hired 2015, left 2016: kept until 2018, so the account goes with its records.
    const lou = await signedInEmployee(w, 'Lou');
    assert.equal((await write(lou, 'POST', 'my_i9', lou.user, { employee_signature: sign('Lou') })).status, 200);
    const left = await write(w.payroll, 'POST', 'employee', lou.user, {
      first_name: 'Lou',
      last_name: 'Lane',
      email: 'lou@acme.example',
      hire_date: day('2015-02-02'),
      term_date: day('2016-03-01'),
    });
    assert.ok([200, 201].includes(left.status), left.text);
    const gone = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: lou.user, confirm_name: 'Lou' },
    });
    assert.equal(gone.status, 200, gone.text);
    assert.equal((await w.call('GET', `/payroll/api/data/i9/${lou.user}`, as(w.payroll))).status, 404);
  });
});
