/**
 * The printed I-9's supplement pages: Supplement A (page 3) and Supplement B (page 4) carry the
 * blocks written through the API, each with its own signature and date; a block changed after
 * signing prints unsigned; Supplement B's document number is whole for the payroll manager and
 * masked for a manager of onboarding only; more than three Supplement B blocks continue on a page
 * of their own, and every page counts it.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { EMPLOYER_ADDRESS } from '../helpers/i9-section2.ts';
import { as, demoWorld, onboardingManager, type DemoWorld, type Session } from '../helpers/demo.ts';
import { renderForm } from '../../printable/render.ts';
import { sampleInput } from '../../bench/printable-samples.ts';
import { pdfInfo, pdfText, squash, ticked } from './pdf-tools.ts';
import { companyTimeZone, localDay } from '../../engine/local-day.ts';

let w: DemoWorld;
let onboarder: Session;
/** The day Chidi Okafor's block was signed, in the company's zone, as the form prints it. */
let okaforSignedOn: number;
const DOC_NUMBER = 'IOE0912345678';
const today = () => Math.floor(Date.now() / 86400_000) * 86400;
const sign = (name: string) => ({ name, font: 'font1', timestamp: 1 });
const us = (t: number) => new Date(t * 1000).toISOString().replace(/^(\d{4})-(\d\d)-(\d\d).*$/, '$2/$3/$1');

async function patch(who: Session, body: object) {
  const r = await w.call('PATCH', `/payroll/api/data/i9/${w.emma.user}`, { ...as(who), body });
  assert.equal(r.status, 200, r.text);
  return r.body.data;
}

beforeAll(async () => {
  w = await demoWorld();
  onboarder = await onboardingManager(w);
  const s1 = await w.call('POST', `/payroll/api/data/my_i9/${w.emma.user}`, {
    ...as(w.emma),
    body: { work_auth_status: 'Citizen of the United States', employee_signature: sign('Emma Employee') },
  });
  assert.equal(s1.status, 200, s1.text);
  await patch(w.payroll, {
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
    employer_or_representative: 'Payroll, Paul, Manager',
    employer_address: EMPLOYER_ADDRESS,
    employer_signature: sign('Paul Payroll'),
  });
  const a = await w.call('PATCH', `/payroll/api/data/my_i9/${w.emma.user}`, {
    ...as(w.emma),
    body: {
      supplement_a: [
        {
          last_name: 'Okafor',
          first_name: 'Chidi',
          address: { address1: '31 Lincoln Avenue', city: 'Peoria', state: 'IL', postal_code: '61602' },
          signature: sign('Chidi Okafor'),
        },
        {
          last_name: 'Moreau',
          first_name: 'Claire',
          address: { address1: '9 Pine Road', city: 'Decatur', state: 'IL', postal_code: '62521' },
          signature: sign('Claire Moreau'),
        },
      ],
    },
  });
  assert.equal(a.status, 200, a.text);
  // The second preparer's block is corrected after signing: its signature is void.
  const [okafor, moreau] = a.body.data.supplement_a;
  const session = await w.call('GET', '/auth/api/session', as(w.admin));
  okaforSignedOn = localDay(okafor.signature.timestamp, companyTimeZone(session.body.organization.data));
  const fixed = await w.call('PATCH', `/payroll/api/data/my_i9/${w.emma.user}`, {
    ...as(w.emma),
    body: { supplement_a: [okafor, { ...moreau, address: { ...moreau.address, postal_code: '62522' } }] },
  });
  assert.equal(fixed.status, 200, fixed.text);
  await patch(w.payroll, {
    supplement_b: [
      {
        document_title: 'U.S. Passport Card',
        document_number: DOC_NUMBER,
        expiration_date: today() + 400 * 86400,
        employer_name: 'Paul Payroll',
        additional_info: 'PP: card presented in person.',
        alternative_procedure: true,
        signature: sign('Paul Payroll'),
      },
    ],
  });
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
  const raw = await pdfText(pdf);
  // pdfText separates pages with a form feed.
  return {
    raw,
    pages: raw
      .split('\f')
      .filter((p) => p.trim())
      .map(squash),
    count: (await pdfInfo(pdf)).pages,
  };
}

test('Supplement A on page 3: each block with its own signature; a block changed after signing prints unsigned', async () => {
  const { pages, count } = await print(w.payroll);
  assert.equal(count, 4);
  const page3 = pages[2];
  assert.ok(page3.includes('Preparer and/or Translator Certification for Section 1'), page3);
  assert.ok(page3.includes('Page 3 of 4'));
  for (const s of ['Okafor', 'Chidi', '31 Lincoln Avenue', 'Peoria', '61602', 'Moreau', 'Claire', '62522']) {
    assert.ok(page3.includes(s), `page 3 shows ${s}`);
  }
  assert.ok(page3.includes('Chidi Okafor'), 'the signed block shows its signature');
  assert.ok(!page3.includes('Claire Moreau'), 'the voided signature is not printed');
  // Read from the stored signature: the company's day, not the UTC one, nor the day the test runs on.
  const signedOn = us(okaforSignedOn);
  assert.equal(page3.split(signedOn).length - 1, 1, `one block dated ${signedOn}: the signed one`);
});

test('Supplement B on page 4 with the block written through the API; the number whole for payroll, masked for a manager of onboarding', async () => {
  const byPayroll = await print(w.payroll);
  const page4 = byPayroll.pages[3];
  assert.ok(page4.includes('Reverification and Rehire (formerly Section 3)'));
  for (const s of ['U.S. Passport Card', DOC_NUMBER, us(today() + 400 * 86400), 'PP: card presented in person.']) {
    assert.ok(page4.includes(s), `page 4 shows ${s}`);
  }
  // The block's box; its label wraps, so its first words name it (the first block's comes first).
  assert.equal(
    ticked(byPayroll.raw.split('\f')[3], 'Check here if you used'),
    true,
    "the block's alternative procedure box",
  );
  assert.ok(page4.includes('Page 4 of 4'));
  // Sections 1 and 2 are still signed on page 1: the supplements did not void them.
  assert.ok(byPayroll.pages[0].includes('Emma Employee') && byPayroll.pages[0].includes('Paul Payroll'));

  const byOnboarder = await print(onboarder);
  assert.ok(!byOnboarder.pages[3].includes(DOC_NUMBER), 'not whole for a manager of onboarding only');
  assert.ok(byOnboarder.pages[3].includes('xxxxxxxxx5678'));
});

test('a fourth Supplement B block prints on a continuation page: Page n of 5', async () => {
  const d = await patch(w.payroll, {
    supplement_b: [
      ...(await w.call('GET', `/payroll/api/data/i9/${w.emma.user}`, as(w.payroll))).body.data.supplement_b,
      ...['Second', 'Third', 'Fourth'].map((n) => ({
        new_last_name: `Employee-${n}`,
        new_first_name: 'Emma',
        employer_name: `Rep ${n}`,
        signature: sign(`Rep ${n}`),
      })),
    ],
  });
  assert.equal(d.supplement_b.length, 4);
  const { pages, count } = await print(w.payroll);
  assert.equal(count, 5);
  for (const n of [1, 2, 3, 4, 5]) assert.ok(pages[n - 1].includes(`Page ${n} of 5`), `page ${n}`);
  assert.ok(pages[3].includes('Employee-Third') && !pages[3].includes('Employee-Fourth'));
  assert.ok(pages[4].includes('Employee-Fourth') && pages[4].includes('Rep Fourth'));
});

test('the continuation pages follow the blocks: 3 blocks print 4 pages, 7 print 6; an addendum still comes last', async () => {
  const input = sampleInput('i9');
  const block = (input.i9 as { supplement_b: object[] }).supplement_b[0];
  for (const [blocks, pages] of [
    [3, 4],
    [4, 5],
    [7, 6],
    [9, 6],
  ]) {
    const i9 = {
      ...input.i9,
      supplement_b: Array.from({ length: blocks }, (_, i) => ({ ...block, employer_name: `Rep ${i + 1}` })),
    };
    const result = await renderForm('i9', { ...input, i9 });
    assert.equal(result.pages, pages, `${blocks} blocks`);
    const text = squash(await pdfText(result.pdf));
    assert.ok(text.includes(`Rep ${blocks}`), `block ${blocks} printed`);
    assert.ok(text.includes(`Page ${pages} of ${pages}`));
  }
  const long = {
    ...input.i9,
    additional_info: 'Reviewed in person. '.repeat(40).trim(),
    supplement_b: Array.from({ length: 4 }, () => block),
  };
  const result = await renderForm('i9', { ...input, i9: long });
  assert.equal(result.pages, 6, 'five pages, then the addendum');
  const last = (await pdfText(result.pdf))
    .split('\f')
    .filter((p) => p.trim())
    .at(-1)!;
  assert.ok(squash(last).includes('Addendum to Form I-9') && squash(last).includes('Page 6 of 6'));
});
