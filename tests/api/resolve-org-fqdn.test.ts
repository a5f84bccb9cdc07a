/**
 * API.md, "Headers and tenancy": `resolve_org?hostname=<h>` answers the organization whose hostname
 * is `h` (default: the request's Host). A name written fully qualified, with its trailing dot
 * (`acmedemo.dform.app.`, as a browser sends it in Host when the address was typed so), is the same
 * DNS name: it answered the root organization, so the company's sign-in page became the product's.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import http from 'node:http';
import { demoHostname } from '../../server/demo.ts';
import { demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
let host: string;
beforeAll(async () => {
  w = await demoWorld();
  host = demoHostname((await w.call('GET', '/auth/api/resolve_org?hostname=localhost')).body.product_domain);
});
afterAll(async () => {
  await w?.server.stop();
});

/** GET with a Host header of our choosing (fetch sends the URL's). */
function withHost(path: string, hostHeader: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.get(w.server.url + path, { headers: { host: hostHeader } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
}

describe('a fully qualified hostname names the same organization', () => {
  test('?hostname= with a trailing dot', async () => {
    const r = await w.call('GET', `/auth/api/resolve_org?hostname=${host}.`);
    assert.equal(r.status, 200);
    assert.equal(r.body.organization_id, w.acmeOrg);
  });

  test('the Host header with a trailing dot, with and without a port', async () => {
    for (const h of [`${host}.`, `${host}.:8443`, `${host.toUpperCase()}.`]) {
      const r = await withHost('/auth/api/resolve_org', h);
      assert.equal(r.status, 200, h);
      assert.equal(r.body.organization_id, w.acmeOrg, h);
    }
  });

  test('a name no organization holds still answers the root organization', async () => {
    const r = await w.call('GET', '/auth/api/resolve_org?hostname=nobody.example.');
    assert.equal(r.body.organization_id, w.rootOrg);
  });
});
