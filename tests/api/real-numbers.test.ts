/**
 * Numbers that are not real are refused wherever they are asked, with a message naming the field and
 * the rule: an SSN of area 000, 666 or 900-999 (a 9xx number is an ITIN), group 00 or serial 0000
 * (employee and hire); a routing number outside the Federal Reserve's ranges 01-12, 21-32, 61-72 and
 * 80 (direct deposit, check digit valid); an EIN whose prefix the IRS does not assign (employer).
 * Masked values sent back still stand for the stored numbers.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
/** The demo company's product-staff admin: the employer record is theirs to edit. */
let acme: Session;
beforeAll(async () => {
  w = await demoWorld();
  acme = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

const AREA = 'SSN: area number (the first three digits) 000 or 666 is never issued.';
const ITIN = 'SSN: area numbers 900-999 are never issued; a number beginning with 9 is an ITIN, not an SSN.';
const GROUP = 'SSN: group number (the middle two digits) 00 is never issued.';
const SERIAL = 'SSN: serial number (the last four digits) 0000 is never issued.';
const NOT_ISSUED: [string, string][] = [
  ['000-12-3456', AREA],
  ['666-12-3456', AREA],
  ['900-70-1234', ITIN],
  ['987-65-4321', ITIN],
  ['999-99-9999', ITIN],
  ['123-00-4567', GROUP],
  ['123-45-0000', SERIAL],
];
const ISSUED = ['001-01-0001', '665-12-3456', '667-12-3456', '899-99-9999', '123-45-6789'];

describe('SSN', () => {
  test("an employee's SSN: never-issued areas, groups and serials refused; real ones and the masked one kept", async () => {
    const url = `/payroll/api/data/employee/${w.emma.user}`;
    for (const [ssn, message] of NOT_ISSUED) {
      const r = await w.call('PATCH', url, { ...as(w.payroll), body: { ssn } });
      assert.equal(r.status, 400, `${ssn}: ${r.text}`);
      assert.deepEqual(r.body.errors, [{ path: '/ssn', message }], ssn);
    }
    for (const ssn of ISSUED) {
      const r = await w.call('PATCH', url, { ...as(w.payroll), body: { ssn } });
      assert.equal(r.status, 200, `${ssn}: ${r.text}`);
      assert.equal(r.body.data.ssn, `xxx-xx-${ssn.slice(-4)}`);
    }
    // The record as read, masked SSN and all, saves back unchanged.
    const read = await w.call('GET', url, as(w.payroll));
    const back = await w.call('POST', url, { ...as(w.payroll), body: read.body.data });
    assert.equal(back.status, 200, back.text);
    const reveal = await w.call('POST', '/payroll/api/retrieve_ssn', {
      ...as(w.payroll),
      body: { data: { employee_id: w.emma.user, last_four: '6789' } },
    });
    assert.deepEqual(reveal.body, { ssn: '123-45-6789' });
  });

  test("a hire's SSN: an ITIN is not an SSN", async () => {
    const hire = (ssn: string) => ({
      first_name: 'Ines',
      last_name: 'Itin',
      email: `ines.${crypto.randomUUID().slice(0, 8)}@example.com`,
      state: 'IL',
      ssn,
      onboarding_contact: { name: 'Paul Payroll', email: 'payroll@acme.example' },
    });
    const itin = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      ...as(w.payroll),
      body: hire('912-70-1234'),
    });
    assert.equal(itin.status, 400, itin.text);
    assert.deepEqual(itin.body.errors, [{ path: '/ssn', message: ITIN }]);
    const serial = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      ...as(w.payroll),
      body: hire('412-70-0000'),
    });
    assert.deepEqual(serial.body.errors, [{ path: '/ssn', message: SERIAL }]);
    const ok = await w.call('POST', '/payroll/api/data/onboarding_user/', {
      ...as(w.payroll),
      body: hire('412-70-1234'),
    });
    assert.equal(ok.status, 201, ok.text);
    assert.equal(ok.body.data.ssn, 'xxx-xx-1234');
  });
});

test('routing numbers: only the Federal Reserve ranges 01-12, 21-32, 61-72 and 80, never all zeros', async () => {
  const PREFIX =
    'Routing number: the first two digits must be an assigned Federal Reserve range: 01-12, 21-32, 61-72 or 80.';
  const PAY = `/payroll/api/data/my_employee_payment_information/${w.emma.user}`;
  const deposit = (routing_number: string) => ({
    desired_payment_method: 'Direct Deposit',
    direct_deposit_accounts: [
      {
        account_number: '000123456789',
        account_type: 'Checking',
        routing_number,
        split_type: 'Percent Split',
        amount: 100,
      },
    ],
  });
  // Each has a valid ABA check digit: only the prefix is wrong.
  for (const routing of [
    '000000000',
    '131000005',
    '201000003',
    '331000009',
    '601000001',
    '731000007',
    '811000008',
    '991000009',
  ]) {
    const r = await w.call('POST', PAY, { ...as(w.emma), body: deposit(routing) });
    assert.equal(r.status, 400, `${routing}: ${r.text}`);
    assert.deepEqual(r.body.errors, [{ path: '/direct_deposit_accounts/0/routing_number', message: PREFIX }], routing);
  }
  for (const routing of ['011000015', '121000358', '211274450', '322271627', '611000004', '721000004', '801000005']) {
    const r = await w.call('POST', PAY, { ...as(w.emma), body: deposit(routing) });
    assert.ok(r.status === 200 || r.status === 201, `${routing}: ${r.text}`);
    assert.equal(r.body.data.direct_deposit_accounts[0].routing_number, routing);
  }
  // The check digit rule still holds within a valid range.
  const digit = await w.call('POST', PAY, { ...as(w.emma), body: deposit('611000005') });
  assert.deepEqual(digit.body.errors, [
    { path: '/direct_deposit_accounts/0/routing_number', message: 'Routing number check digit is not valid.' },
  ]);
});

test('EIN: only the prefixes the IRS assigns; the masked EIN sent back keeps the stored one', async () => {
  const PREFIX =
    'EIN: the prefix (the first two digits) must be one the IRS assigns: 01-06, 10-16, 20-27, 30-48, 50-68, 71-77, 80-88, 90-95, 98 or 99.';
  const [employer] = (await w.call('POST', '/payroll/api/data/find/employer', { ...as(acme), body: { criteria: [] } }))
    .body.items;
  const url = `/payroll/api/data/employer/${employer.key}`;
  for (const prefix of [
    '00',
    '07',
    '08',
    '09',
    '17',
    '19',
    '28',
    '29',
    '49',
    '69',
    '70',
    '78',
    '79',
    '89',
    '96',
    '97',
  ]) {
    const r = await w.call('PATCH', url, { ...as(acme), body: { ein: `${prefix}-4000123` } });
    assert.equal(r.status, 400, `${prefix}: ${r.text}`);
    assert.deepEqual(r.body.errors, [{ path: '/ein', message: PREFIX }], prefix);
  }
  for (const prefix of [
    '01',
    '06',
    '10',
    '16',
    '20',
    '27',
    '31',
    '45',
    '48',
    '50',
    '68',
    '71',
    '77',
    '80',
    '88',
    '90',
    '95',
    '98',
    '99',
  ]) {
    const r = await w.call('PATCH', url, { ...as(acme), body: { ein: `${prefix}-4000123` } });
    assert.equal(r.status, 200, `${prefix}: ${r.text}`);
  }
  const read = await w.call('GET', url, as(acme));
  assert.equal(read.body.data.ein, 'xxxxx0123');
  const back = await w.call('POST', url, { ...as(acme), body: read.body.data });
  assert.equal(back.status, 200, back.text);
  assert.deepEqual((await w.call('POST', '/payroll/api/retrieve_ein', { ...as(w.payroll), body: {} })).body, {
    ein: '99-4000123',
  });
});
