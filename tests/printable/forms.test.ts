/**
 * Every printable form built in-process from realistic records (bench/printable-samples.ts): each mapped
 * value is what the form's rules say, and the printout shows it (its text laid out row by row); every
 * page renders to a picture with ink on it (50 dpi).
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { FORMS, type FormName } from '../../printable/layout.ts';
import { loadLayout } from '../../printable/layouts.ts';
import { renderForm } from '../../printable/render.ts';
import { sampleInput } from '../../bench/printable-samples.ts';
import { EXPECTED } from './expected.ts';
import { pdfFonts, pdfInfo, pdfText, renderPages, squash, ticked, type PdfFont } from './pdf-tools.ts';

const PAGES: Partial<Record<FormName, number>> = { i9: 4 };
/** One of the PDF standard fonts: named, not embedded, its characters those of WinAnsi. */
const STANDARD = { type: 'Type 1', encoding: 'WinAnsi', embedded: false, subset: false, unicode: false };
/** An embedded subset of a TrueType font, by glyph index, with a map back to Unicode for copying. */
const EMBEDDED = { type: 'CID TrueType', encoding: 'Identity-H', embedded: true, subset: true, unicode: true };
/** The font whose name holds `family`, without its name. */
const embeddedAs = (fonts: PdfFont[], family: string) => {
  const font = fonts.find((f) => f.name.includes(family));
  assert.ok(font, `a font named ${family}: ${fonts.map((f) => f.name).join(', ')}`);
  const { name: _name, ...rest } = font;
  return rest;
};

describe('printable forms from sample records', () => {
  for (const form of FORMS) {
    test(`${form}: every mapped value is right and shown, every page renders`, async () => {
      const result = await renderForm(form, sampleInput(form));
      const printed = new Map(result.printed.map((p) => [p.id, p.text]));
      for (const [id, want] of Object.entries(EXPECTED[form])) {
        assert.ok(printed.has(id), `${form}: no element '${id}' was printed`);
        assert.equal(printed.get(id), want, `${form}: ${id}`);
      }
      assert.deepEqual(result.revealed, ['ssn'], 'the form shows the SSN');

      const text = await pdfText(result.pdf);
      const flat = squash(text);
      const layout = loadLayout(form);
      for (const p of result.printed) {
        if (p.text === '' || p.text === 'X') continue;
        // A wrapped value is checked line by line, a one-line value whole.
        for (const part of p.text.split('\n')) {
          if (part.length < 60) assert.ok(flat.includes(squash(part)), `${form}: '${p.id}' shows '${part}'`);
          else
            for (const word of part.split(/\s+/)) assert.ok(flat.includes(word), `${form}: '${p.id}' shows '${word}'`);
        }
      }
      const checks = layout.elements.filter((e) => e.type === 'check' && e.label);
      for (const e of checks) {
        if (e.type !== 'check' || !e.id || !(e.id in EXPECTED[form])) continue;
        // Labels that are not unique on the form (Yes, No) are told apart by their printed value only.
        if (checks.filter((o) => o.type === 'check' && o.label === e.label).length > 1) continue;
        const want = EXPECTED[form][e.id] === 'X';
        const label = e.label!.length > 40 ? e.label!.slice(0, 40).replace(/\s+\S*$/, '') : e.label!;
        assert.equal(ticked(text, label), want, `${form}: box '${e.label}' ${want ? 'ticked' : 'empty'}`);
      }

      const pages = PAGES[form] ?? 1;
      assert.equal(result.pages, pages);
      assert.equal((await pdfInfo(result.pdf)).pages, pages);
      const shot = await renderPages(result.pdf);
      assert.equal(shot.pages, pages, 'one image a page');
      assert.deepEqual(shot.warnings, [], 'the renderer reported no problem');
      for (const size of shot.bytes) assert.ok(size > 1000, 'a page image is not empty');
      for (const share of shot.inked) assert.ok(share > 0.01, `a page is not blank (${share} inked)`);
    });
  }

  test("the form's text is in a standard font, not embedded; a name beyond its characters embeds Roboto for that name", async () => {
    const plain = await renderForm('w4', sampleInput('w4'));
    const fonts = await pdfFonts(plain.pdf);
    assert.deepEqual(
      fonts.find((f) => f.name === 'Helvetica'),
      { ...STANDARD, name: 'Helvetica' },
    );
    assert.ok(!fonts.some((f) => f.name.includes('Roboto')), 'no Roboto');

    const input = sampleInput('w4');
    input.employee = { ...input.employee, first_name: 'Łukasz', last_name: 'Żółć-Σοφία' };
    const wide = await renderForm('w4', input);
    assert.deepEqual(embeddedAs(await pdfFonts(wide.pdf), 'Roboto'), EMBEDDED);
    const text = squash(await pdfText(wide.pdf));
    assert.match(text, /Łukasz/);
    assert.match(text, /Żółć-Σοφία/);
  });

  test('signatures print in the chosen script font, embedded', async () => {
    const input = sampleInput('w4');
    for (const [font, family] of [
      ['font1', 'DancingScript'],
      ['font2', 'GreatVibes'],
      ['font3', 'Caveat'],
    ]) {
      input.w4 = { ...input.w4, employee_signature: { name: 'Maria E. Gonzalez', font, timestamp: 1741014000 } };
      const { pdf } = await renderForm('w4', input);
      assert.deepEqual(embeddedAs(await pdfFonts(pdf), family), EMBEDDED, font);
      assert.match(squash(await pdfText(pdf)), /Maria E\. Gonzalez 03\/03\/2025/);
    }
  });
});
