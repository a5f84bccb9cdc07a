/**
 * The tests, as vitest projects: `npx vitest run` runs them all, one project after the other
 * (sequence.groupOrder); `npx vitest run --project api` one of them (package.json names each).
 *
 * - unit: engine, server modules, schemas' rules and the forms' pure parts, in Node.
 * - api: the real server on a free port with a temp data dir, over HTTP (tests/helpers/server.ts).
 * - api-pg: the same files against the PostgreSQL store: one embedded cluster for the run
 *   (tests/helpers/pg-global-setup.ts) and a fresh database per server.
 * - printable: the PDFs, read back with MuPDF.
 * - hardening: load, limits and hostile input against a real server, one file at a time.
 * - browser: the built web app (dist/web) in Chromium through playwright-core, two files at a time.
 * - storybook: every story of stories/ rendered in Chromium (vitest's browser mode with the
 *   Playwright provider, through Storybook's own vitest plugin), its play function run and its
 *   `parameters.check`, logged errors and axe-core checked (.storybook/vitest.setup.ts).
 *
 * Servers and Chromium start in hooks and a test may drive a whole journey, so timeouts are minutes
 * (node:test had none). The Node projects run in forks; see `sharedWorkers` for those whose workers
 * run file after file.
 */
import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PluginOption, UserConfigFnObject } from 'vite';
import viteConfig from './vite.config.ts';
import { findChromium } from './tests/browser/chromium.ts';

const ROOT = import.meta.dirname;
const MINUTE = 60_000;

/** API test files that test the embedded store's files on disk, not the wire contract: not run against PostgreSQL. */
const EMBEDDED_ONLY = [
  'crash.test.ts', // kill -9 against the journal's fsync; the PostgreSQL twin is pg-processes.test.ts
  'data-dir.test.ts', // DATA_DIR's lock, permissions and layout
  'faults.test.ts', // a file layer that fails writes
];

/** API test files about several processes on one PostgreSQL database: the api-pg project's only. */
const PG_ONLY = 'tests/api/pg-*.test.ts';

/** Node projects share these; each adds its files, order, workers and timeouts. */
const node = {
  environment: 'node',
  pool: 'forks',
  // A test's spies end with it, as node:test's t.mock did.
  restoreMocks: true,
} as const;

/**
 * For projects whose files change no process-wide state (their servers are child processes, no
 * module mocks, the one environment variable set is put back): a worker runs file after file with
 * the modules it imported once, instead of a new process importing them again for each file.
 * Measured on this 2-core machine: unit 87 to 59 s, api 177 to 128 s, api-pg 303 to 261 s
 * (import time 67 to 7 s in api), with the same tests passing in shuffled file orders too.
 */
const sharedWorkers = { isolate: false } as const;

/** Chromium from the system (CI installs Debian's), never a download. */
function chromiumExecutable(): string | undefined {
  const found = findChromium();
  return found.found ? found.path : undefined;
}

/** The web app's Vite config (React, the precompiled validators, @rjsf's decimal separator). */
const app = (viteConfig as UserConfigFnObject)({ command: 'serve', mode: 'test' });

/**
 * A project rendering stories in Chromium through vitest's browser mode. Vite serves node_modules by
 * its real path, which in a git worktree sharing one install lies outside the project: allowed.
 */
/** Where a failing story's screenshot goes, outside the checkout. */
const STORY_FAILURES = path.join(os.tmpdir(), 'dform-story-failures');

function inChromium(name: string, groupOrder: number, plugins: PluginOption[], include?: string[]) {
  return {
    plugins: [...(app.plugins ?? []), ...plugins],
    server: { fs: { allow: [ROOT, realpathSync(path.join(ROOT, 'node_modules')), STORY_FAILURES] } },
    optimizeDeps: {
      // Found before the run starts: a dependency found mid-run makes Vite reload the page under test.
      include: [...(app.optimizeDeps?.include ?? []), '@storybook/react-vite', 'storybook/test', 'axe-core'],
    },
    test: {
      name,
      ...(include ? { include } : {}),
      sequence: { groupOrder },
      setupFiles: [path.join(ROOT, '.storybook', 'vitest.setup.ts')],
      testTimeout: 2 * MINUTE,
      hookTimeout: 2 * MINUTE,
      browser: {
        enabled: true,
        headless: true,
        // Said outright: Storybook's plugin turns screenshots, and the tester's writing of them, off
        // where the project leaves them unset.
        screenshotFailures: true,
        api: { host: '127.0.0.1', allowWrite: true },
        screenshotDirectory: STORY_FAILURES,
        provider: playwright({ launchOptions: { executablePath: chromiumExecutable() } }),
        instances: [{ browser: 'chromium' as const, viewport: { width: 1280, height: 900 } }],
      },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...node,
          ...sharedWorkers,
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/forms/**/*.test.{ts,tsx}'],
          sequence: { groupOrder: 0 },
          testTimeout: 2 * MINUTE,
          hookTimeout: 2 * MINUTE,
        },
      },
      {
        test: {
          ...node,
          ...sharedWorkers,
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [PG_ONLY],
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          testTimeout: 5 * MINUTE,
          hookTimeout: 5 * MINUTE,
        },
      },
      {
        test: {
          ...node,
          ...sharedWorkers,
          name: 'api-pg',
          include: ['tests/api/**/*.test.ts'],
          exclude: EMBEDDED_ONLY.map((file) => `tests/api/${file}`),
          globalSetup: ['tests/helpers/pg-global-setup.ts'],
          setupFiles: ['tests/helpers/pg-setup.ts'],
          sequence: { groupOrder: 2 },
          maxWorkers: 2,
          testTimeout: 5 * MINUTE,
          hookTimeout: 5 * MINUTE,
        },
      },
      {
        test: {
          ...node,
          name: 'printable',
          include: ['tests/printable/**/*.test.ts'],
          sequence: { groupOrder: 3 },
          maxWorkers: 2,
          testTimeout: 5 * MINUTE,
          hookTimeout: 5 * MINUTE,
        },
      },
      {
        test: {
          ...node,
          name: 'hardening',
          include: ['tests/hardening/**/*.test.ts'],
          sequence: { groupOrder: 4 },
          maxWorkers: 1,
          fileParallelism: false,
          testTimeout: 10 * MINUTE,
          hookTimeout: 10 * MINUTE,
        },
      },
      {
        test: {
          ...node,
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          sequence: { groupOrder: 5 },
          // Two files at once, each with its own server and Chromium: much of a file's time is
          // real waits (a session's renewal, a notice's 5 s). One at a time where DFORM_TEST_PORT
          // gives every server the one port a machine allows.
          maxWorkers: process.env.DFORM_TEST_PORT ? 1 : 2,
          testTimeout: 10 * MINUTE,
          hookTimeout: 10 * MINUTE,
        },
      },
      inChromium('storybook', 6, [storybookTest({ configDir: path.join(ROOT, '.storybook') })]),
      // The stories as a whole; Storybook's plugin takes only story files, so these run beside it.
      inChromium('stories', 7, [], ['tests/stories/**/*.test.ts']),
    ],
  },
});
