/**
 * A person gives their own SSN (docs/decisions.md, "Who enters a hire's SSN"): a hire invited
 * without one enters it in their walk, onto their hire, which the employer then sees masked and the
 * printed W-4 carries; an employee's goes onto their employee record (and the SSN index that
 * retrieve_ssn reads). Once one is on file it is the employer's to correct: the person cannot
 * overwrite it, nor reach anyone else's.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, employeeAccount, type DemoWorld, type Session } from '../helpers/demo.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { pdfText } from '../printable/pdf-tools.ts';

const HIRES = '/payroll/api/data/onboarding_user';
const MY_SSN = '/payroll/api/my_ssn';
let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

/** A hire invited by the payroll manager, signed in through the invitation's link. */
async function invitedHire(over: Record<string, unknown> = {}): Promise<{ key: string; session: Session }> {
  const email = `hire.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const made = await w.call('POST', `${HIRES}/`, {
    ...as(w.payroll),
    body: { first_name: 'Nora', last_name: 'Numbers', email, state: 'NY', ...over },
  });
  assert.equal(made.status, 201, made.text);
  const mail = (await readOutbox(w.server.dataDir)).filter((m) => m.to === email).pop()!;
  const link = new URL(/(https?:\/\/\S+\/auto-login\?\S+)/.exec(mail.text)![1]);
  const login = await w.call('POST', '/auth/api/login', {
    org: w.acmeOrg,
    body: { userid: link.searchParams.get('userid'), key: link.searchParams.get('key'), type: 'forgot_password' },
  });
  assert.equal(login.status, 200, login.text);
  return {
    key: made.body.key,
    session: { org: w.acmeOrg, token: login.body.token, user: login.body.session.user.key },
  };
}

describe('a hire gives their SSN', () => {
  test('onto their hire: the employer sees it masked, the W-4 prints it, and a second one is refused', async () => {
    const { key, session } = await invitedHire();
    assert.deepEqual((await w.call('GET', MY_SSN, as(session))).body, { on_file: false, record: 'hire' });

    const given = await w.call('POST', MY_SSN, { ...as(session), body: { ssn: '123-45-6789' } });
    assert.equal(given.status, 200, given.text);
    assert.deepEqual(given.body, { on_file: true, ssn: 'xxx-xx-6789', record: 'hire' });
    assert.deepEqual((await w.call('GET', MY_SSN, as(session))).body, {
      on_file: true,
      ssn: 'xxx-xx-6789',
      record: 'hire',
    });

    const seen = await w.call('GET', `${HIRES}/${key}`, as(w.payroll));
    assert.equal(seen.body.data.ssn, 'xxx-xx-6789');
    assert.equal(seen.body.data.first_name, 'Nora', 'nothing else of the hire changed');
    assert.equal(seen.body.meta.updated_by, session.user, 'written as the hire');

    // The W-4 the hire signs next carries it: printed by the payroll manager, the whole number.
    const w4 = await w.call('POST', '/payroll/api/data/my_w4/', {
      ...as(session),
      body: {
        w4_year: '2025',
        filing_status: 'Single',
        employee_signature: { name: 'Nora Numbers', font: 'font1', timestamp: Math.floor(Date.now() / 1000) },
      },
    });
    assert.equal(w4.status, 201, w4.text);
    const pdf = await fetch(`${w.server.url}/payroll/api/forms/w4/${session.user}`, {
      headers: { 'organization-id': w.acmeOrg, auth_token: w.payroll.token },
    });
    assert.equal(pdf.status, 200);
    assert.match(await pdfText(new Uint8Array(await pdf.arrayBuffer())), /123-45-6789/);

    const again = await w.call('POST', MY_SSN, { ...as(session), body: { ssn: '987-65-4321' } });
    assert.equal(again.status, 409, again.text);
    assert.equal(
      again.body.message,
      "Your SSN is on file (xxx-xx-6789). To correct it, ask your employer's payroll contact.",
    );
    assert.equal((await w.call('GET', `${HIRES}/${key}`, as(w.payroll))).body.data.ssn, 'xxx-xx-6789');
  });

  test('one the employer entered is on file: the hire sees it masked and cannot overwrite it', async () => {
    const { session } = await invitedHire({ ssn: '234-56-7890' });
    assert.deepEqual((await w.call('GET', MY_SSN, as(session))).body, {
      on_file: true,
      ssn: 'xxx-xx-7890',
      record: 'hire',
    });
    assert.equal((await w.call('POST', MY_SSN, { ...as(session), body: { ssn: '345-67-8901' } })).status, 409);
  });

  test('a number the SSA never issues, a masked one or anything but the SSN is refused, naming the field, and nothing is written', async () => {
    const { key, session } = await invitedHire();
    const version = (await w.call('GET', `${HIRES}/${key}`, as(w.payroll))).body.meta.version;
    const cases: [unknown, string][] = [
      [
        { ssn: '900-12-3456' },
        'SSN: area numbers 900-999 are never issued; a number beginning with 9 is an ITIN, not an SSN.',
      ],
      [{ ssn: '123-00-4567' }, 'SSN: group number (the middle two digits) 00 is never issued.'],
      [{ ssn: '123456789' }, 'SSN must be 11 characters: 3-2-4 digits (x allowed in the first five).'],
      [{ ssn: 'xxx-xx-1234' }, 'Enter all nine digits of your SSN.'],
      [{ ssn: '***-**-1234' }, 'Enter all nine digits of your SSN.'],
      [{ ssn: '\u2022\u2022\u2022-\u2022\u2022-1234' }, 'Enter all nine digits of your SSN.'],
      [{ ssn: '' }, 'Enter your SSN.'],
      [{ ssn: 123456789 }, 'Enter your SSN.'],
    ];
    for (const [body, message] of cases) {
      const r = await w.call('POST', MY_SSN, { ...as(session), body });
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      assert.ok(
        r.body.errors.some((e: { path: string; message: string }) => e.path === '/ssn' && e.message === message),
        `${JSON.stringify(body)}: ${r.text}`,
      );
    }
    const other = await w.call('POST', MY_SSN, { ...as(session), body: { ssn: '123-45-6789', rate: 99 } });
    assert.equal(other.status, 400, other.text);
    assert.deepEqual(other.body, {
      message: 'Validation failed',
      errors: [{ path: '/rate', message: 'Only the SSN is given here.' }],
    });
    const hire = await w.call('GET', `${HIRES}/${key}`, as(w.payroll));
    assert.equal(hire.body.data.ssn, undefined);
    assert.equal(hire.body.meta.version, version, 'the hire was not written');
  });
});

describe('a hire prints their own forms', () => {
  test('before they have an employee record, their own W-4 and I-9 print their name and SSN from their hire', async () => {
    const { session } = await invitedHire({ first_name: 'Nora', last_name: 'Newhire' });
    // Signed with initials, so that the names found on the page are the ones printed from the hire.
    assert.equal((await w.call('POST', MY_SSN, { ...as(session), body: { ssn: '123-45-6791' } })).status, 200);
    const now = Math.floor(Date.now() / 1000);
    const saved = [
      await w.call('POST', '/payroll/api/data/my_w4/', {
        ...as(session),
        body: {
          w4_year: '2025',
          filing_status: 'Single',
          employee_signature: { name: 'N. N.', font: 'font1', timestamp: now },
        },
      }),
      await w.call('POST', '/payroll/api/data/my_i9/', {
        ...as(session),
        body: {
          work_auth_status: 'Citizen of the United States',
          employee_signature: { name: 'N. N.', font: 'font1', timestamp: now },
        },
      }),
    ];
    for (const r of saved) assert.equal(r.status, 201, r.text);
    assert.equal((await w.call('GET', `/payroll/api/data/my_employee/${session.user}`, as(session))).status, 404);
    for (const form of ['w4', 'i9']) {
      const pdf = await fetch(`${w.server.url}/payroll/api/forms/${form}/${session.user}`, {
        headers: { 'organization-id': w.acmeOrg, auth_token: session.token },
      });
      assert.equal(pdf.status, 200, form);
      const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
      assert.match(text, /Nora/, `${form}: the first name is printed`);
      assert.match(text, /Newhire/, `${form}: the last name is printed`);
      assert.match(text, /123-45-6791|123 45 6791|1 2 3 4 5 6 7 9 1/, `${form}: the SSN is printed`);
    }
  });
});

describe("a hire's signature keeps who signed", () => {
  test('signed before an employee record exists, the W-4 freezes the name and SSN of the hire, and prints them after the hire is changed', async () => {
    const { key, session } = await invitedHire({ first_name: 'Sofia', last_name: 'Signer' });
    assert.equal((await w.call('POST', MY_SSN, { ...as(session), body: { ssn: '123-45-6792' } })).status, 200);
    const signed = await w.call('POST', '/payroll/api/data/my_w4/', {
      ...as(session),
      body: {
        w4_year: '2025',
        filing_status: 'Single',
        employee_signature: { name: 'S. S.', font: 'font1', timestamp: Math.floor(Date.now() / 1000) },
      },
    });
    assert.equal(signed.status, 201, signed.text);
    const w4 = await w.call('GET', `/payroll/api/data/w4/${session.user}`, as(w.payroll));
    assert.equal(w4.status, 200, w4.text);
    const printed = w4.body.data.employee_signature.evidence.printed;
    assert.equal(printed.employee?.first_name, 'Sofia', JSON.stringify(printed));
    assert.equal(printed.employee?.last_name, 'Signer');
    assert.equal(printed.employee?.ssn, 'xxx-xx-6792', 'frozen, and answered masked');

    // The employer corrects the hire afterwards: the signed W-4 still prints who signed it.
    const renamed = await w.call('PATCH', `${HIRES}/${key}`, { ...as(w.payroll), body: { last_name: 'Changed' } });
    assert.equal(renamed.status, 200, renamed.text);
    const pdf = await fetch(`${w.server.url}/payroll/api/forms/w4/${session.user}`, {
      headers: { 'organization-id': w.acmeOrg, auth_token: session.token },
    });
    assert.equal(pdf.status, 200);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    assert.match(text, /Signer/);
    assert.doesNotMatch(text, /Changed/);
  });
});

describe('an employee gives their SSN', () => {
  test('onto their employee record, which retrieve_ssn then finds by its last four', async () => {
    const made = await w.call('POST', '/auth/api/data/users/', { ...as(w.admin), body: employeeAccount() });
    assert.equal(made.status, 201, made.text);
    const user = made.body.key as string;
    const employee = await w.call('POST', `/payroll/api/data/employee/${user}`, {
      ...as(w.payroll),
      body: { first_name: 'Eve', last_name: 'Example', email: made.body.data.email, _user_uuid: user },
    });
    assert.ok([200, 201].includes(employee.status), employee.text);
    await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.admin),
      body: { user_id: user, password: 'eve-sets-a-long-one-1', password2: 'eve-sets-a-long-one-1' },
    });
    const eve = await w.login(w.acmeOrg, made.body.data.email, 'eve-sets-a-long-one-1');
    const given = await w.call('POST', MY_SSN, { ...as(eve), body: { ssn: '456-78-9012' } });
    assert.equal(given.status, 200, given.text);
    assert.equal(given.body.record, 'employee');
    const found = await w.call('POST', '/payroll/api/retrieve_ssn', {
      ...as(w.payroll),
      body: { data: { employee_id: user, last_four: '9012' } },
    });
    assert.equal(found.status, 200, found.text);
    assert.equal(found.body.ssn.replace(/-/g, ''), '456789012');
  });

  test('a person with neither an employee record nor a hire is told to ask the employer', async () => {
    const made = await w.call('POST', '/auth/api/data/users/', { ...as(w.admin), body: employeeAccount() });
    await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.admin),
      body: { user_id: made.body.key, password: 'no-record-long-pass-2', password2: 'no-record-long-pass-2' },
    });
    const who = await w.login(w.acmeOrg, made.body.data.email, 'no-record-long-pass-2');
    assert.deepEqual((await w.call('GET', MY_SSN, as(who))).body, { on_file: false, record: null });
    const r = await w.call('POST', MY_SSN, { ...as(who), body: { ssn: '567-89-0123' } });
    assert.equal(r.status, 404, r.text);
  });

  test('without a session nothing is answered', async () => {
    assert.equal((await w.call('GET', MY_SSN, { org: w.acmeOrg })).status, 401);
    assert.equal((await w.call('POST', MY_SSN, { org: w.acmeOrg, body: { ssn: '123-45-6789' } })).status, 401);
  });
});
