/**
 * What the official Form I-9 does not allow, refused by the server with the field and the rule: a
 * USCIS or A-Number that is not 7 to 9 digits; Section 1 signed by a status 4 employee whose work
 * authorization has already ended; Section 2 signed over a document already expired when it is
 * examined (before the first day of employment is entered; after, the document must be unexpired
 * on that day, tests/api/data.test.ts).
 */
import assert from 'node:assert/strict';
import { afterAll, beforeAll, test } from 'vitest';
import { as, demoWorld, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';

const ALIEN = 'An Alien Authorized to Work';
const DAY = 86400;
const sign = (name: string) => ({ name, font: 'font1', timestamp: 1 });
const today = () => Math.floor(Date.now() / 1000 / DAY) * DAY;

let w: DemoWorld;
let ana: Session;

beforeAll(async () => {
  w = await demoWorld();
  ana = await signedInEmployee(w, 'Ana');
});
afterAll(() => w.server.stop());

const i9 = (who: Session, key: string, body: Record<string, unknown>, method: 'POST' | 'PATCH' = 'POST') =>
  w.call(method, `/payroll/api/data/${method === 'POST' && who === ana ? 'my_i9' : 'i9'}/${key}`, { ...as(who), body });

const employerAddress = { address1: '1 Main St', city: 'Sacramento', state: 'CA', postal_code: '95814' };

/** Section 2 of `whose` I-9 as the official form asks it, signed by Paula, with `over` changed. */
const section2 = (whose: Session, over: Record<string, unknown>) =>
  i9(
    w.payroll,
    whose.user,
    {
      first_day: today() - 2 * DAY,
      employer_or_representative: 'Payroll, Paula, Manager',
      employer_address: employerAddress,
      employer_signature: sign('Paula Payroll'),
      ...over,
    },
    'PATCH',
  );

/** Ana's Section 1 as a status 4 employee, signed, with `over` changed. */
const section1 = (over: Record<string, unknown>) =>
  i9(ana, ana.user, {
    work_auth_status: ALIEN,
    alien_number_type: 'USCIS Number',
    alien_number: '123456789',
    authorized_to_work_until: today() + 365 * DAY,
    employee_signature: sign('Ana'),
    ...over,
  });

test('a USCIS or A-Number of two digits is refused, naming the rule', async () => {
  const r = await section1({ alien_number: '12' });
  assert.equal(r.status, 400, r.text);
  assert.deepEqual(r.body.errors, [
    { path: '/alien_number', message: 'A USCIS or A-Number has 7 to 9 digits; an A-Number may start with A.' },
  ]);
});

test('Section 1 signed with a work authorization that already ended is refused; one still running is signed', async () => {
  const ended = await section1({ authorized_to_work_until: today() - 30 * DAY });
  assert.equal(ended.status, 400, ended.text);
  assert.deepEqual(
    ended.body.errors.map((e: { path: string }) => e.path),
    ['/authorized_to_work_until'],
  );
  assert.match(
    ended.body.errors[0].message,
    /^This authorization ended on \d\d\/\d\d\/\d{4}: enter the expiration date/,
  );
  const running = await section1({ authorized_to_work_until: today() + 300 * DAY });
  assert.ok([200, 201].includes(running.status), running.text);
});

test('Section 2 signed over a document expired before the first day is refused; one expired since is signed', async () => {
  const document = (expiration_date: number) => ({
    document_type: 'form_i_766_ead_photo',
    list: 'A',
    title: 'Employment Authorization Document (Form I-766)',
    issuing_authority: 'USCIS',
    document_number: 'SRC2190012345',
    expiration_date,
  });
  // The first day is in ten days: an EAD that expires in five would be expired on it.
  const expired = await section2(ana, { first_day: today() + 10 * DAY, documentation: [document(today() + 5 * DAY)] });
  assert.equal(expired.status, 400, expired.text);
  assert.deepEqual(
    expired.body.errors.map((e: { path: string }) => e.path),
    ['/documentation/0/expiration_date'],
  );
  assert.match(expired.body.errors[0].message, /^Expired before the first day of employment \(\d\d\/\d\d\/\d{4}\)/);
  // Section 2 completed late: unexpired on the first day, 90 days ago, expired since (reverification is
  // Supplement B's business).
  const late = await section2(ana, { first_day: today() - 90 * DAY, documentation: [document(today() - 60 * DAY)] });
  assert.equal(late.status, 200, late.text);
});

test('Section 2 signed without what the official form asks of it is refused, naming each field', async () => {
  const cy = await signedInEmployee(w, 'Cy');
  const own = await w.call('POST', `/payroll/api/data/my_i9/${cy.user}`, {
    ...as(cy),
    body: { work_auth_status: 'Citizen of the United States', employee_signature: sign('Cy') },
  });
  assert.ok([200, 201].includes(own.status), own.text);
  const licence = {
    document_type: 'us_state_drivers_license_id',
    list: 'B',
    title: "Driver's license",
    issuing_authority: 'CA DMV',
    document_number: 'D1234567',
    expiration_date: today() + 900 * DAY,
  };
  const bare = await i9(
    w.payroll,
    cy.user,
    { documentation: [licence], employer_signature: sign('Paula Payroll') },
    'PATCH',
  );
  assert.equal(bare.status, 400, bare.text);
  assert.deepEqual(bare.body.errors, [
    {
      path: '/documentation',
      message: 'Examine one document from List A, or one document from List B and one from List C.',
    },
    { path: '/first_day', message: "Enter the employee's first day of employment." },
    {
      path: '/employer_or_representative',
      message: 'Enter the last name, first name and title of the person who signs Section 2.',
    },
    { path: '/employer_address/address1', message: "Enter the employer's street address." },
    { path: '/employer_address/city', message: "Enter the employer's city or town." },
    { path: '/employer_address/state', message: "Choose the employer's state." },
    { path: '/employer_address/postal_code', message: "Enter the employer's ZIP code." },
  ]);
  const stored = await w.call('GET', `/payroll/api/data/i9/${cy.user}`, as(w.payroll));
  assert.equal(stored.body.data.employer_signature, undefined, 'nothing of the refused save is kept');
  const card = {
    document_type: 'social_security_card_no_restrictions',
    list: 'C',
    title: 'Social Security card',
    issuing_authority: 'SSA',
    document_number: '123456789',
  };
  const blank = await section2(cy, { documentation: [licence, card], employer_or_representative: '  ' });
  assert.deepEqual(
    blank.body.errors?.map((e: { path: string }) => e.path),
    ['/employer_or_representative'],
    'a name of spaces is no name',
  );
  const signed = await section2(cy, { documentation: [licence, card] });
  assert.equal(signed.status, 200, signed.text);
  assert.equal(signed.body.data.employer_signature.name, 'Paula Payroll');
});

test("Section 2 signed without the employer's business name takes the organization's name, as the printed form does", async () => {
  const bo = await signedInEmployee(w, 'Bo');
  const section1 = await w.call('POST', `/payroll/api/data/my_i9/${bo.user}`, {
    ...as(bo),
    body: { work_auth_status: 'Citizen of the United States', employee_signature: sign('Bo') },
  });
  assert.ok([200, 201].includes(section1.status), section1.text);
  const passport = {
    document_type: 'us_passport',
    list: 'A',
    title: 'U.S. Passport',
    issuing_authority: 'U.S. Department of State',
    document_number: 'X1234567',
  };
  const r = await section2(bo, { orgname: '', documentation: [passport] });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.orgname, 'Acme Demo');
  const named = await i9(w.payroll, bo.user, { orgname: 'Acme Demo Payroll LLC' }, 'PATCH');
  assert.equal(named.body.data.orgname, 'Acme Demo Payroll LLC', 'a name entered is kept');
});
