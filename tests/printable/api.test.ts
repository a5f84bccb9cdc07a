/**
 * GET /payroll/api/forms/{form}/{key} on the real server (demo company): the employee prints her own
 * forms (my_* reads), a payroll manager prints hers, nobody prints another employee's form; the full
 * SSN is on the PDF and every such PDF is audited as a reveal.
 * Needs `app.route('/payroll/api', printableRoutes(s))` in server/app.ts.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, type DemoWorld, type Session } from '../helpers/demo.ts';
import { STATE_FORMS, type StateForm } from '../../printable/layout.ts';
import { SAMPLE_STATE_W4 } from '../../bench/printable-samples.ts';
import { pdfText, squash } from './pdf-tools.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

async function getForm(who: Session | undefined, form: string, key: string) {
  const headers: Record<string, string> = { 'organization-id': w.acmeOrg };
  if (who) headers.auth_token = who.token;
  const res = await fetch(`${w.server.url}/payroll/api/forms/${form}/${key}`, { headers });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

const signature = (name: string, font = 'font2') => ({ name, font, timestamp: 0 });

async function create(who: Session, type: string, body: Record<string, unknown>, key = '') {
  const r = await w.call(key ? 'PATCH' : 'POST', `/payroll/api/data/${type}/${key}`, { ...as(who), body });
  assert.ok(r.status === 200 || r.status === 201, `${type}: ${r.status} ${r.text}`);
}

test('printable forms: own and managed forms print with the full SSN, audited; others are 404', async () => {
  const emma = w.emma;
  await create(emma, 'my_basic_info', {
    dob: '1990-05-17',
    phone: '2175550100',
    legal_address: { address1: '12 Oak Street', city: 'Springfield', state: 'IL', postal_code: '62701' },
  });
  await create(emma, 'my_i9', {
    work_auth_status: 'Citizen of the United States',
    previous_last_names: ['Stone'],
    employee_signature: signature('Emma Employee'),
  });
  await create(emma, 'my_w4', {
    w4_year: '2025',
    filing_status: 'Head of Household',
    dependent_amount: 2000,
    federal_withholding_extra: 15,
    employee_signature: signature('Emma Employee', 'font3'),
  });
  await create(emma, 'my_state_w4', {
    state: 'CA',
    state_status: 'Head of House',
    // California's definition computes the total (4) from the two worksheets on save.
    regular_allowances: 3,
    estimated_allowances: 1,
    employee_signature: signature('Emma Employee'),
  });
  await create(
    w.payroll,
    'i9',
    {
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
      employer_or_representative: 'Payroll, Paul, Payroll Manager',
      employer_address: { address1: '1 Demo Way', city: 'Chicago', state: 'IL', postal_code: '60601' },
      employer_signature: signature('Paul Payroll', 'font1'),
    },
    emma.user,
  );

  const i9 = await getForm(emma, 'i9', emma.user);
  assert.equal(i9.status, 200, i9.body.toString());
  assert.equal(i9.headers.get('content-type'), 'application/pdf');
  assert.equal(i9.headers.get('cache-control'), 'no-store');
  assert.equal(i9.body.subarray(0, 5).toString(), '%PDF-');
  const i9Text = squash(await pdfText(i9.body));
  for (const want of ['Employee', 'Emma', '123-45-6789', '12 Oak Street', '05/17/1990', 'Stone']) {
    assert.ok(i9Text.includes(want), `the I-9 shows ${want}`);
  }
  assert.ok(!i9Text.includes('xxx-xx-6789'), 'not the masked SSN');
  // Section 2 is the employer's (x-read): the employee's copy leaves it blank.
  for (const not of ['561234987', 'Payroll, Paul, Payroll Manager', 'Paul Payroll']) {
    assert.ok(!i9Text.includes(not), `the employee's I-9 does not show ${not}`);
  }

  const w4 = squash(await pdfText((await getForm(emma, 'w4', emma.user)).body));
  for (const want of [
    'Emma',
    '123-45-6789',
    '12 Oak Street',
    'Springfield, IL 62701',
    '2,000',
    '15',
    'Emma Employee',
  ]) {
    assert.ok(w4.includes(want), `the W-4 shows ${want}`);
  }
  const ca = await getForm(emma, 'california', emma.user);
  assert.equal(ca.status, 200);
  const caText = squash(await pdfText(ca.body));
  assert.match(caText, /Number of Regular Withholding Allowances \(Worksheet A\) 3/);
  assert.match(caText, /\(Add line 1a and line 1b\) 4/);

  const byManager = await getForm(w.payroll, 'i9', emma.user);
  assert.equal(byManager.status, 200);
  const managerText = squash(await pdfText(byManager.body));
  for (const want of [
    '123-45-6789',
    'U.S. Passport',
    '561234987',
    'Payroll, Paul, Payroll Manager',
    'Paul Payroll',
    '1 Demo Way, Chicago, IL 60601',
  ]) {
    assert.ok(managerText.includes(want), `the manager's I-9 shows ${want}`);
  }

  const audits = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 100 },
  });
  assert.equal(audits.status, 200, audits.text);
  const reveals = audits.body.items.filter(
    (r: any) => r.data.affected_user === emma.user && r.data.detail.fields.includes('ssn'),
  );
  assert.equal(reveals.length, 4, 'one reveal per PDF that showed the SSN');
  assert.ok(
    reveals.some((r: any) => r.data.logged_in_user === w.payroll.user && r.data.detail.fields.includes('printable:i9')),
  );

  // Another employee's forms are not Emma's to print (403), whether or not they have been filled in.
  const ines = await signedInEmployee(w, 'Ines');
  await create(ines, 'my_w4', {
    w4_year: '2025',
    filing_status: 'Single',
    employee_signature: signature('Ines'),
  });
  assert.equal((await getForm(emma, 'w4', ines.user)).status, 403);
  assert.equal((await getForm(emma, 'i9', ines.user)).status, 403);
  assert.equal((await getForm(emma, 'i9', w.payroll.user)).status, 403);
  assert.equal((await getForm(w.payroll, 'w4', ines.user)).status, 200, 'a manager prints it');
  assert.equal((await getForm(w.payroll, 'i9', ines.user)).status, 404, 'no I-9 to print');

  assert.equal((await getForm(undefined, 'i9', emma.user)).status, 401);
  assert.equal((await getForm(emma, 'texas', emma.user)).status, 404);
  assert.equal((await getForm(emma, 'i9', 'not-a-key')).status, 404);
  // A state's form prints only from a certificate of that state: hers is California's.
  for (const who of [emma, w.payroll]) {
    assert.equal((await getForm(who, 'oregon', emma.user)).status, 404, 'no Oregon form from a California certificate');
    assert.equal((await getForm(who, 'alabama', emma.user)).status, 404, 'no Alabama A-4 either');
    const key = await w.call('POST', `/payroll/api/forms/alabama/${emma.user}/download_key`, as(who));
    assert.equal(key.status, 404, 'nor a download key for it');
  }

  // The viewer offers what exists for her: the I-9, the W-4 and California's form; for Ines, no I-9.
  const offered = await w.call('GET', `/payroll/api/forms/${emma.user}`, as(emma));
  assert.equal(offered.status, 200, offered.text);
  assert.deepEqual(
    offered.body.forms.map((f: any) => [f.form, f.kind]),
    [
      ['i9', 'i9'],
      ['w4', 'w4'],
      ['california', 'state'],
    ],
  );
  assert.ok(offered.body.forms.every((f: any) => typeof f.title === 'string' && f.title.length > 0));
  const ineses = await w.call('GET', `/payroll/api/forms/${ines.user}`, as(w.payroll));
  assert.deepEqual(
    ineses.body.forms.map((f: any) => f.form),
    ['w4'],
  );
  assert.equal((await w.call('GET', `/payroll/api/forms/${ines.user}`, as(emma))).body.forms.length, 0);
  assert.equal((await w.call('GET', `/payroll/api/forms/${emma.user}`, {})).status, 401);
});

test('every one of the 15 state forms: the employee and a manager print it from her saved answers, and download it once', async () => {
  const emma = w.emma;
  for (const [form, state] of Object.entries(STATE_FORMS) as [StateForm, string][]) {
    const answers = { ...SAMPLE_STATE_W4[form], state, employee_signature: signature('Emma Employee') };
    await create(emma, 'my_state_w4', answers, emma.user);
    const extra = SAMPLE_STATE_W4[form].extra_state_withholding as number;
    for (const who of [emma, w.payroll]) {
      const pdf = await getForm(who, form, emma.user);
      assert.equal(pdf.status, 200, `${form} for ${who === emma ? 'the employee' : 'the manager'}`);
      assert.equal(pdf.headers.get('content-type'), 'application/pdf');
      const text = squash(await pdfText(pdf.body));
      assert.match(text, /Employee/, `${form}: her name`);
      assert.match(text, new RegExp(`(?:\\$\\s*)?\\b${extra}(?:\\.00)?\\b`), `${form}: her extra withholding ${extra}`);
    }
    // Download: a single-use key, then the plain URL once.
    const key = await w.call('POST', `/payroll/api/forms/${form}/${emma.user}/download_key`, as(emma));
    assert.equal(key.status, 201, key.text);
    const first = await fetch(`${w.server.url}${key.body.url}`);
    assert.equal(first.status, 200, `${form}: downloaded`);
    assert.equal((await fetch(`${w.server.url}${key.body.url}`)).status, 401, `${form}: the key is spent`);
  }
});
