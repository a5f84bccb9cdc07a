/**
 * What the changed forms print, read from the PDF as a person reads it: every state form and the
 * W-9 print their revision (the layout's edition, never a placeholder); the new and corrected lines
 * and boxes of the Oregon, New York, Alabama, California, Illinois, Georgia and Connecticut forms;
 * the W-9's line 3a, 3b, 4 and the crossed-out item 2, and a W-9 stored with the spec's earlier
 * classification printed as the current form answers it.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { FORMS, STATE_FORMS, type FormName, type PrintInput } from '../../printable/layout.ts';
import { loadLayout } from '../../printable/layouts.ts';
import { renderForm } from '../../printable/render.ts';
import { sampleInput } from '../../bench/printable-samples.ts';
import { pdfText, squash, struckThrough, ticked } from './pdf-tools.ts';

async function print(form: FormName, change: (input: PrintInput) => void = () => {}) {
  const input = sampleInput(form);
  change(input);
  const result = await renderForm(form, input);
  const text = await pdfText(result.pdf);
  return { ...result, text, flat: squash(text), value: new Map(result.printed.map((p) => [p.id, p.text])) };
}

describe('every state form and the W-9 print their revision', () => {
  for (const form of FORMS.filter((f) => f in STATE_FORMS || f === 'w9')) {
    test(form, async () => {
      const { edition } = loadLayout(form);
      assert.ok(edition && !/current layout|and later/.test(edition), `${form}: a revision, not '${edition}'`);
      const { flat, value } = await print(form);
      assert.ok(value.get('revision')?.includes(edition), `${form}: its revision element`);
      assert.ok(flat.includes(squash(edition)), `${form}: '${edition}' printed`);
    });
  }
});

describe('state forms', () => {
  test("Oregon: the Redetermination box; a certificate with the spec's table choice ticks no status and says so", async () => {
    const now = await print('oregon');
    assert.equal(ticked(now.text, 'Redetermination'), true);
    assert.equal(ticked(now.text, 'Married, but withholding at the higher single rate'), false);
    const earlier = await print('oregon', (i) => {
      i.state_w4 = { ...i.state_w4, state_status: 'Married / Single (3+)', redetermination: false };
    });
    for (const id of ['single', 'married', 'married_single_rate']) assert.equal(earlier.value.get(id), '', id);
    assert.equal(ticked(earlier.text, 'Redetermination'), false);
    assert.match(
      earlier.flat,
      /Status on an earlier form \(choose again on the current one\): Married, or Single with 3 or more allowances/,
    );
  });

  test("New York: the third status and the employer's dependent health insurance answers", async () => {
    const { value, text } = await print('newyork');
    assert.equal(value.get('married_single_rate'), 'X');
    assert.equal(ticked(text, 'Married, but withhold at higher single rate'), true);
    assert.deepEqual(
      ['dependent_health_yes', 'dependent_health_no', 'dependent_health_date'].map((id) => value.get(id)),
      ['X', '', '04/01/2025'],
    );
    const none = await print('newyork', (i) => {
      i.employee = { ...i.employee, dependent_health_insurance: 'no', dependent_health_insurance_date: undefined };
    });
    assert.deepEqual(
      ['dependent_health_yes', 'dependent_health_no', 'dependent_health_date'].map((id) => none.value.get(id)),
      ['', 'X', ''],
    );
  });

  test("Alabama: line 1 is 0, line 2 S or MS, line 3 M or H, line 6 the employer's total", async () => {
    const lines = async (status: string, dependents?: number) => {
      const { value } = await print('alabama', (i) => {
        i.state_w4 = { ...i.state_w4, state_status: status, dependents };
      });
      return ['line1', 'line2', 'line3', 'total_exemptions'].map((id) => value.get(id));
    };
    assert.deepEqual(await lines('0'), ['0', '', '', '0']);
    assert.deepEqual(await lines('S', 1), ['', 'S', '', 'S-1']);
    assert.deepEqual(await lines('MS', 2), ['', 'MS', '', 'MS-2']);
    assert.deepEqual(await lines('M', 2), ['', '', 'M', 'M-2']);
    assert.deepEqual(await lines('H', 3), ['', '', 'H', 'H-3']);
    // The spec's labels on an earlier certificate print as their codes.
    assert.deepEqual(await lines('Married - File Joint', 2), ['', '', 'M', 'M-2']);
    assert.deepEqual(await lines('No Exemptions'), ['0', '', '', '0']);
  });

  test("California: the employer's EDD account number, not the FEIN", async () => {
    const { value, flat } = await print('california');
    assert.equal(value.get('employer_account_number'), '412-3456-7');
    assert.ok(!flat.includes('36-4812345'), 'no FEIN on the DE 4');
    const none = await print('california', (i) => {
      i.employer = { ...i.employer, ca_employer_account_number: undefined };
    });
    assert.equal(none.value.get('employer_account_number'), '');
  });

  test("Illinois: the form's exempt box, no military spouse box", async () => {
    const { text, flat } = await print('illinois', (i) => {
      i.state_w4 = { state: 'IL', state_wh_exempt: true, state_wc_exempt: true };
    });
    assert.equal(ticked(text, 'Check the box if you are exempt from federal and Illinois Income Tax'), true);
    assert.doesNotMatch(flat, /military spouse|Military Spouses/i);
  });

  test('Georgia: married filing separately prints letter A and says so', async () => {
    const { value } = await print('georgia', (i) => {
      i.state_w4 = { ...i.state_w4, state_status: 'MFS' };
    });
    assert.equal(value.get('status_letter'), 'A');
    assert.equal(value.get('letter_used'), 'A');
    assert.equal(value.get('status_mfs'), 'Married Filing Separate');
    const single = await print('georgia', (i) => {
      i.state_w4 = { ...i.state_w4, state_status: 'A' };
    });
    assert.equal(single.value.get('status_mfs'), undefined, 'not for a single filer');
  });

  test('Connecticut: the filing status box of the code table, with its bands', async () => {
    const { text, value } = await print('connecticut');
    assert.equal(value.get('status_married_filing_jointly'), 'X');
    assert.equal(ticked(text, 'Married filing jointly: E $24,000 or less'), true);
    assert.equal(ticked(text, 'Single: E $15,000 or less; F over $15,000'), false);
    assert.match(squash(text), /Head of household: E \$19,000 or less, or MSRRA; B over \$19,000/);
  });
});

describe('Form W-9', () => {
  test("line 3a's box and the LLC's code, line 3b, line 4, the TIN in its kind's box", async () => {
    const { value, text } = await print('w9', (i) => {
      i.w9 = {
        ...i.w9,
        federal_tax_classification: 'llc',
        llc_tax_classification: 'P',
        foreign_partners: true,
        exempt_payee_code: 5,
        exempt_from_fatca_code: 'C',
        tin_type: 'ein',
        tin: '36-4812345',
      };
    });
    assert.equal(value.get('llc'), 'X');
    assert.equal(value.get('individual'), '');
    assert.equal(value.get('llc_tax_classification'), 'P');
    assert.equal(value.get('foreign_partners'), 'X');
    assert.equal(value.get('exempt_payee_code'), '5');
    assert.equal(value.get('exempt_from_fatca_code'), 'C');
    assert.deepEqual([value.get('ssn'), value.get('ein')], ['', '36-4812345']);
    assert.equal(ticked(text, 'LLC. Enter the tax classification'), true);
  });

  test("a W-9 stored with the spec's earlier classification prints as the current form answers it", async () => {
    for (const [earlier, box, code] of [
      ['LLC - Partnership', 'llc', 'P'],
      ['LLC - S Corporation', 'llc', 'S'],
      ['Individual / Sole Proprietor or Single-Member LLC', 'individual', ''],
      ['Trust / Estate', 'trust_estate', ''],
    ]) {
      const { value } = await print('w9', (i) => {
        i.w9 = { ...i.w9, federal_tax_classification: earlier };
      });
      assert.equal(value.get(box), 'X', earlier);
      assert.equal(value.get('llc_tax_classification'), code, earlier);
    }
  });

  test('item 2 of Part II is crossed out for a payee subject to backup withholding, and only then', async () => {
    const item2 = 'I am not subject to backup withholding because (a) I am exempt';
    const plain = await print('w9');
    assert.equal(await struckThrough(plain.pdf, item2), false);
    const crossed = await print('w9', (i) => {
      i.w9 = { ...i.w9, subject_to_backup_withholding: true };
    });
    assert.equal(await struckThrough(crossed.pdf, item2), true);
    // Its second line too; the items before and after it are not crossed out.
    assert.equal(await struckThrough(crossed.pdf, 'subject to backup withholding as a result of a failure'), true);
    assert.equal(await struckThrough(crossed.pdf, 'The number shown on this form is my correct'), false);
    assert.equal(await struckThrough(crossed.pdf, 'I am a U.S. citizen or other U.S. person'), false);
  });
});
