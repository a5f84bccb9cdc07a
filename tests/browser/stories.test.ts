/**
 * Every story as a test: storybook-static (built when stale) served on a free port, each story's
 * iframe opened in Chromium; the element its `parameters.check` names must show (with the value
 * given; a story naming none must at least render), nothing may log an error, Storybook must show
 * no error, and axe-core must find no serious or critical violation.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { widgets } from '../../forms/widgets/index.ts';
import { CHECK_ATTRIBUTE, type StoryCheck } from '../../stories/support/check.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { launchChromium } from './browser.ts';
import { serveStatic, type StaticServer } from './static-server.ts';
import { ensureStorybook } from './storybook.ts';

interface IndexEntry {
  type: 'story' | 'docs';
  id: string;
  title: string;
  name: string;
}

const dir = await ensureStorybook();
const index = JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as {
  entries: Record<string, IndexEntry>;
};
const stories = Object.values(index.entries).filter((e) => e.type === 'story');

let site: StaticServer;
let browser: Browser;

before(async () => {
  site = await serveStatic(dir);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await site?.close();
});

function locate(page: Page, c: StoryCheck): Locator {
  let loc: Locator;
  if (c.role) {
    loc = page.getByRole(c.role as Parameters<Page['getByRole']>[0], c.name ? { name: c.name, exact: true } : {});
    if (c.text) loc = loc.filter({ hasText: c.text });
  } else if (c.label) loc = page.getByLabel(c.label, { exact: true });
  else if (c.text) loc = page.getByText(c.text);
  else throw new Error('story check names nothing to look for');
  return loc.first();
}

/** Storybook's body class once a story has rendered (or failed to). */
const SETTLED = /\bsb-show-(main|errordisplay|nopreview)\b/;

/**
 * Opens a story, waits for its check (or the fallback), and answers the errors logged meanwhile.
 * `check` is null for a story that names none.
 */
async function openStory(page: Page, id: string): Promise<{ check: StoryCheck | null; errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The browser's own favicon request is not the story's.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  await page.goto(`${site.url}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
  const holder = page.locator(`[${CHECK_ATTRIBUTE}]`);
  await holder.waitFor({ state: 'attached' });
  const check = JSON.parse((await holder.getAttribute(CHECK_ATTRIBUTE)) ?? 'null') as StoryCheck | null;
  if (check) {
    const target = locate(page, check);
    await target.waitFor({ state: 'visible' });
    if (check.value !== undefined) assert.equal(await target.inputValue(), check.value, `${id}: shown value`);
  } else {
    // A story naming no check (other teams' stories) must at least render without an error.
    await page.waitForFunction((re) => new RegExp(re).test(document.body.className), SETTLED.source);
  }
  const failed = await page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'));
  assert.equal(failed, false, `${id}: Storybook shows an error: ${await page.locator('#error-message').innerText()}`);
  return { check, errors };
}

/** Stories are independent pages: a few at a time keep the run short on a small machine. */
const CONCURRENCY = Number(process.env.STORY_CONCURRENCY ?? 3);

describe('storybook', { concurrency: CONCURRENCY }, () => {
  it('has a story file for each widget of the registry and each screen piece', () => {
    const titles = [...new Set(stories.map((s) => s.title))];
    const widgetNames = Object.values(widgets).map((w) => (w as { name: string }).name);
    for (const name of widgetNames) {
      assert.ok(
        titles.some((t) => t.endsWith(`/${name}`)),
        `widget ${name} (forms/widgets/index.ts) has no story file (titles: ${titles.join(', ')})`,
      );
    }
    for (const t of ['Screens/ListScreen', 'Screens/RecordScreen', 'Screens/RecordView', 'Notify/Notifications']) {
      assert.ok(titles.includes(t), `no stories titled ${t}`);
    }
    assert.ok(titles.includes('Pages/LoginPage'), 'no stories of the login page');
    for (const t of [
      'Pages/HomePage',
      'Pages/OnboardingPage',
      'Pages/TwoFactorPage',
      'Pages/TwoFactorStep',
      'Forms/Employee documents/FileField',
      'Forms/I-9/Supplements',
    ]) {
      assert.ok(titles.includes(t), `no stories titled ${t}`);
    }
  });

  for (const story of stories) {
    it(`${story.title} / ${story.name}: renders, logs no error, passes axe`, async (t) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        const { check, errors } = await openStory(page, story.id);
        if (!check) t.diagnostic('no parameters.check: only rendering, errors and axe are checked');
        const found = blocking(await runAxe(page));
        assert.deepEqual(
          found.map((v) => v.id),
          [],
          describeViolations(story.id, found),
        );
        assert.deepEqual(errors, [], `${story.id} logged errors`);
      } finally {
        await context.close();
      }
    });
  }
});

describe('story checks catch a broken story', () => {
  it('fails when the named element is missing', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const id = 'widgets-phonewidget--stored';
      const { check } = await openStory(page, id);
      assert.ok(check, `${id} names a check`);
      await assert.rejects(
        locate(page, { ...check, name: 'No such field' }).waitFor({ state: 'visible', timeout: 500 }),
        /Timeout/,
      );
      // The masked value is what the check compares: a wrong expectation fails.
      assert.notEqual(await locate(page, check).inputValue(), '3125550147');
    } finally {
      await context.close();
    }
  });
});
