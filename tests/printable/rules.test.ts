/**
 * The computed values and fallbacks of spec/001 section 2, checked on what the layouts resolve to
 * (no PDF needed): Virginia, Oregon, California, Alabama and Arizona rules, W-4 blanks and years,
 * the I-9 statuses and leftover documents, the hire when there is no employee record.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import type { FormName, PrintInput } from '../../printable/layout.ts';
import { loadLayout, sharedVars } from '../../printable/layouts.ts';
import { renderForm } from '../../printable/render.ts';
import { NOT_SIGNED_MARK, resolveLayout } from '../../printable/resolve.ts';
import { MAX_PRINTED_TEXT } from '../../printable/elements.ts';
import { sampleInput } from '../../bench/printable-samples.ts';
import { pdfText, squash } from './pdf-tools.ts';

async function printed(form: FormName, input: PrintInput) {
  const r = await resolveLayout(loadLayout(form), input, sharedVars());
  return Object.fromEntries(r.printed.map((p) => [p.id, p.text]));
}

const withState = (form: FormName, stateW4: Record<string, unknown>): PrintInput => ({
  ...sampleInput(form),
  state_w4: { state: loadLayout(form).state, ...stateW4 },
});

describe('state form rules', () => {
  test('Virginia: total exemptions are personal plus age and blindness; missing counts are 0', async () => {
    let v = await printed('virginia', withState('virginia', { personal_exemptions: 2, age_blindness_exemptions: 2 }));
    assert.deepEqual([v.personal_exemptions, v.age_blindness_exemptions, v.total_exemptions], ['2', '2', '4']);
    v = await printed('virginia', withState('virginia', { personal_exemptions: 1 }));
    assert.deepEqual([v.personal_exemptions, v.age_blindness_exemptions, v.total_exemptions], ['1', '0', '1']);
    v = await printed('virginia', withState('virginia', {}));
    assert.equal(v.total_exemptions, '0');
  });

  test("Oregon: allowances default to 0; the form's three statuses tick their boxes, the spec's table choices none", async () => {
    let v = await printed('oregon', withState('oregon', { state_status: 'Single' }));
    assert.equal(v.total_allowances, '0');
    assert.deepEqual([v.single, v.married, v.married_single_rate], ['X', '', '']);
    v = await printed(
      'oregon',
      withState('oregon', {
        state_status: 'Married, but withholding at the higher single rate',
        state_wh_exempt: true,
      }),
    );
    assert.deepEqual([v.single, v.married, v.married_single_rate, v.exempt], ['', '', 'X', 'Exempt']);
    // 'Married / Single (3+)' was a withholding table, not one status: printed as the earlier form's answer.
    v = await printed('oregon', withState('oregon', { state_status: 'Married / Single (3+)' }));
    assert.deepEqual([v.single, v.married, v.married_single_rate], ['', '', '']);
    assert.match(v.earlier_status, /Married, or Single with 3 or more allowances/);
  });

  test('California: regular = total - estimated (0 when total <= 0); claimed = total, or estimated without one', async () => {
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ total_allowances: 5, estimated_allowances: 2 }, '3', '2', '5'],
      [{ total_allowances: 4 }, '4', '0', '4'],
      [{ total_allowances: 0, estimated_allowances: 2 }, '0', '2', '0'],
      [{ estimated_allowances: 2 }, '0', '2', '2'],
      [{}, '0', '0', '0'],
    ];
    for (const [sw, regular, estimated, claimed] of cases) {
      const v = await printed('california', withState('california', sw));
      assert.deepEqual(
        [v.regular_allowances, v.estimated_allowances, v.allowances_claimed],
        [regular, estimated, claimed],
        JSON.stringify(sw),
      );
    }
    for (const [status, box] of [
      ['Single', 'single'],
      ['Married - 2 Work', 'single'],
      ['Married - 1 Work', 'married_one'],
      ['Head of House', 'head'],
    ]) {
      const v = await printed('california', withState('california', { state_status: status }));
      assert.equal(v[box], 'X', status);
    }
  });

  test("Alabama: 0 on line 1, S or MS on line 2, M or H on line 3, the employer's code-dependents on line 6", async () => {
    const cases: [string, string, string][] = [
      ['0', 'line1', '0'],
      ['S', 'line2', 'S'],
      ['MS', 'line2', 'MS'],
      ['M', 'line3', 'M'],
      ['H', 'line3', 'H'],
      // The spec's labels on an earlier certificate print as the codes they stand for.
      ['No Exemptions', 'line1', '0'],
      ['Single', 'line2', 'S'],
      ['Married - Self', 'line2', 'MS'],
      ['Married - File Joint', 'line3', 'M'],
      ['Head of House', 'line3', 'H'],
    ];
    for (const [status, line, code] of cases) {
      const v = await printed('alabama', withState('alabama', { state_status: status, dependents: 1 }));
      assert.equal(v[line], code, status);
      for (const other of ['line1', 'line2', 'line3'].filter((l) => l !== line)) assert.equal(v[other], '', status);
      assert.equal(v.total_exemptions, code === '0' ? '0' : `${code}-1`, status);
    }
  });

  test('Arizona: the current rate of each pair is checked; 0 Percent or exempt elects zero', async () => {
    let v = await printed('arizona', withState('arizona', { state_status: '3.5 Percent/5.1 Percent' }));
    assert.equal(v['rate_3.5'], 'X');
    assert.equal(v.zero_percent, '');
    v = await printed('arizona', withState('arizona', { state_status: '0 Percent' }));
    assert.equal(v.zero_percent, 'X');
    assert.ok(!Object.entries(v).some(([k, x]) => k.startsWith('rate_') && x === 'X'));
  });

  test('Arkansas maps the record (no fixed sample values): status, dependents and their total', async () => {
    const v = await printed('arkansas', withState('arkansas', { state_status: 'Single', dependents: 3 }));
    assert.deepEqual([v.single, v.exemptions_1a, v.dependents, v.total_exemptions], ['X', '1', '3', '4']);
    const none = await printed('arkansas', withState('arkansas', {}));
    assert.deepEqual([none.single, none.married, none.head, none.dependents], ['', '', '', '0']);
  });

  test('Arkansas reads the exemption choice; Indiana the claims for yourself and your spouse', async () => {
    const ar = await printed('arkansas', withState('arkansas', { exemption_choice: '1b', dependents: 1 }));
    assert.deepEqual([ar.married, ar.exemptions_1b, ar.total_exemptions], ['X', '2', '3']);
    const ind = await printed(
      'indiana',
      withState('indiana', { claim_self: true, claim_spouse: false, dependents: 1 }),
    );
    assert.deepEqual([ind.self, ind.spouse, ind.dependents, ind.total], ['1', '0', '1', '2']);
  });

  test('a state form prints only the answers of its own state', async () => {
    const input = {
      ...sampleInput('oregon'),
      state_w4: { state: 'CA', total_allowances: 7, extra_state_withholding: 99 },
    };
    const text = squash(await pdfText((await renderForm('oregon', input)).pdf));
    assert.ok(!text.includes('99'), 'California answers are not printed on the Oregon form');
    assert.ok(text.includes('Gonzalez'), 'the employee is');
  });
});

describe('W-4 rules', () => {
  test("blank personal values print as '--'", async () => {
    const v = await printed('w4', { w4: { w4_year: '2025', filing_status: 'Single' } });
    assert.deepEqual([v.first_name, v.last_name, v.ssn, v.address, v.city_state_zip], ['--', '--', '--', '--', '--']);
    const partial = await printed('w4', {
      w4: { w4_year: '2025' },
      basic_info: { legal_address: { city: 'Springfield' } },
    });
    assert.equal(partial.city_state_zip, 'Springfield, -- --');
  });

  test('the filing status ticks one box; legacy 2019 answers are read too', async () => {
    for (const [status, box] of [
      ['Single', 'single'],
      ['Married', 'married'],
      ['Head of Household', 'head_of_household'],
    ]) {
      const v = await printed('w4', { w4: { w4_year: '2025', filing_status: status } });
      assert.equal(v[box], 'X', status);
    }
    const legacy = await printed('w4', {
      w4: { w4_year: '2019', w4_2019: { status: 'Married, but withhold at higher Single rate' } },
    });
    assert.equal(legacy.single, 'X');
  });

  test('exempt: written below 4(c) up to 2025, a checked box from 2026; the 2026 child amount is $2,200', async () => {
    const r2025 = await resolveLayout(
      loadLayout('w4'),
      { w4: { w4_year: '2025', exempt_from_federal_withholding: true } },
      sharedVars(),
    );
    assert.ok(r2025.ops.some((op) => op.kind === 'text' && op.text === 'Exempt'));
    const exempt = await printed('w4', { w4: { w4_year: '2026', exempt_from_federal_withholding: true } });
    assert.equal(exempt.exempt_box, 'X');
    // An exempt W-4 leaves Step 3 empty (the server refuses one with dependents): the amount is a claim's.
    const v = await printed('w4', { w4: { w4_year: '2026', number_of_dependents_under_17: 1 } });
    assert.equal(v.exempt_box, '');
    assert.equal(v.children_label, '3(a) Multiply the number of qualifying children under age 17 by $2,200');
    assert.equal(v.children_amount, '2,200');
    assert.equal(v.dependent_total, '2,200');
  });

  test('a stored 2026 W-4 prints Step 3(a), 3(b) and the total from its amounts', async () => {
    const input = sampleInput('w4');
    input.w4 = {
      ...input.w4,
      w4_year: '2026',
      dependents_under_17_amount: 4400,
      other_dependents_amount: 500,
      dependent_amount: 4900,
      exempt_from_federal_withholding: false,
    };
    const r = await renderForm('w4', input);
    const v = Object.fromEntries(r.printed.map((p) => [p.id, p.text]));
    assert.equal(v.children_label, '3(a) Multiply the number of qualifying children under age 17 by $2,200');
    assert.equal(v.other_dependents_label, '3(b) Multiply the number of other dependents by $500');
    assert.deepEqual([v.children_amount, v.other_dependents_amount, v.dependent_total], ['4,400', '500', '4,900']);
    assert.equal(v.exempt_box, '');
    const text = squash(await pdfText(r.pdf));
    assert.match(text, /3\(a\) Multiply the number of qualifying children under age 17 by \$2,200 \$ 4,400/);
    assert.match(text, /3\(b\) Multiply the number of other dependents by \$500 \$ 500/);
    assert.match(text, /Form W-4 \(2026\)/);
  });

  test('a stored 2020-2025 W-4 prints its Step 3 total, the lines it has no counts for blank', async () => {
    const v = await printed('w4', { w4: { w4_year: '2025', dependent_amount: 4500 } });
    assert.equal(v.children_label, 'Multiply the number of qualifying children under age 17 by $2,000');
    assert.deepEqual([v.children_amount, v.other_dependents_amount, v.dependent_total], ['', '', '4,500']);
  });
});

describe('I-9 rules', () => {
  test('a citizen: only box 1, no alien numbers', async () => {
    const input = sampleInput('i9');
    input.i9 = { ...input.i9, work_auth_status: 'Citizen of the United States' };
    const v = await printed('i9', input);
    assert.deepEqual(
      [v.status_citizen, v.status_alien, v.uscis_a_number, v.lpr_number, v.authorized_until],
      ['X', '', '', '', ''],
    );
  });

  test('a lawful permanent resident: the USCIS or A-Number beside box 3', async () => {
    const input = sampleInput('i9');
    input.i9 = { ...input.i9, work_auth_status: 'Lawful Permanent Resident' };
    const v = await printed('i9', input);
    assert.deepEqual([v.status_lpr, v.lpr_number, v.uscis_a_number], ['X', 'A123456789', '']);
  });

  test('3 List A, 1 List B, 1 List C in the grid; the rest in Additional Information, continued on an addendum', async () => {
    const input = sampleInput('i9');
    const docs = (input.i9!.documentation as Record<string, unknown>[]).slice();
    for (let i = 0; i < 4; i++) docs.push({ ...docs[4 + (i % 2)], document_number: `EXTRA-${i}` });
    input.i9 = { ...input.i9, documentation: docs, additional_info: 'Reviewed in person. '.repeat(20).trim() };
    const result = await renderForm('i9', input);
    assert.equal(result.pages, 5, 'the four pages of the form, then an addendum page');
    const text = squash(await pdfText(result.pdf));
    assert.match(text, /Addendum to Form I-9/);
    for (let i = 0; i < 4; i++) assert.ok(text.includes(`EXTRA-${i}`), `leftover ${i} printed`);
    assert.match(text, /#12: Voter's Registration Card, List B, Sangamon County, EXTRA-3, Expires N\/A/);
  });

  test('a value past MAX_PRINTED_TEXT characters prints its start and says how much was cut', async () => {
    const input = sampleInput('i9');
    input.i9 = { ...input.i9, additional_info: 'x'.repeat(MAX_PRINTED_TEXT + 2_345) };
    const v = await printed('i9', input);
    assert.ok(v.additional_info.startsWith('x'.repeat(MAX_PRINTED_TEXT)));
    // The documents past the grid come after her text, so more than 2,345 are cut.
    const cut = / … \(([\d,]+) more characters not printed\)$/.exec(v.additional_info);
    assert.ok(cut && Number(cut[1].replace(/,/g, '')) >= 2_345, v.additional_info.slice(-80));
    // The box holds its lines; the rest goes to the addendum, a page of its own.
    const result = await renderForm('i9', input);
    assert.ok(result.pages <= 8, `${result.pages} pages`);
  });

  test('a form no one signed says so at the top of each page; a signed one does not', async () => {
    const signed = squash(await pdfText((await renderForm('w4', sampleInput('w4'))).pdf));
    assert.ok(!signed.includes(NOT_SIGNED_MARK), 'signed: no mark');
    const input = sampleInput('w4');
    input.w4 = { ...input.w4, employee_signature: undefined };
    const unsigned = squash(await pdfText((await renderForm('w4', input)).pdf));
    assert.ok(unsigned.startsWith(NOT_SIGNED_MARK), unsigned.slice(0, 120));
    // An I-9 whose employee signed and whose employer has not yet is signed: it is work in progress.
    const i9 = sampleInput('i9');
    i9.i9 = { ...i9.i9, employer_signature: undefined };
    assert.ok(!squash(await pdfText((await renderForm('i9', i9)).pdf)).includes(NOT_SIGNED_MARK));
  });

  test('no employee record: the hire (onboarding_user) names the person', async () => {
    const input = sampleInput('i9');
    delete input.employee;
    input.onboarding_user = { first_name: 'Hana', last_name: 'Okafor', email: 'hana@acme.example', ssn: '634-21-9087' };
    const v = await printed('i9', input);
    assert.deepEqual([v.first_name, v.last_name, v.ssn], ['Hana', 'Okafor', '634-21-9087']);
  });

  test('a signature without a timestamp is not printed; an unknown font falls back to font1', async () => {
    const input = sampleInput('i9');
    input.i9 = {
      ...input.i9,
      employee_signature: { name: 'Maria E. Gonzalez', font: 'font1' },
      employer_signature: { name: 'Paul Payne', font: 'Comic Sans', timestamp: 1741700000 },
    };
    const r = await resolveLayout(loadLayout('i9'), input, sharedVars());
    const v = Object.fromEntries(r.printed.map((p) => [p.id, p.text]));
    assert.equal(v.employee_signature, '');
    assert.equal(v.employer_signature, 'Paul Payne');
    assert.ok(r.ops.some((op) => op.kind === 'text' && op.text === 'Paul Payne' && op.font === 'font1'));
  });
});
