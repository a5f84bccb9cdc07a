/**
 * A signature binds what was signed (IRS Topic 753: an altered W-4 is invalid; I-9 Section 1 is the
 * employee's own attestation). Tried as each role would: the employee who signed, the payroll
 * manager, product staff acting in the company. A change to anything a signature attests voids it:
 * it leaves the form (kept in its history, audited) and never prints; the form must be signed again.
 * The printout shows the name and SSN as attested, not the live employee record.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { EMPLOYER_ADDRESS } from '../helpers/i9-section2.ts';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { pdfText, squash } from '../printable/pdf-tools.ts';
import { SAMPLE_STATE_W4 } from '../../bench/printable-samples.ts';

let w: DemoWorld;
let staff: Session;
beforeAll(async () => {
  w = await demoWorld();
  staff = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

const OWNER_ONLY = 'Only the employee may change this part of their own form.';
const SIGNER_ONLY = 'Only the person this signature names may sign it, in their own session.';
// The pad sends its own time; each signing here differs from the last (the server stamps its clock).
let signings = 0;
const sign = (name: string) => ({ name, font: 'font2', timestamp: 1_700_000_000 + ++signings });

async function write(who: Session, method: 'POST' | 'PATCH', path: string, body: Record<string, unknown>) {
  return w.call(method, `/payroll/api/data/${path}`, { ...as(who), body });
}

async function read(who: Session, path: string) {
  const r = await w.call('GET', `/payroll/api/data/${path}`, as(who));
  assert.equal(r.status, 200, r.text);
  return r.body.data as Record<string, any>;
}

async function audits(user: string, type: string) {
  const r = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: {
      criteria: [{ field: 'affected_user', is: '=', value: user }],
      limit: 500,
      sort: [{ field: 'action_time', dir: 'asc' }],
    },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items.map((i: any) => i.data).filter((a: any) => a.detail.type === type);
}

async function printed(who: Session, form: string, key: string) {
  const res = await fetch(`${w.server.url}/payroll/api/forms/${form}/${key}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: who.token },
  });
  assert.equal(res.status, 200, form);
  return squash(await pdfText(Buffer.from(await res.arrayBuffer())));
}

describe('W-4', () => {
  test('only the employee changes or signs her W-4; any change after signing voids the signature', async () => {
    const emma = w.emma.user;
    const made = await write(w.emma, 'POST', `my_w4/${emma}`, {
      filing_status: 'Single',
      federal_withholding_extra: 20,
      employee_signature: sign('Emma R. Employee'),
    });
    assert.ok([200, 201].includes(made.status), made.text);
    const signed = made.body.data.employee_signature;
    assert.equal(signed.evidence.signed_by, emma, 'the signature records who signed');
    assert.equal('digest' in signed.evidence, false, "the digest of what it attests is the server's, not answered");
    assert.equal(signed.evidence.printed.employee.ssn, 'xxx-xx-6789', 'the frozen SSN is answered masked');
    assert.ok(!made.text.includes('123-45-6789'), 'never the whole SSN');

    // The payroll manager may not alter it, nor sign for her.
    const altered = await write(w.payroll, 'PATCH', `w4/${emma}`, { filing_status: 'Married' });
    assert.equal(altered.status, 400, altered.text);
    assert.deepEqual(altered.body.errors, [{ path: '/filing_status', message: OWNER_ONLY }]);
    const forged = await write(w.payroll, 'PATCH', `w4/${emma}`, { employee_signature: sign('Emma R. Employee') });
    assert.equal(forged.status, 400, forged.text);
    const staffSigns = await write(staff, 'PATCH', `w4/${emma}`, { employee_signature: sign('Emma R. Employee') });
    assert.equal(staffSigns.status, 400, staffSigns.text);
    assert.deepEqual(staffSigns.body.errors, [{ path: '/employee_signature', message: SIGNER_ONLY }]);
    const untouched = await read(w.emma, `my_w4/${emma}`);
    assert.deepEqual(untouched.employee_signature, signed);
    assert.equal(untouched.filing_status, 'Single');

    // Product staff acting in the company can change it: the signature is void, kept in the history.
    const changed = await write(staff, 'PATCH', `w4/${emma}`, { filing_status: 'Married' });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.employee_signature, undefined, 'the altered W-4 is no longer signed');
    const [voided] = changed.body.data.signature_history;
    assert.equal(voided.field, 'employee_signature');
    assert.equal(voided.signature.name, 'Emma R. Employee');
    assert.deepEqual(voided.voided.fields, ['filing_status']);
    assert.equal(voided.voided.reason, 'changed after signing');
    assert.equal(voided.voided.by, staff.user);
    const pdf = await printed(w.payroll, 'w4', emma);
    assert.ok(!pdf.includes('Emma R. Employee'), 'a voided signature is never printed');

    const trail = await audits(emma, 'w4');
    const voiding = trail.find((a: any) => a.detail.voided?.length);
    assert.ok(voiding, 'the audit says which signature the change voided');
    assert.equal(voiding.logged_in_user, staff.user);
    assert.deepEqual(voiding.detail.voided, [{ field: 'employee_signature', fields: ['filing_status'] }]);
    assert.ok(
      trail.some((a: any) => a.detail.signed?.includes('employee_signature')),
      'and who signed',
    );

    // She signs again; her own later change (without signing) voids it too.
    const again = await write(w.emma, 'PATCH', `my_w4/${emma}`, { employee_signature: sign('Emma R. Employee') });
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.data.employee_signature.name, 'Emma R. Employee');
    const own = await write(w.emma, 'PATCH', `my_w4/${emma}`, { federal_withholding_extra: 25 });
    assert.equal(own.status, 200, own.text);
    assert.equal(own.body.data.employee_signature, undefined);
    assert.equal(own.body.data.signature_history.length, 2);
    // Saving the record back as read (what the form does) changes nothing and voids nothing.
    const resigned = await write(w.emma, 'PATCH', `my_w4/${emma}`, { employee_signature: sign('Emma R. Employee') });
    const asRead = await write(w.emma, 'POST', `my_w4/${emma}`, resigned.body.data);
    assert.equal(asRead.status, 200, asRead.text);
    assert.deepEqual(asRead.body.data.employee_signature, resigned.body.data.employee_signature);
  });

  test('a change signed again in the same save keeps the signature it replaced, voided, in the history', async () => {
    const wes = await w.login(w.acmeOrg, 'wes@acme.example', 'demo-resign-pass');
    const first = await write(wes, 'POST', `my_w4/${wes.user}`, {
      w4_year: '2026',
      filing_status: 'Single',
      employee_signature: sign('Wes Resign'),
    });
    assert.ok([200, 201].includes(first.status), first.text);
    const old = first.body.data.employee_signature;
    const before = (first.body.data.signature_history ?? []).length;
    const both = await write(wes, 'PATCH', `my_w4/${wes.user}`, {
      filing_status: 'Married',
      employee_signature: sign('Wes Resign'),
    });
    assert.equal(both.status, 200, both.text);
    assert.notDeepEqual(both.body.data.employee_signature, old, 'signed anew');
    const history = both.body.data.signature_history;
    assert.equal(history.length, before + 1);
    const replaced = history.at(-1);
    assert.deepEqual(
      [replaced.field, replaced.signature, replaced.voided.reason, replaced.voided.fields, replaced.voided.by],
      ['employee_signature', old, 'changed after signing', ['filing_status'], wes.user],
    );
    const trail = await audits(wes.user, 'w4');
    assert.deepEqual(trail.at(-1).detail.voided, [{ field: 'employee_signature', fields: ['filing_status'] }]);
    assert.deepEqual(trail.at(-1).detail.signed, ['employee_signature']);
    // Signing again what is already signed, unchanged, voids nothing.
    const same = await write(wes, 'PATCH', `my_w4/${wes.user}`, { employee_signature: sign('Wes Resign') });
    assert.equal(same.status, 200, same.text);
    assert.equal(same.body.data.signature_history.length, history.length);
  });

  test("she signs in her own name: another person's name is refused at the name, and nothing is signed", async () => {
    const forged = await write(w.emma, 'PATCH', `my_w4/${w.emma.user}`, { employee_signature: sign('Mickey Mouse') });
    assert.equal(forged.status, 400, forged.text);
    assert.deepEqual(forged.body.errors, [
      { path: '/employee_signature/name', message: 'Sign with your own name, as Emma Employee.' },
    ]);
    // Her way of writing it: case, a middle initial, her initials alone.
    for (const name of ['emma r. employee', 'E. Employee', 'E. E.']) {
      const r = await write(w.emma, 'PATCH', `my_w4/${w.emma.user}`, { employee_signature: sign(name) });
      assert.equal(r.status, 200, `${name}: ${r.text}`);
      assert.equal(r.body.data.employee_signature.name, name);
    }
  });

  test('a name that looks blank signs nothing: spaces, ideographic spaces or zero-width characters are refused at the name', async () => {
    for (const blank of [
      '   ',
      '\u3000\u3000 ',
      '\u200B\u200B',
      '.',
      '\u3164',
      '\uffa0',
      '\u115f\u1160',
      ' \u3164\u3164 ',
    ]) {
      const r = await write(w.emma, 'PATCH', `my_w4/${w.emma.user}`, { employee_signature: sign(blank) });
      assert.equal(r.status, 400, `${JSON.stringify(blank)}: ${r.text}`);
      assert.deepEqual(r.body.errors, [{ path: '/employee_signature/name', message: 'Type your full name to sign.' }]);
    }
    const named = await write(w.emma, 'PATCH', `my_w4/${w.emma.user}`, { employee_signature: sign('Emma 李小龍') });
    assert.equal(named.status, 200, named.text);
    assert.ok(named.body.data.employee_signature.evidence, 'a name of any script signs');
  });

  test("a manager cannot fill in an employee's new W-4 either", async () => {
    const r = await w.call('POST', '/payroll/api/data/w4/', {
      ...as(w.payroll),
      body: { _user_uuid: w.ivan.user, filing_status: 'Married', federal_withholding_extra: 50 },
    });
    assert.equal(r.status, 400, r.text);
    assert.deepEqual(r.body.errors.map((e: { path: string }) => e.path).sort(), [
      '/federal_withholding_extra',
      '/filing_status',
    ]);
    assert.ok(r.body.errors.every((e: { message: string }) => e.message === OWNER_ONLY));
  });

  test('the printout shows the name and SSN as attested, not the live employee record', async () => {
    const emma = w.emma.user;
    await write(w.emma, 'PATCH', `my_w4/${emma}`, { employee_signature: sign('Emma R. Employee') });
    const renamed = await write(w.payroll, 'PATCH', `employee/${emma}`, { last_name: 'Renamed' });
    assert.equal(renamed.status, 200, renamed.text);
    const pdf = await printed(w.payroll, 'w4', emma);
    assert.ok(pdf.includes('Emma R. Employee'), 'still signed');
    assert.ok(!pdf.includes('Renamed'), 'the name as attested');
    assert.ok(pdf.includes('123-45-6789'));
    await write(w.payroll, 'PATCH', `employee/${emma}`, { last_name: 'Employee' });
  });

  test("payroll's own answer on the W-4 (the SUI state, not a line of the form) leaves her signature standing", async () => {
    const emma = w.emma.user;
    const made = await write(w.emma, 'POST', `my_w4/${emma}`, {
      filing_status: 'Head of Household',
      employee_signature: sign('Emma R. Employee'),
    });
    assert.ok([200, 201].includes(made.status), made.text);
    const signed = made.body.data.employee_signature;
    const voids = (made.body.data.signature_history ?? []).length;
    // Before, this voided her signature: she had to sign again for a field she can neither see nor change.
    const sui = await write(w.payroll, 'PATCH', `w4/${emma}`, { unemployment_state: 'TX' });
    assert.equal(sui.status, 200, sui.text);
    assert.deepEqual(sui.body.data.employee_signature, signed, 'still signed, as signed');
    const again = await write(w.payroll, 'PATCH', `w4/${emma}`, { unemployment_state: 'CA' });
    assert.deepEqual(again.body.data.employee_signature, signed);
    assert.equal((again.body.data.signature_history ?? []).length, voids, 'nothing voided');
    // What she signed is still hers: her own change voids it, as before.
    const hers = await write(w.emma, 'PATCH', `my_w4/${emma}`, { filing_status: 'Single' });
    assert.equal(hers.status, 200, hers.text);
    assert.equal(hers.body.data.employee_signature, undefined);
    assert.deepEqual(hers.body.data.signature_history.at(-1).voided.fields, ['filing_status']);
  });
});

describe('state certificate', () => {
  test("Oregon allowances changed after signing void the employee's signature; a manager may not change them", async () => {
    const emma = w.emma.user;
    const made = await write(w.emma, 'POST', `my_state_w4/${emma}`, {
      ...SAMPLE_STATE_W4.oregon,
      state: 'OR',
      total_allowances: 2,
      employee_signature: sign('Emma Employee'),
    });
    assert.ok([200, 201].includes(made.status), made.text);
    const manager = await write(w.payroll, 'PATCH', `state_w4/${emma}`, { total_allowances: 9 });
    assert.equal(manager.status, 400, manager.text);
    assert.equal(manager.body.errors[0].path, '/total_allowances');
    const staffChange = await write(staff, 'PATCH', `state_w4/${emma}`, { total_allowances: 9 });
    assert.equal(staffChange.status, 200, staffChange.text);
    assert.equal(staffChange.body.data.employee_signature, undefined);
    assert.deepEqual(staffChange.body.data.signature_history.at(-1).voided.fields, ['total_allowances']);
  });
});

describe('I-9', () => {
  test('Section 1 is the employee’s; a change to it voids both signatures, a change to Section 2 the employer’s', async () => {
    const emma = w.emma.user;
    const s1 = await write(w.emma, 'POST', `my_i9/${emma}`, {
      work_auth_status: 'Citizen of the United States',
      previous_last_names: ['Stone'],
      employee_signature: sign('Emma Employee'),
    });
    assert.ok([200, 201].includes(s1.status), s1.text);
    const s2 = await write(w.payroll, 'PATCH', `i9/${emma}`, {
      documentation: [
        {
          document_type: 'us_passport',
          list: 'A',
          title: 'U.S. Passport',
          issuing_authority: 'U.S. Department of State',
          document_number: '561234987',
        },
      ],
      first_day: 1741564800,
      employer_or_representative: 'Paul Payroll',
      employer_address: EMPLOYER_ADDRESS,
      employer_signature: sign('Paul Payroll'),
    });
    assert.equal(s2.status, 200, s2.text);
    assert.ok(s2.body.data.employer_signature && s2.body.data.employee_signature);

    // The manager may not change Section 1.
    const bySection2 = await write(w.payroll, 'PATCH', `i9/${emma}`, { previous_last_names: ['Other'] });
    assert.equal(bySection2.status, 400, bySection2.text);
    // The employee changes Section 1 after the employer signed: both signatures are void.
    const changed = await write(w.emma, 'PATCH', `my_i9/${emma}`, { previous_last_names: ['Stone', 'Rivers'] });
    assert.equal(changed.status, 200, changed.text);
    assert.equal(changed.body.data.employee_signature, undefined);
    assert.equal(changed.body.data.employer_signature, undefined, 'Section 1 changed: the employer signs again');
    assert.deepEqual(changed.body.data.signature_history.map((h: any) => h.field).sort(), [
      'employee_signature',
      'employer_signature',
    ]);

    // Both sign again; the manager's later change to Section 2 voids only the employer's.
    await write(w.emma, 'PATCH', `my_i9/${emma}`, { employee_signature: sign('Emma Employee') });
    const resigned = await write(w.payroll, 'PATCH', `i9/${emma}`, { employer_signature: sign('Paul Payroll') });
    assert.equal(resigned.status, 200, resigned.text);
    const docs = await write(w.payroll, 'PATCH', `i9/${emma}`, { first_day: 1741651200 });
    assert.equal(docs.status, 200, docs.text);
    assert.ok(docs.body.data.employee_signature, "the employee's Section 1 still holds");
    assert.equal(docs.body.data.employer_signature, undefined);
    assert.deepEqual(docs.body.data.signature_history.at(-1).voided.fields, ['first_day']);
  });
});
