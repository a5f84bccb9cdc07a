/**
 * The browser tests' world: the real server (started after `npm run build:web`, so it serves
 * dist/web) as a local run with the demo company, a headless Chromium, and a page per test that
 * signs in as a demo user on the demo company's own site, http://acmedemo.localhost:<port>, which
 * Chromium reaches with no set-up.
 */
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { LOCAL_DOMAIN } from '../../server/config.ts';
import { demoHostname } from '../../server/demo.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, ROOT, startServer, type TestServer } from '../helpers/server.ts';
import { chromiumPath } from './chromium.ts';

/** The demo company's hostname in a local run (server/demo.ts). */
export const DEMO_HOST = demoHostname(LOCAL_DOMAIN);
/**
 * Where the browser tests put their screenshots: a temporary folder, so a test run leaves the
 * checkout as it was; `npm run screenshots` points it at docs/screenshots to refresh docs/screens.md's.
 */
export const SCREENSHOTS = process.env.DFORM_SCREENSHOTS_DIR
  ? path.resolve(ROOT, process.env.DFORM_SCREENSHOTS_DIR)
  : path.join(os.tmpdir(), 'dform-screenshots');
/** Found when a browser test or the benchmark loads, so that without Chromium it stops before any work. */
const CHROMIUM = chromiumPath();

export const USERS = {
  admin: { email: 'admin@acme.example', password: 'demo-admin-pass' },
  payroll: { email: 'payroll@acme.example', password: 'demo-payroll-pass' },
  emma: { email: 'emma@acme.example', password: 'demo-employee-pass' },
  ivan: { email: 'ivan@acme.example', password: 'demo-inactive-pass' },
  carla: { email: 'carla@acme.example', password: 'demo-complete-pass' },
  sam: { email: 'sam@acme.example', password: 'demo-section2-pass' },
  wes: { email: 'wes@acme.example', password: 'demo-resign-pass' },
} as const;

export interface World {
  server: TestServer;
  /** The demo company's site, where the world's pages open. */
  site: string;
  browser: Browser;
  call: ReturnType<typeof client>;
  org: string;
  /** A fresh context and page (390px wide when `mobile`; taps with a finger when `touch`). */
  page(opts?: { mobile?: boolean; touch?: boolean }): Promise<{ context: BrowserContext; page: Page }>;
  signIn(page: Page, who: keyof typeof USERS): Promise<void>;
  /** An API session of a demo user, for setting up data. */
  apiLogin(who: keyof typeof USERS): Promise<{ token: string; user: string }>;
  /** Writes <SCREENSHOTS>/<name>.png: the whole page, or only the viewport (`fullPage: false`). */
  screenshot(page: Page, name: string, opts?: { fullPage?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** Headless Chromium (see chromium.ts for which), quiet: no updates, sync or first-run work. */
export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

/**
 * DFORM_TEST_PORT fixes the server's port (a free one otherwise), for a machine where a run must
 * keep to a range of ports; then run one file at a time.
 */
/** `env`: more of the server's environment (DFORM_EXTRA_SCHEMAS for an entity of a test's own). */
export async function startWorld(opts: { env?: Record<string, string> } = {}): Promise<World> {
  if (!existsSync(path.join(ROOT, 'dist', 'web', 'index.html'))) {
    throw new Error('browser tests: dist/web is missing; run `npm run build:web` first');
  }
  const port = process.env.DFORM_TEST_PORT;
  const server = await startServer({ demo: true, env: { ...opts.env, ...(port ? { PORT: port } : {}) } });
  const browser = await launchChromium();
  const call = client(server.url);
  const org = (await call('GET', `/auth/api/resolve_org?hostname=${DEMO_HOST}`)).body.organization_id as string;
  const site = `http://${DEMO_HOST}:${new URL(server.url).port}`;
  const contexts: BrowserContext[] = [];
  const world: World = {
    server,
    site,
    browser,
    call,
    org,
    async page({ mobile = false, touch = false } = {}) {
      const context = await browser.newContext({
        baseURL: site,
        viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
        ...(touch ? { hasTouch: true, isMobile: true } : {}),
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
    async signIn(page, who) {
      await page.goto('/login');
      await page.getByLabel('E-mail').fill(USERS[who].email);
      await page.getByLabel('Password').fill(USERS[who].password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    },
    async apiLogin(who) {
      const r = await call('POST', '/auth/api/login', {
        org,
        body: { userid: USERS[who].email, key: USERS[who].password },
      });
      if (r.status !== 200) throw new Error(`login ${who}: ${r.status} ${r.text}`);
      return { token: r.body.token, user: r.body.session.user.key };
    },
    async screenshot(page, name, { fullPage = true } = {}) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await server.stop();
    },
  };
  return world;
}

/**
 * Clicks a form's Save and waits for the save's own answer, then for its notice. Waiting for the
 * notice alone would pass on the notice of an earlier save, which shows for 5 s.
 */
export async function saveForm(page: Page, notice = 'Saved.'): Promise<void> {
  const answer = page.waitForResponse(
    // A create (POST …/<type>/) or a save (POST …/<type>/<key>), not a find (POST …/find/<type>).
    (r) => r.request().method() === 'POST' && /\/api\/data\/(?!find\/)[^/]+\/[^/]*$/.test(new URL(r.url()).pathname),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const r = await answer;
  if (!r.ok()) throw new Error(`the save answered ${r.status()}: ${await r.text()}`);
  await page.locator('.notices').getByText(notice, { exact: true }).waitFor();
}

/**
 * Attaches a small PDF named `name` on the record's edit screen and waits until it is stored and
 * the record's File name (x-file nameField, read-only) says its name; answers that box.
 */
export async function uploadPdf(page: Page, name: string) {
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Download' }).waitFor();
  await page.waitForFunction(
    (named) => (document.querySelector('[id$="filename"]') as HTMLInputElement | null)?.value === named,
    name,
  );
  return page.getByLabel(/^File name/);
}

/**
 * A new employee of the demo company (payroll module, nothing filled in yet), signed in on a page of
 * their own: for a test that needs a person whose forms are all empty, whatever the demo's people
 * hold by then; with `permissions`, those too.
 */
export async function newEmployeePage(
  w: World,
  name: string,
  permissions: readonly string[] = [],
): Promise<{ page: Page; key: string }> {
  const admin = await w.apiLogin('admin');
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@acme.example`;
  const password = 'fresh-start-pass-1';
  const made = await w.call('POST', '/auth/api/data/users/', {
    org: w.org,
    token: admin.token,
    body: {
      email,
      display_name: name,
      status: 'active',
      permissions: ['PAYROLL:CanUseModule', ...permissions],
      is_employee: true,
      employee_id: `E-${Date.now()}`,
    },
  });
  if (made.status !== 201) throw new Error(`new employee: ${made.status} ${made.text}`);
  const set = await w.call('POST', '/auth/api/set_user_password', {
    org: w.org,
    token: admin.token,
    body: { user_id: made.body.key, password, password2: password },
  });
  if (set.status !== 200) throw new Error(`new employee's password: ${set.status} ${set.text}`);
  const { page } = await w.page();
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  return { page, key: made.body.key as string };
}

/** A page of the product organization itself (the server's own address), product staff signed in. */
export async function staffPage(w: World): Promise<Page> {
  const context = await w.browser.newContext({ baseURL: w.server.url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(ADMIN_EMAIL);
  await page.getByLabel('Password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  return page;
}
