/**
 * What a visitor types in the product sign-in page's Company field, and where it leads
 * (renderers/session/company-site.ts).
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { companyHostname, companySiteUrl } from '../../../renderers/session/company-site.ts';

test('the hostname meant by what was typed', () => {
  const cases: [string, string | undefined, string | undefined][] = [
    ['acme', 'localhost', 'acme.localhost'],
    ['  Acme ', 'dform.app', 'acme.dform.app'],
    ['acme-west', 'dform.app', 'acme-west.dform.app'],
    ['acme.dform.app', 'localhost', 'acme.dform.app'],
    ['ACMEDEMO.localhost', undefined, 'acmedemo.localhost'],
    ['http://acmedemo.localhost:8787/login?x=1', 'localhost', 'acmedemo.localhost'],
    ['https://acme.dform.app/', 'dform.app', 'acme.dform.app'],
    ['acme.dform.app.', 'dform.app', 'acme.dform.app'],
    ['Acme Demo', 'localhost', 'acmedemo.localhost'],
    ['Acme Widgets, Inc.', 'dform.app', 'acmewidgets.dform.app'],
    ['', 'dform.app', undefined],
    ['  --  ', 'dform.app', undefined],
    ['acme', undefined, undefined],
  ];
  for (const [typed, domain, hostname] of cases) {
    assert.equal(companyHostname(typed, domain), hostname, JSON.stringify([typed, domain]));
  }
});

test("a company's site keeps this page's scheme and port", () => {
  assert.equal(
    companySiteUrl('acme.localhost', '/login', { protocol: 'http:', port: '8787' }),
    'http://acme.localhost:8787/login',
  );
  assert.equal(
    companySiteUrl('acme.dform.app', '/login', { protocol: 'https:', port: '' }),
    'https://acme.dform.app/login',
  );
});
