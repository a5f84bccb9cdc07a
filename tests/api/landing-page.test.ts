/**
 * A user's landing page (users.json default_destination, "Landing page" on the user form): a page of
 * this site, set by whoever manages the account, answered in the session so the app lands there
 * after sign-in (renderers/guard/decide.ts landing). Anything that would leave the site is refused.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const MESSAGE = 'A landing page is a page of this site, such as /paystubs.';

describe("a user's landing page", () => {
  test('is a page of this site, or nothing; anything else is refused at the field', async () => {
    const user = `/auth/api/data/users/${w.ivan.user}`;
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'paystubs',
      '/pay stubs',
    ]) {
      const r = await w.call('PATCH', user, { ...as(w.admin), body: { default_destination: bad } });
      assert.equal(r.status, 400, `${bad}: ${r.text}`);
      assert.deepEqual(r.body.errors, [{ path: '/default_destination', message: MESSAGE }], bad);
    }
    for (const good of ['/inactive/paystubs', '/payroll/reports?from=2024-01-01', '']) {
      const r = await w.call('PATCH', user, { ...as(w.admin), body: { default_destination: good } });
      assert.equal(r.status, 200, `${good}: ${r.text}`);
    }
  });

  test('is answered in the session once set, and not before', async () => {
    const carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
    const before = await w.call('GET', '/auth/api/session', as(carla));
    assert.equal(before.status, 200, before.text);
    assert.equal('default_destination' in before.body.user, false);
    const set = await w.call('PATCH', `/auth/api/data/users/${carla.user}`, {
      ...as(w.admin),
      body: { default_destination: '/paystubs' },
    });
    assert.equal(set.status, 200, set.text);
    const after = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
    const session = await w.call('GET', '/auth/api/session', as(after));
    assert.equal(session.body.user.default_destination, '/paystubs');
  });
});
