/**
 * Fonts are parsed once per process, not once per document: a second form parses nothing more and
 * still embeds its own subset (the text of both PDFs is whole).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsedFontCount } from '../../printable/font-cache.ts';
import { renderForm } from '../../printable/render.ts';
import { sampleInput } from '../../printable/samples.ts';
import { pdfText, squash } from './pdf-tools.ts';

test('printable fonts: parsed on the first document, reused by the next ones', async () => {
  const first = await renderForm('w4', sampleInput('w4'));
  const parsed = parsedFontCount();
  assert.ok(parsed >= 2, `the text font and a script font were parsed (${parsed})`);
  const second = await renderForm('w4', sampleInput('w4'));
  const i9 = await renderForm('i9', sampleInput('i9'));
  assert.ok(parsedFontCount() <= parsed + 2, 'no font parsed again for the same form');
  const again = parsedFontCount();
  await renderForm('i9', sampleInput('i9'));
  assert.equal(parsedFontCount(), again);
  assert.equal(squash(await pdfText(second.pdf)), squash(await pdfText(first.pdf)));
  assert.match(squash(await pdfText(i9.pdf)), /Employment Eligibility Verification/);
});
