/**
 * The payroll manager's home as it lays out: a hire's row buttons (Open, Resend invitation) side by
 * side or, wrapped in a narrow column, flush with each other, never a second button set off to one
 * side (an outside walk saw them stagger). Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it("each hire's buttons line up, on one line or wrapped", async () => {
  const { page } = await w.page();
  await w.signIn(page, 'payroll');
  for (const width of [1280, 900]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    const resend = page.getByRole('button', { name: /^Resend invitation/ });
    await resend.first().waitFor();
    const rows = await page.locator('tr:has(button:text-is("Resend invitation"))').evaluateAll((trs) =>
      trs.map((tr) => {
        const [a, b] = [...tr.querySelectorAll('a.btn, button.btn')].map((e) => e.getBoundingClientRect());
        return { sameLine: Math.abs(a.top - b.top) < 2, flush: Math.abs(a.right - b.right) < 2 };
      }),
    );
    assert.ok(rows.length > 0, 'hires with an invitation to resend');
    const staggered = rows.filter((r) => !r.sameLine && !r.flush);
    assert.deepEqual(staggered, [], `${width}px: buttons staggered`);
  }
});
