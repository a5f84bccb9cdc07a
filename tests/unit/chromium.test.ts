/**
 * Which Chromium the browser tests launch, in order ($CHROMIUM, $CHROMIUM_PATH, Debian's, Playwright's),
 * and the one line they stop with when there is none.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { findChromium } from '../browser/chromium.ts';

const DEBIAN = '/usr/bin/chromium';
const PLAYWRIGHT = '/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';

/** A lookup on a machine holding only `files`, Playwright's Chromium expected at PLAYWRIGHT. */
const lookup = (env: Record<string, string>, files: string[], playwright = () => PLAYWRIGHT as string | undefined) =>
  findChromium(env, (f) => files.includes(f), playwright);

describe('finding Chromium', () => {
  const cases: [string, Record<string, string>, string[], string | undefined][] = [
    ['$CHROMIUM first', { CHROMIUM: '/opt/c', CHROMIUM_PATH: '/opt/p' }, ['/opt/c', '/opt/p', DEBIAN], '/opt/c'],
    ['$CHROMIUM_PATH still read', { CHROMIUM_PATH: '/opt/p' }, ['/opt/p', DEBIAN], '/opt/p'],
    ['an empty $CHROMIUM is unset', { CHROMIUM: '' }, [DEBIAN], DEBIAN],
    ["Debian's before Playwright's", {}, [DEBIAN, PLAYWRIGHT], DEBIAN],
    ["Playwright's when installed", {}, [PLAYWRIGHT], PLAYWRIGHT],
    ['none', {}, [], undefined],
    ['a named path that is missing is not skipped', { CHROMIUM: '/opt/gone' }, [DEBIAN], undefined],
  ];
  for (const [name, env, files, want] of cases) {
    test(name, () => {
      const r = lookup(env, files);
      assert.deepEqual(r.found ? r.path : undefined, want);
      if (!r.found) assert.match(r.reason, /apt-get install -y chromium.*CHROMIUM=/);
    });
  }

  test('a platform Playwright has no build for', () => {
    assert.deepEqual(
      lookup({}, [], () => undefined),
      {
        found: false,
        reason:
          "no Chromium in /usr/bin/chromium or Playwright's browsers: install it with `apt-get install -y chromium`, or set CHROMIUM=/path/to/chromium",
      },
    );
  });

  test('a browser test without Chromium stops at once with one line saying how to get it', async () => {
    const browser = path.join(import.meta.dirname, '..', 'browser', 'browser.ts');
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', browser], {
      env: { ...process.env, CHROMIUM: '/nonexistent/chromium' },
    });
    const failed = await run.then(
      () => assert.fail('it went on'),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
    assert.equal(failed.code, 1);
    assert.equal(failed.stdout, '');
    assert.equal(
      failed.stderr,
      'browser tests: no Chromium at /nonexistent/chromium (from $CHROMIUM): install it with `apt-get install -y chromium`, or set CHROMIUM=/path/to/chromium\n',
    );
  });
});
