/**
 * How the server hands out the built web app (server/web.ts): the hashed assets for good, the page
 * itself checked again on every visit so a new build is picked up.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.ts';

describe('web app caching', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer();
  });
  after(() => server.stop());

  it('serves the page with no-cache and its hashed assets as immutable', async () => {
    for (const route of ['/', '/payroll/employee/list']) {
      const page = await fetch(server.url + route);
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('cache-control'), 'no-cache', route);
      const html = await page.text();
      const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      assert.ok(script, `${route}: a module script in the page`);
      const asset = await fetch(server.url + script);
      assert.equal(asset.status, 200);
      assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      await asset.arrayBuffer();
    }
  });

  it('does not mark a missing asset as cacheable', async () => {
    const missing = await fetch(`${server.url}/assets/no-such-file-0000.js`);
    assert.equal(missing.status, 404);
    // The server's default: never the assets' year-long `immutable`, which would pin the 404.
    assert.equal(missing.headers.get('cache-control'), 'no-store');
    await missing.arrayBuffer();
  });
});
