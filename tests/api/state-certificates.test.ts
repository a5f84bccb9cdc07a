/**
 * State withholding certificates through the API, rule by rule: the certificate is the work state's,
 * or the resident state's where the work state's rules say so, and none for a state without an
 * income tax on wages (engine/withholding-states.ts, docs/state-certificates.md); the current
 * statuses and boxes of the Oregon, New York, Alabama, Georgia, Illinois and Connecticut forms, with
 * the spec's earlier values read as stored and never saved again; the employer's own answers (New
 * York's dependent health insurance, California's EDD account number) kept on the employer's records
 * and printed on the forms.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { DEMO_EIN } from '../../server/demo.ts';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { pdfText, squash, ticked } from '../printable/pdf-tools.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const NO_TAX: Record<string, string> = {
  AK: 'Alaska',
  FL: 'Florida',
  NV: 'Nevada',
  NH: 'New Hampshire',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  WA: 'Washington',
  WY: 'Wyoming',
};

async function certificate(body: Record<string, unknown>, who: Session = w.emma) {
  return w.call('POST', `/payroll/api/data/my_state_w4/${who.user}`, { ...as(who), body });
}

/** The payroll manager keeps the employee's work state (and other employer answers) on her payroll record. */
async function employee(fields: Record<string, unknown>, key = w.emma.user) {
  const r = await w.call('PATCH', `/payroll/api/data/employee/${key}`, { ...as(w.payroll), body: fields });
  assert.equal(r.status, 200, r.text);
  return r;
}

async function residence(state: string) {
  const r = await w.call('POST', `/payroll/api/data/my_basic_info/${w.emma.user}`, {
    ...as(w.emma),
    body: { legal_address: { address1: '12 Elm Street', city: 'Springfield', state, postal_code: '62704' } },
  });
  assert.ok([200, 201].includes(r.status), r.text);
}

async function printed(form: string) {
  const res = await fetch(`${w.server.url}/payroll/api/forms/${form}/${w.emma.user}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: w.emma.token },
  });
  assert.equal(res.status, 200, form);
  return pdfText(Buffer.from(await res.arrayBuffer()));
}

const saved = (r: { status: number; text: string }) => assert.ok([200, 201].includes(r.status), r.text);

test('a state without an income tax on wages says so instead of taking a certificate, and offers no form', async () => {
  for (const [code, name] of Object.entries(NO_TAX)) {
    const r = await certificate({ state: code });
    assert.equal(r.status, 400, `${code}: ${r.text}`);
    assert.deepEqual(r.body.errors, [
      {
        path: '/state',
        message: `${name} has no state income tax on wages: no state withholding certificate is needed.`,
      },
    ]);
  }
  const forms = await w.call('POST', '/payroll/api/data/find/state_w4_form', {
    ...as(w.emma),
    body: { criteria: [{ field: 'state', is: 'in', value: Object.keys(NO_TAX) }] },
  });
  assert.equal(forms.body.total, 0);
});

test("the certificate follows the work state on the employee's payroll record", async () => {
  await employee({ work_state: 'CA' });
  const other = await certificate({ state: 'IL' });
  assert.equal(other.status, 400, other.text);
  assert.deepEqual(other.body.errors, [
    { path: '/state', message: 'Your state withholding certificate is for California, the state you work in.' },
  ]);
  saved(await certificate({ state: 'CA', state_status: 'Married - 1 Work', regular_allowances: 1 }));
});

test("a reciprocal agreement sends a resident of another state to their own state's certificate", async () => {
  await employee({ work_state: 'IL' });
  await residence('WI');
  const il = await certificate({ state: 'IL', basic_allowances: 1 });
  assert.equal(il.status, 400, il.text);
  assert.deepEqual(il.body.errors, [
    {
      path: '/state',
      message:
        'Your state withholding certificate is for Wisconsin, the state you live in: the state you work in exempts its residents by a reciprocal agreement.',
    },
  ]);
  saved(await certificate({ state: 'WI', extra_state_withholding: 5 }));
  // Indiana has no agreement with Illinois here: an Indiana resident gives the Illinois certificate.
  await residence('IN');
  saved(await certificate({ state: 'IL', basic_allowances: 1 }));
});

test('a work state without an income tax sends the employee to the certificate of the state they live in, if it has one', async () => {
  await employee({ work_state: 'TX' });
  await residence('CA');
  saved(await certificate({ state: 'CA', state_status: 'Single', regular_allowances: 1 }));
  const texas = await certificate({ state: 'TX' });
  assert.equal(texas.status, 400, texas.text);
  await residence('FL');
  const none = await certificate({ state: 'CA', state_status: 'Single' });
  assert.equal(none.status, 400, none.text);
  assert.deepEqual(none.body.errors, [
    { path: '/state', message: 'Texas has no state income tax on wages: no state withholding certificate is needed.' },
  ]);
  await residence('IL');
});

test("without a work state on the payroll record, the hire's work state decides", async () => {
  const email = `hire.${crypto.randomUUID().slice(0, 8)}@acme.example`;
  const hire = await w.call('POST', '/payroll/api/data/onboarding_user/', {
    ...as(w.payroll),
    body: {
      first_name: 'Nora',
      last_name: 'Newhire',
      email,
      state: 'NY',
      pay_type: 'Hourly',
      time_status: 'Full-Time',
      onboarding_contact: { name: 'Paul Payne', email: 'payroll@acme.example' },
    },
  });
  assert.equal(hire.status, 201, hire.text);
  // The invitation made her account, keyed as the hire.
  const password = await w.call('POST', '/auth/api/set_user_password', {
    ...as(w.admin),
    body: { user_id: hire.body.key, password: 'nora-pass-1', password2: 'nora-pass-1' },
  });
  assert.equal(password.status, 200, password.text);
  const nora = await w.login(w.acmeOrg, email, 'nora-pass-1');
  const nj = await certificate({ state: 'NJ' }, nora);
  assert.equal(nj.status, 400, nj.text);
  assert.deepEqual(nj.body.errors, [
    { path: '/state', message: 'Your state withholding certificate is for New York, the state you work in.' },
  ]);
  saved(await certificate({ state: 'NY', state_status: 'Single' }, nora));
});

test("Oregon: line 1's three statuses and the Redetermination box; the spec's table choices are read, never saved again", async () => {
  await employee({ work_state: 'OR' });
  const earlier = await certificate({ state: 'OR', state_status: 'Single (3 less)' });
  assert.equal(earlier.status, 400, earlier.text);
  assert.deepEqual(earlier.body.errors, [
    {
      path: '/state_status',
      message:
        'Choose Single, Married, or Married, but withholding at the higher single rate (line 1 of the current OR-W-4).',
    },
  ]);
  const r = await certificate({
    state: 'OR',
    state_status: 'Married, but withholding at the higher single rate',
    total_allowances: 1,
    redetermination: true,
  });
  saved(r);
  assert.equal(r.body.data.redetermination, true);
  const text = await printed('oregon');
  assert.equal(ticked(text, 'Married, but withholding at the higher single rate'), true);
  assert.equal(ticked(text, 'Redetermination'), true);
});

test("New York: the third status, and the employer's dependent health insurance answers kept apart from what the employee signs", async () => {
  await employee({ work_state: 'NY' });
  const signed = await certificate({
    state: 'NY',
    state_status: 'Married, but withhold at higher single rate',
    total_allowances: 2,
    employee_signature: { name: 'Emma Employee', font: 'font1', timestamp: 1_700_000_000 },
  });
  saved(signed);
  const noDate = await w.call('PATCH', `/payroll/api/data/employee/${w.emma.user}`, {
    ...as(w.payroll),
    body: { dependent_health_insurance: 'yes' },
  });
  assert.equal(noDate.status, 400, noDate.text);
  assert.deepEqual(noDate.body.errors, [
    {
      path: '/dependent_health_insurance_date',
      message: 'Enter the date the employee qualifies for dependent health insurance.',
    },
  ]);
  const byEmployee = await w.call('PATCH', `/payroll/api/data/my_employee/${w.emma.user}`, {
    ...as(w.emma),
    body: { dependent_health_insurance: 'no' },
  });
  assert.equal(byEmployee.status, 403, "the answer is the employer's");
  await employee({ dependent_health_insurance: 'yes', dependent_health_insurance_date: 1_743_465_600 });
  // The employer's answer leaves the employee's signature as it was.
  const kept = await w.call('GET', `/payroll/api/data/my_state_w4/${w.emma.user}`, as(w.emma));
  assert.equal(kept.body.data.employee_signature?.name, 'Emma Employee');
  const text = await printed('newyork');
  assert.equal(ticked(text, 'Married, but withhold at higher single rate'), true);
  const flat = squash(text);
  assert.match(flat, /Are dependent health insurance benefits available for this employee\? X Yes No/);
  assert.ok(flat.includes('If Yes, enter the date the employee qualifies for coverage'));
  assert.match(flat, /04\/01\/2025/);
});

test("Alabama: the A-4's codes, the spec's labels saved as the codes they stand for", async () => {
  await employee({ work_state: 'AL' });
  for (const [sent, stored] of [
    ['Married - Self', 'MS'],
    ['Head of House', 'H'],
    ['No Exemptions', '0'],
    ['M', 'M'],
  ]) {
    // No personal exemption takes no dependents (line 1's note).
    const r = await certificate({ state: 'AL', state_status: sent, dependents: stored === '0' ? 0 : 2 });
    saved(r);
    assert.equal(r.body.data.state_status, stored, sent);
  }
  const wrong = await certificate({ state: 'AL', state_status: 'Married' });
  assert.equal(wrong.status, 400, wrong.text);
  for (const none of ['0', 'No Exemptions']) {
    const dependents = await certificate({ state: 'AL', state_status: none, dependents: 1 });
    assert.equal(dependents.status, 400, dependents.text);
    assert.deepEqual(dependents.body.errors, [
      { path: '/dependents', message: 'With no personal exemption (line 1, 0) you cannot claim dependents on line 4.' },
    ]);
  }
  saved(await certificate({ state: 'AL', state_status: 'M', dependents: 2 }));
  // The employer's total on line 6: the code and the dependents.
  assert.match(squash(await printed('alabama')), /\bM-2\b/);
});

test('Georgia: married filing separately is a choice of its own, printed as letter A', async () => {
  await employee({ work_state: 'GA' });
  saved(await certificate({ state: 'GA', state_status: 'MFS', dependents: 1 }));
  const flat = squash(await printed('georgia'));
  assert.match(flat, /Married Filing Separate\s+A\b/);
});

test("Illinois: the form's exempt box (lines 1 to 3 left empty), and no invented military spouse box", async () => {
  await employee({ work_state: 'IL' });
  const both = await certificate({ state: 'IL', state_wh_exempt: true, basic_allowances: 1 });
  assert.equal(both.status, 400, both.text);
  assert.deepEqual(both.body.errors, [
    { path: '/state_wh_exempt', message: 'When you check the exempt box, do not complete lines 1 through 3.' },
  ]);
  saved(await certificate({ state: 'IL', state_wh_exempt: true }));
  const text = await printed('illinois');
  assert.equal(ticked(text, 'Check the box if you are exempt from federal and Illinois Income Tax withholding'), true);
  assert.doesNotMatch(squash(text), /military spouse/i);
});

test('Virginia: line 1 is for an employee subject to withholding; one who certifies not being subject (line 3 or 4) claims nothing', async () => {
  await employee({ work_state: 'VA' });
  const both = await certificate({ state: 'VA', state_wc_exempt: true, personal_exemptions: 2 });
  assert.equal(both.status, 400, both.text);
  assert.deepEqual(both.body.errors, [
    {
      path: '/state_wc_exempt',
      message: 'When you certify you are not subject to Virginia withholding (line 3 or 4), leave lines 1 and 2 empty.',
    },
  ]);
  saved(await certificate({ state: 'VA', state_wc_exempt: true }));
  saved(await certificate({ state: 'VA', state_wc_exempt: false, personal_exemptions: 2 }));
});

test('Oregon: an exemption is both lines of line 4 (its code and Exempt), with no allowances or additional amount', async () => {
  await employee({ work_state: 'OR' });
  const half = await certificate({ state: 'OR', state_status: 'Single', state_wh_exempt: true, total_allowances: 1 });
  assert.equal(half.status, 400, half.text);
  assert.deepEqual(half.body.errors, [
    { path: '/state_wh_exempt', message: 'When you claim exemption (line 4), leave lines 2 and 3 empty.' },
    { path: '/exemption_code', message: 'Enter the exemption code of line 4a when you claim exemption.' },
  ]);
  const codeOnly = await certificate({ state: 'OR', state_status: 'Single', exemption_code: 'A' });
  assert.equal(codeOnly.status, 400, codeOnly.text);
  assert.deepEqual(codeOnly.body.errors, [
    { path: '/state_wh_exempt', message: 'Check line 4b (Exempt) when you enter an exemption code.' },
  ]);
  saved(await certificate({ state: 'OR', state_status: 'Single', state_wh_exempt: true, exemption_code: 'A' }));
  // The code and "Exempt" printed after line 4's certification, its two answers.
  assert.match(squash(await printed('oregon')), /I meet the conditions in the instructions\. A Exempt Under penalties/);
});

test('Connecticut: the withholding code belongs to the table of the filing status the employee expects', async () => {
  await employee({ work_state: 'CT' });
  const none = await certificate({ state: 'CT', state_status: 'F' });
  assert.equal(none.status, 400, none.text);
  assert.deepEqual(none.body.errors, [
    { path: '/expected_filing_status', message: 'Choose the filing status you expect to report.' },
  ]);
  const wrong = await certificate({ state: 'CT', expected_filing_status: 'married_filing_jointly', state_status: 'F' });
  assert.equal(wrong.status, 400, wrong.text);
  assert.deepEqual(wrong.body.errors, [
    {
      path: '/state_status',
      message: 'Withholding code F is not in the table for married filing jointly: choose A, C, D, E.',
    },
  ]);
  saved(await certificate({ state: 'CT', expected_filing_status: 'head_of_household', state_status: 'B' }));
  const text = await printed('connecticut');
  assert.equal(ticked(text, 'Head of household: E $19,000 or less'), true);
  assert.match(squash(text), /Rev\. 11\/23, effective January 1, 2024/);
});

test("California: the DE 4 prints the employer's EDD account number, not the FEIN", async () => {
  const staff = await sudoInto(w, w.staff, w.acmeOrg);
  const employers = await w.call('POST', '/payroll/api/data/find/employer', { ...as(staff), body: { criteria: [] } });
  const key = employers.body.items[0].key;
  const bad = await w.call('PATCH', `/payroll/api/data/employer/${key}`, {
    ...as(staff),
    body: { ca_employer_account_number: '12345678' },
  });
  assert.equal(bad.status, 400, bad.text);
  assert.deepEqual(bad.body.errors, [
    {
      path: '/ca_employer_account_number',
      message: 'The California employer payroll tax account number is 8 digits written 123-4567-8.',
    },
  ]);
  const ok = await w.call('PATCH', `/payroll/api/data/employer/${key}`, {
    ...as(staff),
    body: { ca_employer_account_number: '412-3456-7' },
  });
  assert.equal(ok.status, 200, ok.text);
  await employee({ work_state: 'CA' });
  saved(await certificate({ state: 'CA', state_status: 'Single', regular_allowances: 1 }));
  const flat = squash(await printed('california'));
  assert.match(flat, /California Employer Payroll Tax Account .*412-3456-7/);
  assert.ok(!flat.includes(DEMO_EIN), 'the FEIN is not what the DE 4 asks for');
  assert.match(flat, /Rev\. 55 \(5-25\)/);
});

test("a state that is no state code is refused at /state, and the server's log does not repeat it", async () => {
  const junk = `Q${'x'.repeat(50_000)}`;
  const r = await certificate({ state: junk });
  assert.equal(r.status, 400, r.text.slice(0, 300));
  assert.ok(
    r.body.errors.some((e: { path: string }) => e.path === '/state'),
    JSON.stringify(r.body.errors).slice(0, 300),
  );
  assert.ok(!w.server.output().includes(junk.slice(0, 100)), 'the text is not logged');
});

test("another state's answer of the wrong type is refused naming it, not left out by the state's transform", async () => {
  await employee({ work_state: 'NY' });
  for (const [field, value] of [
    ['personal_exemptions', [[[]]]],
    ['personal_exemptions', 'three'],
    ['age_blindness_exemptions', 1000],
  ] as const) {
    const r = await certificate({ state: 'NY', state_status: 'Not a status', [field]: value });
    assert.equal(r.status, 400, `${field} ${JSON.stringify(value)}: ${r.text}`);
    assert.ok(
      r.body.errors.some((e: { path: string }) => e.path === `/${field}`),
      `${field} is named: ${r.text}`,
    );
    assert.ok(
      r.body.errors.some((e: { path: string }) => e.path === '/state_status'),
      `and the status: ${r.text}`,
    );
  }
  saved(await certificate({ state: 'NY', state_status: 'Single' }));
});

test("a field the state's form does not have is refused naming it: New York's IT-2104 has no exemption line", async () => {
  await employee({ work_state: 'NY' });
  // Exemption from New York withholding is claimed on the IT-2104-E, not on the IT-2104: an exempt
  // answer kept on the IT-2104 went to payroll while the printed form the employee signed said nothing.
  const r = await certificate({
    state: 'NY',
    state_status: 'Single',
    total_allowances: 1,
    state_wh_exempt: true,
    personal_exemptions: 5,
    made_up_answer: 'zzz',
  });
  assert.equal(r.status, 400, r.text);
  assert.deepEqual(
    r.body.errors,
    ['state_wh_exempt', 'personal_exemptions', 'made_up_answer'].map((f) => ({
      path: `/${f}`,
      message: 'Is not a field of this form',
    })),
  );
  saved(await certificate({ state: 'NY', state_status: 'Single', total_allowances: 1 }));
  // A value kept from before (here the shared default the server stored; a field product staff
  // renamed since, likewise) may be sent back as it is, never changed.
  const kept = await w.call('GET', `/payroll/api/data/my_state_w4/${w.emma.user}`, as(w.emma));
  assert.equal(kept.body.data.state_wc_exempt, false);
  const patch = (body: Record<string, unknown>) =>
    w.call('PATCH', `/payroll/api/data/my_state_w4/${w.emma.user}`, { ...as(w.emma), body: { state: 'NY', ...body } });
  saved(await patch({ total_allowances: 2, state_wc_exempt: false }));
  const changed = await patch({ state_wc_exempt: true });
  assert.equal(changed.status, 400, changed.text);
  assert.deepEqual(changed.body.errors, [{ path: '/state_wc_exempt', message: 'Is not a field of this form' }]);
});
