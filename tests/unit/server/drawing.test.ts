/**
 * Printable forms drawn in the worker thread (server/printable/drawing.ts, printable/draw-worker.ts)
 * are the forms drawn in the server's own thread: same pages, same reveals, same printed values; a
 * layout's mistake comes back as a LayoutError (the route's 422); many at once each get their own;
 * a form that takes too long fails alone (FormTooSlow, the route's 422).
 * Uses dist/server/draw-worker.cjs (`npm run build:server`, which `npm test` runs first).
 */
import { describe, expect, test } from 'vitest';
import { sampleInput } from '../../../bench/printable-samples.ts';
import { LayoutError } from '../../../printable/expressions.ts';
import { loadLayout } from '../../../printable/layouts.ts';
import { renderLayout } from '../../../printable/render.ts';
import { Drawer, drawForm, FormTooSlow } from '../../../server/printable/drawing.ts';

describe('drawing in the worker thread', () => {
  test('an I-9 and a W-4 come back as the same thread draws them', async () => {
    for (const form of ['i9', 'w4'] as const) {
      const layout = loadLayout(form);
      const here = await renderLayout(layout, sampleInput(form));
      const there = await drawForm(layout, sampleInput(form));
      expect(Buffer.isBuffer(there.pdf)).toBe(true);
      expect(there.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(there.pages).toBe(here.pages);
      expect(there.revealed).toEqual(here.revealed);
      expect(there.printed).toEqual(here.printed);
      // The same document, but for its creation date and id.
      expect(Math.abs(there.pdf.length - here.pdf.length)).toBeLessThan(64);
    }
  });

  test("a layout's mistake is a LayoutError", async () => {
    const broken = { ...loadLayout('w4'), pages: [] };
    await expect(renderLayout(broken, sampleInput('w4'))).rejects.toBeInstanceOf(LayoutError);
    const e = await drawForm(broken, sampleInput('w4')).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(LayoutError);
    expect((e as Error).message).toMatch(/an element is on page \d+ of 0/);
  });

  test('eight at once: each answered with its own form', async () => {
    const forms = ['i9', 'w4', 'i9', 'w4', 'i9', 'w4', 'i9', 'w4'] as const;
    const pages = { i9: (await renderLayout(loadLayout('i9'), sampleInput('i9'))).pages, w4: 1 };
    expect(pages.i9).toBeGreaterThan(1);
    const drawn = await Promise.all(forms.map((f) => drawForm(loadLayout(f), sampleInput(f))));
    drawn.forEach((d, i) => expect(d.pages).toBe(pages[forms[i]]));
  });

  test('a form still drawing when its time is up fails alone; the forms queued behind it are drawn by a new worker', async () => {
    // No form is drawn in 5 ms: the first is stopped as too slow.
    const drawer = new Drawer(5);
    try {
      const first = drawer.draw(loadLayout('i9'), sampleInput('i9')).catch((e: unknown) => e);
      const second = drawer.draw(loadLayout('w4'), sampleInput('w4'));
      const e = await first;
      expect(e).toBeInstanceOf(FormTooSlow);
      expect((e as Error).message).toBe('This form took more than 0 s to draw and was stopped.');
      // The next one has all the time it needs on the new worker.
      drawer.stalledMs = 60_000;
      const drawn = await second;
      expect(drawn.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(drawn.pages).toBe(1);
    } finally {
      await drawer.close();
    }
  });

  test('closing fails the forms still waiting', async () => {
    const drawer = new Drawer();
    const waiting = drawer.draw(loadLayout('i9'), sampleInput('i9')).catch((e: unknown) => e);
    await drawer.close();
    expect(String(await waiting)).toMatch(/the drawing worker was closed/);
  });
});
