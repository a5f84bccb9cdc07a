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

test('Section 2 signed over a document already expired when examined is refused', async () => {
  const document = (expiration_date: number) => ({
    document_type: 'form_i_766_ead_photo',
    list: 'A',
    title: 'Employment Authorization Document (Form I-766)',
    issuing_authority: 'USCIS',
    document_number: 'SRC2190012345',
    expiration_date,
  });
  const expired = await i9(
    w.payroll,
    ana.user,
    {
      documentation: [document(today() - 60 * DAY)],
      employer_or_representative: 'Payroll, Paula, Manager',
      employer_signature: sign('Paula Payroll'),
    },
    'PATCH',
  );
  assert.equal(expired.status, 400, expired.text);
  assert.deepEqual(
    expired.body.errors.map((e: { path: string }) => e.path),
    ['/documentation/0/expiration_date'],
  );
  assert.match(expired.body.errors[0].message, /a document must be unexpired when it is examined/);
  const unexpired = await i9(
    w.payroll,
    ana.user,
    {
      documentation: [document(today() + 200 * DAY)],
      employer_or_representative: 'Payroll, Paula, Manager',
      employer_signature: sign('Paula Payroll'),
    },
    'PATCH',
  );
  assert.equal(unexpired.status, 200, unexpired.text);
});

test("Section 2 signed without the employer's business name takes the organization's name, as the printed form does", async () => {
  const bo = await signedInEmployee(w, 'Bo');
  const section1 = await w.call('POST', `/payroll/api/data/my_i9/${bo.user}`, {
    ...as(bo),
    body: { work_auth_status: 'Citizen of the United States', employee_signature: sign('Bo') },
  });
  assert.ok([200, 201].includes(section1.status), section1.text);
  const r = await i9(
    w.payroll,
    bo.user,
    { orgname: '', employer_or_representative: 'Payroll, Paula, Manager', employer_signature: sign('Paula Payroll') },
    'PATCH',
  );
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.orgname, 'Acme Demo');
  const named = await i9(w.payroll, bo.user, { orgname: 'Acme Demo Payroll LLC' }, 'PATCH');
  assert.equal(named.body.data.orgname, 'Acme Demo Payroll LLC', 'a name entered is kept');
});
