/**
 * A W-4 made today (November 2026) is on the 2026 form, and its printout is the 2026 form: its year
 * in the header and the footer, $2,200 per child in 3(a), Step 4 no longer "(optional)", the
 * Deductions Worksheet on page 4 and the exempt checkbox. The wording of each edition comes from
 * schemas/common/w4-editions.json, as the server's rules read it.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { loadLayout, sharedVars } from '../../printable/layouts.ts';
import { resolveLayout } from '../../printable/resolve.ts';
import { pdfText, squash } from './pdf-tools.ts';

describe('the 2026 W-4 on the real server', () => {
  let w: DemoWorld;
  beforeAll(async () => {
    w = await demoWorld();
  });
  afterAll(async () => {
    await w.server.stop();
  });

  test('a W-4 made now prints the 2026 form: its year, $2,200 in 3(a), Step 4 and its worksheet page', async () => {
    const made = await w.call('POST', `/payroll/api/data/my_w4/${w.emma.user}`, {
      ...as(w.emma),
      body: { filing_status: 'Single', number_of_dependents_under_17: 2, number_of_other_dependents: 1 },
    });
    assert.equal(made.status, 200, made.text);
    const res = await fetch(`${w.server.url}/payroll/api/forms/w4/${w.emma.user}`, {
      headers: { 'organization-id': w.acmeOrg, auth_token: w.emma.token },
    });
    assert.equal(res.status, 200);
    const text = squash(await pdfText(Buffer.from(await res.arrayBuffer())));
    assert.match(text, /Employee's Withholding Certificate .*2026/, 'the year in the header');
    assert.match(text, /Form W-4 \(2026\)/, 'the year in the footer');
    assert.match(text, /3\(a\) Multiply the number of qualifying children under age 17 by \$2,200 \$ 4,400/);
    assert.match(text, /3\(b\) Multiply the number of other dependents by \$500 \$ 500/);
    assert.match(text, /Step 4: /);
    assert.doesNotMatch(text, /optional/);
    assert.match(text, /use the Deductions Worksheet on page 4 /);
    assert.match(text, /I claim exemption from withholding/, 'the exempt checkbox of the 2026 form');
    assert.doesNotMatch(text, /2020/);
  });
});

describe('the wording of each edition', () => {
  const printed = async (w4: Record<string, unknown>) => {
    const r = await resolveLayout(loadLayout('w4'), { w4 }, sharedVars());
    return Object.fromEntries(r.printed.map((p) => [p.id, p.text]));
  };

  test('2020 to 2025: Step 4 (optional), the worksheet on page 3, one Step 3 block at $2,000', async () => {
    for (const year of ['2020', '2023', '2025']) {
      const v = await printed({ w4_year: year });
      assert.equal(v.year, year);
      assert.equal(v.footer_year, `Form W-4 (${year})`);
      assert.equal(v.step4_title, 'Step 4\n(optional):');
      assert.match(v.deductions_label, /use the Deductions Worksheet on page 3 and enter the result here$/);
      assert.equal(v.children_label, 'Multiply the number of qualifying children under age 17 by $2,000');
    }
  });

  test('2026: Step 4 without "(optional)", the worksheet on page 4, 3(a) at $2,200 and 3(b)', async () => {
    const v = await printed({ w4_year: '2026' });
    assert.equal(v.step4_title, 'Step 4:');
    assert.match(v.deductions_label, /use the Deductions Worksheet on page 4 and enter the result here$/);
    assert.equal(v.children_label, '3(a) Multiply the number of qualifying children under age 17 by $2,200');
    assert.equal(v.other_dependents_label, '3(b) Multiply the number of other dependents by $500');
  });
});

describe('Steps 3 and 4 on paper', () => {
  // What the server stores for a W-4 whose employee left Step 4 alone: its defaults, 0.
  const untouched = { income_not_from_jobs: 0, deductions: 0, multiple_jobs: false };
  const amounts = ['children_amount', 'other_dependents_amount', 'dependent_total', 'other_income', 'deductions'];
  const printed = async (w4: Record<string, unknown>) => {
    const r = await resolveLayout(loadLayout('w4'), { w4 }, sharedVars());
    return Object.fromEntries(r.printed.map((p) => [p.id, p.text]));
  };

  test('an exempt W-4 prints Steps 3 and 4 empty, as the form asks (only Steps 1 and 5), every edition', async () => {
    for (const year of ['2020', '2025', '2026']) {
      const v = await printed({
        w4_year: year,
        filing_status: 'Single',
        exempt_from_federal_withholding: true,
        federal_withholding_extra: 0,
        dependent_amount: 0,
        ...untouched,
      });
      for (const id of [...amounts, 'extra_withholding']) {
        assert.equal(v[id] ?? '', '', `${year}: ${id} is left empty on an exempt certificate`);
      }
      assert.equal(v.multiple_jobs ?? '', '', `${year}: Step 2(c) is not ticked`);
      if (year === '2026') assert.equal(v.exempt_box, 'X', 'the exempt box');
    }
  });

  test('an amount left at 0 prints as an empty line, as 4(b) already did; an amount given prints', async () => {
    const v = await printed({ w4_year: '2026', filing_status: 'Married', federal_withholding_extra: 0, ...untouched });
    for (const id of [...amounts, 'extra_withholding']) assert.equal(v[id] ?? '', '', `${id} left at 0`);
    const given = await printed({
      w4_year: '2026',
      filing_status: 'Married',
      income_not_from_jobs: 1200,
      deductions: 3400,
      federal_withholding_extra: 56,
      dependents_under_17_amount: 4400,
      other_dependents_amount: 500,
      dependent_amount: 4900,
    });
    assert.deepEqual(
      [given.other_income, given.deductions, given.extra_withholding, given.children_amount, given.dependent_total],
      ['1,200', '3,400', '56', '4,400', '4,900'],
    );
  });
});
