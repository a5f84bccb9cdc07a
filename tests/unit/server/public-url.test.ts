/**
 * Where a server's companies live: the product domain by configuration or by where the server
 * listens (server/config.ts), and the absolute addresses on a company's site that e-mails carry
 * (server/public-url.ts).
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { configFromEnv } from '../../../server/config.ts';
import { companyUrl, signInLink } from '../../../server/public-url.ts';

test('the product domain: DFORM_PRODUCT_DOMAIN, else localhost for a server of this machine only, else dform.app', () => {
  const cases: [Record<string, string>, string][] = [
    [{}, 'localhost'],
    [{ HOST: '127.0.0.1' }, 'localhost'],
    [{ HOST: '127.0.1.1' }, 'localhost'],
    [{ HOST: 'localhost' }, 'localhost'],
    [{ HOST: '::1' }, 'localhost'],
    [{ HOST: '[::1]' }, 'localhost'],
    [{ HOST: '0.0.0.0' }, 'dform.app'],
    [{ HOST: '10.1.2.3' }, 'dform.app'],
    [{ HOST: '127.0.0.1', DFORM_PRODUCT_DOMAIN: 'Forms.Example.com' }, 'forms.example.com'],
    [{ HOST: '0.0.0.0', DFORM_PRODUCT_DOMAIN: 'localhost' }, 'localhost'],
  ];
  for (const [env, domain] of cases) {
    const c = configFromEnv(env);
    assert.equal(c.productDomain, domain, JSON.stringify(env));
    assert.equal(c.hostnameDomains[0], domain);
  }
});

test("a company's address: https in production, http on the listening port in a local run, DFORM_PUBLIC_URL when set", () => {
  const cases: [Record<string, string>, number, string][] = [
    [{ DFORM_PRODUCT_DOMAIN: 'dform.app' }, 8787, 'https://acme.dform.app/login'],
    [{}, 8787, 'http://acme.localhost:8787/login'],
    [{}, 41234, 'http://acme.localhost:41234/login'],
    [{}, 80, 'http://acme.localhost/login'],
    [{ DFORM_PUBLIC_URL: 'https://{hostname}:8443/' }, 8787, 'https://acme.localhost:8443/login'],
    [{ DFORM_PUBLIC_URL: 'http://{hostname}', DFORM_PRODUCT_DOMAIN: 'dform.app' }, 8787, 'http://acme.dform.app/login'],
  ];
  for (const [env, port, url] of cases) {
    const c = { ...configFromEnv(env), port };
    const domain = c.productDomain;
    assert.equal(companyUrl(c, `Acme.${domain}`, '/login'), url, JSON.stringify(env));
  }
});

test('a sign-in link carries the user key and the single-use key, encoded, to /auto-login', () => {
  const c = { ...configFromEnv({ DFORM_PRODUCT_DOMAIN: 'dform.app' }), port: 8787 };
  const link = new URL(signInLink(c, 'acme.dform.app', 'user-1', 'a+b/c=&d'));
  assert.equal(link.origin, 'https://acme.dform.app');
  assert.equal(link.pathname, '/auto-login');
  assert.deepEqual(Object.fromEntries(link.searchParams), {
    userid: 'user-1',
    key: 'a+b/c=&d',
    type: 'forgot_password',
  });
});

test('DFORM_PUBLIC_URL must be http(s)://{hostname} with an optional port; anything else stops the start', () => {
  for (const bad of [
    'https://dform.app',
    'ftp://{hostname}',
    'https://{hostname}/app',
    'https://{hostname}:99999',
    'https://x.{hostname}',
  ]) {
    assert.throws(() => configFromEnv({ DFORM_PUBLIC_URL: bad }), /config: DFORM_PUBLIC_URL must look like/, bad);
  }
});

test("a path that is not the site's own is refused", () => {
  const c = configFromEnv({});
  assert.throws(() => companyUrl(c, 'acme.localhost', 'login'), /public-url: the path 'login' must start with '\/'/);
});
