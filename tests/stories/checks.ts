/**
 * What every story must do when the storybook project renders it (vitest's browser mode, in
 * Chromium), beyond rendering and its play function: show the element its `parameters.check` names
 * (stories/support/check.ts), with the value given; log no error; and give axe-core no serious or
 * critical violation (tests/browser/axe-rules.ts). A story naming no check must at least render.
 *
 * These run as project annotations (.storybook/vitest.setup.ts): a `beforeEach` that listens for
 * errors and an `afterEach` that checks, so the Storybook UI is left as it is.
 */
import axe from 'axe-core';
import { waitFor, within } from 'storybook/test';
import type { StoryCheck } from '../../stories/support/check.ts';
import { AXE_OPTIONS, blocking, describeViolations, type AxeViolation } from '../browser/axe-rules.ts';

/** How long a check waits for its element, as the old page-level story tests did. */
const CHECK_TIMEOUT = 30_000;

function described(c: StoryCheck): string {
  return JSON.stringify(c);
}

/** The elements a check names, in the whole document (a dialog may render outside the story's root). */
function candidates(c: StoryCheck): HTMLElement[] {
  const page = within(document.body);
  if (c.role) {
    const found = page.queryAllByRole(c.role, c.name ? { name: c.name } : {});
    return c.text ? found.filter((e) => e.textContent?.toLowerCase().includes(c.text!.toLowerCase())) : found;
  }
  if (c.label) return page.queryAllByLabelText(c.label, { exact: true });
  if (c.text) return page.queryAllByText(c.text, { exact: false });
  throw new Error('story check names nothing to look for');
}

/** Waits until the first element the check names is shown, and answers it. */
export async function findChecked(c: StoryCheck, timeout = CHECK_TIMEOUT): Promise<HTMLElement> {
  return waitFor(
    () => {
      const first = candidates(c)[0];
      if (!first) throw new Error(`story check ${described(c)}: nothing on the page matches`);
      if (!first.checkVisibility()) throw new Error(`story check ${described(c)}: found but not shown`);
      return first;
    },
    { timeout },
  );
}

/** Checks the story's `parameters.check` against the page; throws naming what is wrong. */
export async function assertCheck(storyId: string, c: StoryCheck, timeout = CHECK_TIMEOUT): Promise<void> {
  const target = await findChecked(c, timeout);
  if (c.value !== undefined) {
    const shown = (target as HTMLInputElement).value;
    if (shown !== c.value)
      throw new Error(`${storyId}: shown value ${JSON.stringify(shown)}, expected ${JSON.stringify(c.value)}`);
  }
}

export async function runAxe(): Promise<AxeViolation[]> {
  const result = await axe.run(document, AXE_OPTIONS as unknown as axe.RunOptions);
  return result.violations as unknown as AxeViolation[];
}

/** Errors logged or thrown while a story renders and plays. */
let errors: string[] = [];

function text(args: unknown[]): string {
  return args.map((a) => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
}

/**
 * React's warnings about act(): an update outside it, a suspension inside one not awaited. React
 * gives them only in a test environment (Storybook's vitest integration renders stories and runs
 * play functions inside act), so they are about how the test drives the story, not about the
 * story; the page the user gets never logs them.
 */
const ACT_WARNINGS = [
  /^An update to %s inside a test was not wrapped in act\(/,
  /^A component suspended inside an `act` scope/,
];

function actWarning(args: unknown[]): boolean {
  return typeof args[0] === 'string' && ACT_WARNINGS.some((w) => w.test(args[0] as string));
}

const onError = (e: ErrorEvent) => errors.push(`page error: ${e.message}`);
const onRejection = (e: PromiseRejectionEvent) => errors.push(`unhandled rejection: ${String(e.reason)}`);

/** Project annotations: listen from before the story renders, check once its play function ended. */
export const storyChecks = {
  beforeEach() {
    errors = [];
    const original = console.error;
    console.error = (...args: unknown[]) => {
      if (!actWarning(args)) errors.push(`console: ${text(args)}`);
      original(...args);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      console.error = original;
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  },
  async afterEach({ id, parameters }: { id: string; parameters: { check?: StoryCheck } }) {
    if (parameters.check) await assertCheck(id, parameters.check);
    const found = blocking(await runAxe());
    if (found.length) throw new Error(describeViolations(id, found));
    if (errors.length) throw new Error(`${id} logged errors:\n${errors.join('\n')}`);
  },
};
