/**
 * A printed signature's date is the day it was signed in the company's time zone (format signedDate,
 * docs/signatures.md), on every form: a W-4, I-9 or state certificate signed at 10 pm in California
 * on November 27 prints 11/27, though it is the 28th in UTC and in New York. Calendar dates (the
 * first day of employment, a date of birth) print as stored.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { FORMS } from '../../printable/layout.ts';
import { loadLayout } from '../../printable/layouts.ts';
import { renderForm } from '../../printable/render.ts';
import { sampleInput } from '../../bench/printable-samples.ts';

/** 06:00 UTC on November 28, 2026: 10 pm on the 27th in California, 1 am on the 28th in New York. */
const SIGNED = Date.parse('2026-11-28T06:00:00Z') / 1000;

/** Every signature in `v` signed at SIGNED. */
function signedAt(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(signedAt);
  if (!v || typeof v !== 'object') return v;
  const o = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, signedAt(x)]));
  return typeof o.timestamp === 'number' && typeof o.name === 'string' ? { ...o, timestamp: SIGNED } : o;
}

/** The names of a layout's elements that print a signature's time. */
function signatureDates(form: (typeof FORMS)[number]): Set<string> {
  const out = new Set<string>();
  for (const e of loadLayout(form).elements) {
    const el = e as { id?: string; label?: string; value?: string; format?: string };
    if (typeof el.value === 'string' && /signature\.timestamp$/.test(el.value)) {
      assert.equal(el.format, 'signedDate', `${form}: ${el.value} prints as a signature's date`);
      out.add(el.id ?? el.label ?? el.value);
    }
  }
  return out;
}

async function printedDates(form: (typeof FORMS)[number], organization: Record<string, string>) {
  const input = signedAt(sampleInput(form)) as Parameters<typeof renderForm>[1];
  input.organization = { name: 'Acme Manufacturing LLC', ...organization };
  const wanted = signatureDates(form);
  const result = await renderForm(form, input);
  return result.printed.filter((p) => wanted.has(p.id) && p.text !== '').map((p) => p.text);
}

describe("printed signature dates are the company's day", () => {
  for (const form of FORMS) {
    test(`${form}: signed at 10 pm Pacific prints the Pacific date; in New York the next day`, async () => {
      const pacific = await printedDates(form, { time_zone: 'America/Los_Angeles', state: 'NY' });
      assert.ok(pacific.length > 0, `${form} prints a signature date`);
      for (const text of pacific) assert.equal(text, '11/27/2026');
      const eastern = await printedDates(form, { time_zone: 'America/New_York', state: 'CA' });
      for (const text of eastern) assert.equal(text, '11/28/2026');
      // No zone set: the state's.
      const byState = await printedDates(form, { state: 'CA' });
      for (const text of byState) assert.equal(text, '11/27/2026');
    });
  }

  test('the first day of employment, a calendar date, prints as stored', async () => {
    const input = signedAt(sampleInput('i9')) as Parameters<typeof renderForm>[1];
    input.organization = { name: 'Acme', time_zone: 'Pacific/Guam' };
    input.i9 = { ...input.i9, first_day: Date.parse('2026-11-27T00:00:00Z') / 1000 };
    const result = await renderForm('i9', input);
    const first = result.printed.find((p) => p.id === 'first_day');
    assert.equal(first?.text, '11/27/2026');
  });
});
