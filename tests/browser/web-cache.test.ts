/**
 * How the server hands out the built web app (server/web.ts): the hashed assets for good, the page
 * itself checked again on every visit so a new build is picked up.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../helpers/server.ts';

describe('web app caching', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  it('serves the page with no-cache and its hashed assets as immutable', async () => {
    for (const route of ['/', '/payroll/employee/list', '/payroll/i9/edit/some-key']) {
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

  it("names the form screen's code and the widgets' styles in a create, edit or view page, the list's in a list page", async () => {
    const preloads = async (route: string) => {
      const html = await (await fetch(server.url + route)).text();
      return {
        first: [
          ...html.matchAll(/<script type="module" async crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/g),
        ].map((m) => m[1]),
        firstAt: html.indexOf('<script type="module" async'),
        appAt: html.indexOf('<script type="module" crossorigin'),
        code: [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+\.js)">/g)].map(
          (m) => m[1],
        ),
        styles: [...html.matchAll(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g)].map(
          (m) => m[1],
        ),
      };
    };
    const plain = await preloads('/home');
    assert.deepEqual(plain.code, [], 'the home loads no form code');
    assert.deepEqual(plain.first, [], 'the home asks for no form data');
    for (const route of ['/payroll/i9/edit/some-key', '/payroll/w4/create', '/hr/employee_documents/view/k']) {
      const form = await preloads(route);
      assert.ok(
        form.code.some((f) => /RecordScreen-/.test(f)),
        `${route}: the form screen's code`,
      );
      assert.ok(
        form.code.some((f) => /record-forms-/.test(f)),
        `${route}: the forms it draws with`,
      );
      // The screen's own imports (@rjsf's core) too: a preloaded module's imports wait until it runs.
      assert.ok(
        form.code.some((f) => /getDefaultRegistry-/.test(f)),
        `${route}: @rjsf's core`,
      );
      assert.equal(new Set(form.code).size, form.code.length, `${route}: each chunk named once`);
      assert.equal(form.first.length, 1, `${route}: the first script asking for the page's data`);
      assert.ok(form.firstAt < form.appAt, `${route}: the first script comes before the app's`);
      assert.equal(form.styles.length, plain.styles.length + 1, `${route}: the widgets' stylesheet besides the app's`);
      for (const asset of [...form.first, ...form.code, ...form.styles]) {
        const r = await fetch(server.url + asset);
        assert.equal(r.status, 200, asset);
        await r.arrayBuffer();
      }
    }
    for (const route of ['/payroll/i9/edit', '/login']) assert.deepEqual((await preloads(route)).code, [], route);
    // A list page names the list screen's code (not in the code every page loads), and no form's.
    const list = await preloads('/payroll/i9/list');
    assert.ok(
      list.code.some((f) => /ListScreen-/.test(f)),
      'the list screen',
    );
    assert.ok(!list.code.some((f) => /RecordScreen-|record-forms-/.test(f)), 'no form code on a list page');
    assert.deepEqual(list.first, [], 'a list page asks for no record early');
  });

  it('does not mark a missing asset as cacheable', async () => {
    const missing = await fetch(`${server.url}/assets/no-such-file-0000.js`);
    assert.equal(missing.status, 404);
    // The server's default: never the assets' year-long `immutable`, which would pin the 404.
    assert.equal(missing.headers.get('cache-control'), 'no-store');
    await missing.arrayBuffer();
  });
});
