/**
 * What a hostile person can send a colleague as a link to the product, in a real browser against the
 * real server (demo company; needs `npm run build:web` first): a sign-in link whose return address
 * hides another site behind a tab or a line break. Signing in goes to the landing page, never away
 * and never stuck on the sign-in form (docs/security.md "What one person's input does in another's
 * browser").
 */
import { afterAll, beforeAll, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';
import { outboxSize, waitForMail } from '../helpers/outbox.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

it('a sign-in link returning to /<tab>/evil.example signs in to the landing page, not to another site or an error', async () => {
  for (const redirect of [
    '%2F%09%2Fevil.example%2F',
    '%2F%0A%2Fevil.example',
    '%2F%0D%2Fevil.example',
    '%2F%5Cevil.example',
  ]) {
    const { page, context } = await w.page();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`/login?redirect=${redirect}`);
    await page.getByLabel('E-mail').fill('admin@acme.example');
    await page.getByLabel('Password').fill('demo-admin-pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    assert.equal(new URL(page.url()).host, new URL(w.site).host, redirect);
    assert.deepEqual(errors, [], redirect);
    await context.close();
  }
});

it("a link carrying a colleague's password does not sign anyone in to the colleague's account", async () => {
  // Emma sends Carla /auto-login?userid=emma…&key=<Emma's password>: Carla, signed in or not, would
  // have typed her own details into Emma's account. Only single-use keys sign in from a link.
  const link = `/auto-login?${new URLSearchParams({ userid: 'emma@acme.example', key: 'demo-employee-pass', redirect: '/home' })}`;
  const carla = await w.page();
  await w.signIn(carla.page, 'carla');
  await carla.page.goto(link);
  await carla.page.waitForURL('**/home');
  await carla.page.getByRole('heading', { name: 'Welcome, Carla Complete' }).waitFor();
  assert.equal(await carla.page.getByText('Emma Employee').count(), 0);

  const visitor = await w.page();
  await visitor.page.goto(`${link}&type=password`);
  await visitor.page.getByLabel('E-mail').waitFor();
  await visitor.page.waitForTimeout(1500);
  assert.match(new URL(visitor.page.url()).pathname, /^\/auto-login$/);
  assert.equal(await visitor.page.evaluate(() => JSON.stringify(localStorage).includes('Emma Employee')), false);
  await carla.context.close();
  await visitor.context.close();
});

it("someone signed in who opens a colleague's single-use sign-in link is asked before it replaces their session", async () => {
  // Emma asks for a forgot-password link to her own account and sends it to Carla: opened at once,
  // it would have signed Carla in as Emma without a word.
  const since = await outboxSize(w.server.dataDir);
  const sent = await w.call('POST', '/auth/api/forgot_password', {
    org: w.org,
    body: { username: 'emma@acme.example' },
  });
  assert.equal(sent.status, 200, sent.text);
  const mail = await waitForMail(w.server.dataDir, (m) => m.to === 'emma@acme.example', { since });
  const link = new URL(/(http\S+)/.exec(mail.text)![1]);
  const carla = await w.page();
  await w.signIn(carla.page, 'carla');
  await carla.page.goto(link.pathname + link.search);
  await carla.page.getByText('You are signed in as Carla Complete.').waitFor();
  await carla.page.getByRole('button', { name: 'Stay signed in as Carla Complete' }).click();
  await carla.page.waitForURL('**/home');
  await carla.page.getByRole('heading', { name: 'Welcome, Carla Complete' }).waitFor();
  // Choosing the link signs in with it.
  await carla.page.goto(link.pathname + link.search);
  await carla.page.getByRole('button', { name: 'Sign in with the link' }).click();
  await carla.page.waitForURL('**/password-change');
  await carla.context.close();
});
