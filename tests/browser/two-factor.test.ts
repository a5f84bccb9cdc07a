/**
 * Two-factor sign-in in a real browser against the real server (demo company): setting up an
 * authenticator app (the QR code and key shown, a code computed here with otpauth, the recovery
 * codes shown once) and signing in with it by keyboard alone; codes by e-mail (read from the
 * outbox); "Reset two-factor" on the user form; the quiet renewal of the session and the sign-out
 * when it fails. Each screen is checked with axe. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';
import { codeAt, steadyNow } from '../helpers/totp.ts';
import { newEmployeePage, startWorld, type World } from './browser.ts';
import { blocking, describeViolations, runAxe } from './axe.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { client, startServer } from '../helpers/server.ts';

const PASSWORD = 'a long enough secret 44';
let w: World;
let admin = '';

beforeAll(async () => {
  w = await startWorld();
  admin = (await w.apiLogin('admin')).token;
});
afterAll(async () => {
  await w?.close();
});

async function assertAccessible(page: Page, where: string) {
  const found = blocking(await runAxe(page));
  assert.deepEqual(
    found.map((v) => v.id),
    [],
    describeViolations(where, found),
  );
}

async function newAccount(): Promise<{ key: string; email: string }> {
  const email = `tf.${crypto.randomUUID().slice(0, 8)}@acme.example`;
  const r = await w.call('POST', '/auth/api/data/users/', {
    org: w.org,
    token: admin,
    body: { email, display_name: 'Toni Factor', status: 'active', permissions: [], is_employee: false },
  });
  assert.equal(r.status, 201, r.text);
  const set = await w.call('POST', '/auth/api/set_user_password', {
    org: w.org,
    token: admin,
    body: { user_id: r.body.key, password: PASSWORD, password2: PASSWORD },
  });
  assert.equal(set.status, 200, set.text);
  return { key: r.body.key, email };
}

async function passwordStep(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function lastCodeTo(email: string, since: number): Promise<string> {
  const until = Date.now() + 10_000;
  for (;;) {
    const m = (await readOutbox(w.server.dataDir))
      .slice(since)
      .filter((x) => x.to === email)
      .pop();
    const code = m && /\b(\d{6})\b/.exec(m.text)?.[1];
    if (code) return code;
    if (Date.now() > until) throw new Error(`no code sent to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('two-factor sign-in in the browser', () => {
  it('sets up an authenticator app from the QR code page and signs in with it by keyboard', async () => {
    const u = await newAccount();
    const { page } = await w.page();
    await passwordStep(page, u.email);
    await page.waitForURL((x) => !x.pathname.startsWith('/login'));
    // The user menu leads to the settings.
    await page.getByRole('button', { name: 'Toni Factor' }).click();
    await page.getByRole('link', { name: 'Two-factor sign-in' }).click();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await assertAccessible(page, 'two-factor settings');
    await page.getByLabel('Authenticator app (recommended)').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await qr.waitFor();
    assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    const key = (await page.locator('.two-factor__key').textContent())!.trim();
    assert.match(key, /^[A-Z2-7]{13}$/);
    await assertAccessible(page, 'two-factor: scan the QR code');
    await w.screenshot(page, 'two-factor-setup', { fullPage: false });
    await page.getByLabel('Code').fill(codeAt(key, await steadyNow()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    assert.equal(await codes.count(), 10);
    await assertAccessible(page, 'two-factor: recovery codes');
    await w.screenshot(page, 'two-factor-recovery-codes', { fullPage: false });
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Now:').getByText('Authenticator app').waitFor();

    // Signed out, then in again: the password step, then the code, typed and sent with Enter.
    const { page: next } = await w.page();
    await passwordStep(next, u.email);
    await next.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    assert.ok(new URL(next.url()).pathname.startsWith('/login'), 'no session before the code');
    await assertAccessible(next, 'second sign-in step');
    assert.equal(
      await next.evaluate(() => document.activeElement?.getAttribute('name')),
      'code',
      'the code field has focus',
    );
    await next.keyboard.type('000000');
    await next.keyboard.press('Enter');
    await next.getByRole('alert').filter({ hasText: 'That code did not work' }).waitFor();
    await assertAccessible(next, 'second sign-in step (wrong code)');
    await w.screenshot(next, 'two-factor-sign-in', { fullPage: false });
    await next.getByLabel('Code').fill('');
    await next.getByLabel('Code').focus();
    await next.keyboard.type(codeAt(key, Date.now() + 30_000));
    await next.keyboard.press('Enter');
    await next.waitForURL((x) => !x.pathname.startsWith('/login'));
    const stored = await next.evaluate(() => localStorage.getItem('dform.refresh'));
    assert.ok(stored && JSON.parse(stored).refresh_token, 'the refresh token is kept');
  });

  it('e-mail codes: on at once with recovery codes, and each sign-in asks for the code from the outbox', async () => {
    const u = await newAccount();
    const { page } = await w.page();
    await passwordStep(page, u.email);
    await page.waitForURL((x) => !x.pathname.startsWith('/login'));
    await page.goto('/settings/two-factor');
    await page.getByLabel('Code by e-mail').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await assertAccessible(page, 'two-factor: e-mail codes on, recovery codes shown');

    const { page: next } = await w.page();
    const since = (await readOutbox(w.server.dataDir)).length;
    await passwordStep(next, u.email);
    await next.getByText('We sent a 6-digit code to your e-mail address').waitFor();
    await next.getByRole('button', { name: 'Send a new code' }).click();
    await next.getByRole('alert').filter({ hasText: 'Please wait a minute' }).waitFor();
    await next.getByLabel('Code').fill(await lastCodeTo(u.email, since));
    await next.getByRole('button', { name: 'Verify' }).click();
    await next.waitForURL((x) => !x.pathname.startsWith('/login'));

    // Turning it off takes the password: asked for before sending, checked by the server.
    await next.goto('/settings/two-factor');
    await next.getByLabel('Off: sign in with the password alone').check();
    await next.getByRole('button', { name: 'Turn off' }).click();
    await next.getByText('Enter your password to change two-factor sign-in.').waitFor();
    await next.getByLabel('Your password').fill('not the password');
    await next.getByRole('button', { name: 'Turn off' }).click();
    await next.getByText('Current password is incorrect').waitFor();
    assert.equal(await next.getByLabel('Your password').getAttribute('aria-invalid'), 'true');
    await next.getByLabel('Your password').fill(PASSWORD);
    await next.getByRole('button', { name: 'Turn off' }).click();
    await next.getByText('Now:').getByText('off').waitFor();
    await assertAccessible(next, 'two-factor: turned off');
  });

  it('"Reset two-factor" on the user form: after a confirm, the user signs in with the password alone', async () => {
    const u = await newAccount();
    const own = await w.call('POST', '/auth/api/login', { org: w.org, body: { userid: u.email, key: PASSWORD } });
    const set = await w.call('POST', '/auth/api/set_2fa_options', {
      org: w.org,
      token: own.body.token,
      body: { '2fa_method': 'authenticator' },
    });
    const proven = await w.call('POST', '/auth/api/verify_2fa', {
      org: w.org,
      token: own.body.token,
      body: { code: codeAt(set.body.authenticator_key, await steadyNow()) },
    });
    assert.equal(proven.status, 200, proven.text);
    const { page } = await w.page();
    await w.signIn(page, 'admin');
    await page.goto(`/auth/users/edit/${u.key}`);
    await page.getByRole('button', { name: 'Reset two-factor' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText("Reset Toni Factor's two-factor sign-in?").waitFor();
    await assertAccessible(page, 'reset two-factor dialog');
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Two-factor sign-in reset').waitFor();
    const after = await w.call('POST', '/auth/api/login', { org: w.org, body: { userid: u.email, key: PASSWORD } });
    assert.equal(after.status, 200);
    assert.ok(after.body.token, 'the password alone signs in');
  });
});

/**
 * A demo server whose sessions last 70 s (the app renews 60 s before the end: 10 s after signing
 * in), Emma signed in on a page of a new browser context, and a wait for the stored token to change.
 */
async function withShortSessions(
  test: (t: {
    call: ReturnType<typeof client>;
    org: string;
    context: BrowserContext;
    page: Page;
    renewalOf: (page: Page, token: string | null) => Promise<void>;
  }) => Promise<void>,
) {
  const server = await startServer({ demo: true, env: { DFORM_SESSION_SECONDS: '70', DFORM_PRODUCT_DOMAIN: '' } });
  try {
    const call = client(server.url);
    const org = (await call('GET', '/auth/api/resolve_org?hostname=acmedemo.localhost')).body.organization_id;
    const context = await w.browser.newContext({ baseURL: `http://acmedemo.localhost:${new URL(server.url).port}` });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill('emma@acme.example');
    await page.getByLabel('Password').fill('demo-employee-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((x) => !x.pathname.startsWith('/login'));
    const renewalOf = async (p: Page, token: string | null) => {
      await p.waitForFunction((t) => {
        const now = localStorage.getItem('dform.auth_token');
        return now !== null && now !== t;
      }, token);
    };
    await test({ call, org, context, page, renewalOf });
    await context.close();
  } finally {
    await server.stop();
  }
}

describe('the session renews itself quietly, and signs out when it cannot', () => {
  it('renews before its end; after logout_all elsewhere the renewal fails and the app signs out', async () => {
    await withShortSessions(async ({ call, org, page, renewalOf }) => {
      await renewalOf(page, await page.evaluate(() => localStorage.getItem('dform.auth_token')));
      const renewed = (await page.evaluate(() => localStorage.getItem('dform.auth_token')))!;
      const session = await call('GET', '/auth/api/session', { org, token: renewed });
      assert.equal(session.status, 200, 'the renewed token works');
      // Every session and refresh token of the user ends elsewhere: the next renewal fails.
      assert.equal((await call('POST', '/auth/api/logout_all', { org, token: renewed, body: {} })).status, 204);
      await page.waitForFunction(() => localStorage.getItem('dform.auth_token') === null, undefined, {
        timeout: 30_000,
      });
      await page.waitForURL((x) => x.pathname.startsWith('/login'));
    });
  });

  it('a sign-in ended elsewhere is noticed at the next call, not a minute before the token ends', async () => {
    const { page, key } = await newEmployeePage(w, 'Enid Ended');
    const email = await page.evaluate(() => JSON.parse(localStorage.getItem('dform.session') ?? '{}').user.email);
    const at = `/payroll/my_emergency_contacts/edit/${key}`;
    await page.goto(at);
    await page.getByLabel('First name').first().fill('Ada');
    await page.getByLabel('Last name').first().fill('Byron');
    await page.getByLabel('Relationship').first().fill('Sister');
    await page.getByLabel('Phone').first().fill('5125550143');
    // Every session of hers ends elsewhere ("sign out everywhere" on another device).
    const other = await w.call('POST', '/auth/api/login', {
      org: w.org,
      body: { userid: email, key: 'fresh-start-pass-1' },
    });
    assert.equal(other.status, 200, other.text);
    const out = await w.call('POST', '/auth/api/logout_all', { org: w.org, token: other.body.token, body: {} });
    assert.equal(out.status, 204);
    // The Save says it saved nothing and why; the app signs out (where every call had failed with
    // "Invalid token specified" and the page stayed as if signed in) and comes back after sign-in.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Not saved: your sign-in has ended.').waitFor();
    await page.getByText('You were signed out: your sign-in ended elsewhere, or expired.').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('dform.auth_token')), null);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('fresh-start-pass-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === at);
    await page.context().close();
  });

  it('two tabs of one sign-in renew once between them and both stay signed in', async () => {
    await withShortSessions(async ({ call, org, context, page: one, renewalOf }) => {
      const first = await one.evaluate(() => localStorage.getItem('dform.auth_token'));
      // The second tab opens on the same sign-in (the token in this browser's local storage), and
      // its check of that session is answered only after the first tab renewed it: the older token
      // it was checking must not be written back over the renewed one.
      const two = await context.newPage();
      two.setDefaultTimeout(30_000);
      let renewed: () => void = () => undefined;
      const afterRenewal = new Promise<void>((resolve) => (renewed = resolve));
      await two.route('**/auth/api/session', async (route) => {
        await afterRenewal;
        await route.continue();
      });
      await two.goto('/profile');
      // Both tabs would renew 10 s after the sign-in; a spent refresh token used twice would end them both.
      await renewalOf(one, first);
      renewed();
      await one.waitForTimeout(3_000);
      const tokens = await Promise.all(
        [one, two].map((p) => p.evaluate(() => localStorage.getItem('dform.auth_token'))),
      );
      assert.ok(tokens[0] && tokens[0] === tokens[1], 'one token, in both tabs');
      assert.equal((await call('GET', '/auth/api/session', { org, token: tokens[0] })).status, 200);
      // Each tab, opened again, is still signed in with it.
      for (const page of [one, two]) {
        await page.reload({ waitUntil: 'networkidle' });
        assert.ok(!new URL(page.url()).pathname.startsWith('/login'), page.url());
        assert.equal(await page.evaluate(() => localStorage.getItem('dform.auth_token')), tokens[0]);
      }
    });
  });
});
