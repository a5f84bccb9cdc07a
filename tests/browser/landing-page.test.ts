/**
 * The landing page an administrator sets on an account ("Landing page" on the user form) is where
 * the account lands after signing in; one the account may not open is refused with 'Not
 * authorized.' and the account lands where the spec's order sends it. Needs `npm run build:web` first.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { startWorld, type World } from './browser.ts';

let w: World;
beforeAll(async () => {
  w = await startWorld();
});
afterAll(async () => {
  await w?.close();
});

describe('the landing page set on an account', () => {
  it('is where Carla lands after signing in; one she may not open sends her home with Not authorized.', async () => {
    const admin = await w.apiLogin('admin');
    const carla = await w.apiLogin('carla');
    const setLanding = async (to: string) => {
      const r = await w.call('PATCH', `/auth/api/data/users/${carla.user}`, {
        org: w.org,
        token: admin.token,
        body: { default_destination: to },
      });
      assert.equal(r.status, 200, r.text);
    };

    await setLanding('/paystubs');
    const first = await w.page();
    await w.signIn(first.page, 'carla');
    await first.page.waitForURL((u) => u.pathname === '/paystubs');
    await first.page.getByRole('heading', { level: 1 }).waitFor();

    await setLanding('/auth/users');
    const second = await w.page();
    await w.signIn(second.page, 'carla');
    await second.page.getByText('Not authorized.').first().waitFor();
    await second.page.waitForURL((u) => u.pathname === '/home');
    assert.equal(new URL(second.page.url()).pathname, '/home');
  });
});
