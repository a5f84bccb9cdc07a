/**
 * Fonts are parsed, and words shaped, once per process, not once per document: a second form parses
 * nothing more, still embeds its own subset, and prints the same as the first (text at the same
 * places, the same page images).
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { parsedFontCount } from '../../printable/font-cache.ts';
import { renderForm } from '../../printable/render.ts';
import { sampleInput } from '../../bench/printable-samples.ts';
import { pdfText, renderPages, squash } from './pdf-tools.ts';

test('printable fonts: parsed on the first document, reused by the next ones', async () => {
  const first = await renderForm('w4', sampleInput('w4'));
  const parsed = parsedFontCount();
  assert.ok(parsed >= 1, `the signature's script font was parsed (${parsed})`);
  const second = await renderForm('w4', sampleInput('w4'));
  const i9 = await renderForm('i9', sampleInput('i9'));
  assert.ok(parsedFontCount() <= parsed + 2, 'no font parsed again for the same form');
  const again = parsedFontCount();
  await renderForm('i9', sampleInput('i9'));
  assert.equal(parsedFontCount(), again);
  assert.equal(await pdfText(second.pdf), await pdfText(first.pdf), 'shaped words are placed as before');
  assert.deepEqual((await renderPages(second.pdf)).bytes, (await renderPages(first.pdf)).bytes);
  assert.match(squash(await pdfText(i9.pdf)), /Employment Eligibility Verification/);
});
