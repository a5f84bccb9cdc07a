/**
 * axe-core in a Playwright page: injects node_modules/axe-core/axe.min.js and runs it (the rules of
 * axe-rules.ts), and formats the violations that block a release (serious and
 * critical) so a failing test names the rule, the impact and the offending elements.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../helpers/server.ts';
import { AXE_OPTIONS, type AxeViolation } from './axe-rules.ts';

export const AXE_SCRIPT = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

export { BLOCKING, blocking, describeViolations, type AxeViolation, type Impact } from './axe-rules.ts';

const AXE_URL = '/__axe-core/axe.min.js';

/**
 * Loads axe into the page once. Inline injection is tried first; under the product's CSP
 * (`script-src 'self'`) the script is served from the page's own origin instead, so the CSP under
 * test stays switched on.
 */
async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => typeof (window as any).axe === 'object')) return;
  try {
    await page.addScriptTag({ path: AXE_SCRIPT });
    return;
  } catch (e) {
    if (!/Content Security Policy/i.test((e as Error).message)) throw e;
  }
  await page.route(`**${AXE_URL}`, (route) => route.fulfill({ path: AXE_SCRIPT, contentType: 'text/javascript' }));
  await page.addScriptTag({ url: AXE_URL });
}

/**
 * Runs axe on the page (or inside `within`, a CSS selector) and answers every violation. Call it
 * once the screen is settled: axe checks what is in the DOM at that moment.
 */
export async function runAxe(page: Page, within?: string): Promise<AxeViolation[]> {
  await injectAxe(page);
  return page.evaluate(
    async ({ sel, options }) => {
      const axe = (window as any).axe;
      const context = sel ? document.querySelector(sel) : document;
      if (!context) throw new Error(`axe: nothing matches ${sel}`);
      const r = await axe.run(context, options);
      return r.violations.map((v: any) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n: any) => ({ target: n.target, failureSummary: n.failureSummary, html: n.html })),
      }));
    },
    { sel: within, options: AXE_OPTIONS },
  );
}
