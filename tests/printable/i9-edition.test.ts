/**
 * The printed I-9 (edition 01/20/25): the form's own anti-discrimination sentence, "Page n of N"
 * counting the pages printed (an addendum too), the I-94 box, the alternative-procedure box and a
 * List B annotation; the immigration identifiers whole for the employee and the payroll manager
 * (each such print audited as a reveal of those fields), masked for a manager of onboarding only,
 * who gets no date of birth either.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { EMPLOYER_ADDRESS } from '../helpers/i9-section2.ts';
import { as, demoWorld, onboardingManager, type DemoWorld, type Session } from '../helpers/demo.ts';
import { renderForm } from '../../printable/render.ts';
import { sampleInput } from '../../bench/printable-samples.ts';
import { pdfInfo, pdfText, squash, ticked } from './pdf-tools.ts';

let w: DemoWorld;
let onboarder: Session;

const I94 = '69201234567';
const CARD = '512483927';
const NOTICE =
  'Treating employees differently based on their citizenship, immigration status, or national origin may be illegal.';
const ALT = 'Check here if you used an alternative procedure authorized by DHS to examine documents.';

beforeAll(async () => {
  w = await demoWorld();
  onboarder = await onboardingManager(w);
  const sign = { name: 'Emma Employee', font: 'font1', timestamp: 1 };
  const info = await w.call('POST', `/payroll/api/data/my_basic_info/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      dob: '1990-05-17',
      phone: '2175550100',
      legal_address: { address1: '12 Oak Street', city: 'Springfield', state: 'IL', postal_code: '62701' },
    },
  });
  assert.ok([200, 201].includes(info.status), info.text);
  const s1 = await w.call('POST', `/payroll/api/data/my_i9/${w.emma.user}`, {
    ...as(w.emma),
    body: { work_auth_status: 'An Alien Authorized to Work', i94_admission_number: I94, employee_signature: sign },
  });
  assert.equal(s1.status, 200, s1.text);
  const s2 = await w.call('PATCH', `/payroll/api/data/i9/${w.emma.user}`, {
    ...as(w.payroll),
    body: {
      documentation: [
        { document_type: 'special_placement', list: 'B', title: 'Special Placement' },
        {
          document_type: 'social_security_card_no_restrictions',
          list: 'C',
          title: 'Social Security Card',
          issuing_authority: 'SSA',
          document_number: CARD,
        },
      ],
      alternative_procedure: true,
      first_day: 1741564800,
      employer_or_representative: 'Payroll, Paul, Manager',
      employer_address: EMPLOYER_ADDRESS,
      employer_signature: { name: 'Paul Payroll', font: 'font1', timestamp: 1 },
    },
  });
  assert.equal(s2.status, 200, s2.text);
});
afterAll(async () => {
  await w.server.stop();
});

async function print(who: Session) {
  const res = await fetch(`${w.server.url}/payroll/api/forms/i9/${w.emma.user}`, {
    headers: { 'organization-id': w.acmeOrg, auth_token: who.token },
  });
  assert.equal(res.status, 200);
  const pdf = new Uint8Array(await res.arrayBuffer());
  return { raw: await pdfText(pdf), text: squash(await pdfText(pdf)), pages: (await pdfInfo(pdf)).pages };
}

async function idReveals(by: Session) {
  const r = await w.call('POST', '/auth/api/data/find/audit_log', {
    ...as(w.admin),
    body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 500 },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items
    .map((i: any) => i.data)
    .filter(
      (a: any) => a.logged_in_user === by.user && a.detail.type === 'i9' && a.detail.fields.includes('printable:i9'),
    );
}

test("the form's own notice sentence, the page count, the I-94 box, the alternative procedure and the List B annotation", async () => {
  // Printed by the payroll manager: Section 2 (the alternative procedure, the documents) is the employer's.
  const { raw, text, pages } = await print(w.payroll);
  assert.ok(text.includes(NOTICE), 'the notice as printed on the form');
  assert.ok(!/national origin, or race/.test(text), 'no wording the form does not have');
  assert.equal(pages, 4, 'Sections 1 and 2, the lists, Supplement A, Supplement B');
  for (const n of [1, 2, 3, 4]) assert.ok(text.includes(`Page ${n} of 4`), `page ${n}`);
  // The middle of the three status 4 boxes: USCIS A-Number OR I-94 Admission Number OR passport.
  assert.match(
    text,
    new RegExp(`USCIS A-Number Form I-94 Admission Number .*OR ${I94} OR`),
    'the I-94 number in its own box',
  );
  assert.equal(ticked(raw, ALT), true, 'the alternative procedure box ticked');
  assert.ok(text.includes('Special Placement'), 'the annotation in List B');
});

test('an addendum page counts: Page 1 of 5', async () => {
  const input = sampleInput('i9');
  input.i9 = { ...input.i9, additional_info: 'Reviewed in person. '.repeat(40).trim() };
  const result = await renderForm('i9', input);
  const text = squash(await pdfText(result.pdf));
  assert.equal(result.pages, 5);
  for (const n of [1, 2, 3, 4, 5]) assert.ok(text.includes(`Page ${n} of 5`), `page ${n}`);
});

test('the employee and the payroll manager print the identifiers whole, each print audited as their reveal', async () => {
  for (const who of [w.emma, w.payroll]) {
    const before = (await idReveals(who)).length;
    const { text } = await print(who);
    assert.ok(text.includes(I94), 'whole');
    assert.ok(text.includes('05/17/1990'), 'the date of birth');
    // Section 2's documents are the employer's (x-read): not on the employee's copy at all.
    const employee = who === w.emma;
    assert.equal(text.includes(CARD), !employee, employee ? 'no document of Section 2' : 'whole');
    assert.ok(!text.includes('xxxxx3927') || !employee, 'not even masked');
    const after = await idReveals(who);
    assert.equal(after.length, before + 1);
    assert.deepEqual(
      after.at(-1).detail.fields.sort(),
      employee
        ? ['i94_admission_number', 'printable:i9']
        : ['documentation.document_number', 'i94_admission_number', 'printable:i9'],
    );
    assert.equal(after.at(-1).affected_user, w.emma.user);
  }
});

test('a manager of onboarding only prints them masked, without a date of birth, and no reveal is recorded', async () => {
  const { text } = await print(onboarder);
  assert.ok(!text.includes(I94) && !text.includes(CARD), 'not whole');
  assert.ok(text.includes('xxxxxxx4567') && text.includes('xxxxx3927'), 'the masks');
  assert.ok(!text.includes('05/17/1990'), 'no date of birth');
  assert.equal((await idReveals(onboarder)).length, 0);
});
