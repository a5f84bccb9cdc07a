/**
 * The client's address (server/http/context.ts): the socket's peer, or, behind a trusted reverse
 * proxy, the rightmost X-Forwarded-For hop that is not one of the trusted proxies.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { clientAddress } from '../../../server/http/context.ts';
import { configFromEnv } from '../../../server/config.ts';

const PROXIES = new Set(['10.0.0.2', '10.0.0.3']);

test('the peer, unless a trusted proxy; then the hop its proxies appended', () => {
  const cases: [string | undefined, string | undefined, string | undefined, string][] = [
    [undefined, '198.51.100.7', undefined, 'no socket (in-process): unknown'],
    ['203.0.113.9', '198.51.100.7', '203.0.113.9', 'an untrusted peer: its own address, the header ignored'],
    ['::ffff:203.0.113.9', undefined, '203.0.113.9', 'an IPv4 peer on a dual-stack socket'],
    ['10.0.0.2', '198.51.100.7', '198.51.100.7', 'one trusted proxy'],
    ['10.0.0.2', '198.51.100.7, 10.0.0.3', '198.51.100.7', 'two trusted proxies'],
    [
      '10.0.0.2',
      '1.1.1.1, 2.2.2.2, 198.51.100.7',
      '198.51.100.7',
      'what the client wrote, left of it, is not believed',
    ],
    ['10.0.0.2', '2001:db8::7', '2001:db8::7', 'an IPv6 client'],
    ['10.0.0.2', undefined, '10.0.0.2', 'a trusted proxy that names no client: the proxy'],
    ['10.0.0.2', '198.51.100.7, not-an-address', '10.0.0.2', 'a malformed last hop: the proxy, never a chosen address'],
    ['10.0.0.2', '10.0.0.3', '10.0.0.3', 'only proxies: the last one'],
  ];
  for (const [peer, forwarded, expected, what] of cases) {
    assert.equal(clientAddress(peer, forwarded, PROXIES), expected, what);
  }
});

test('with no trusted proxy, the header never counts', () => {
  assert.equal(clientAddress('127.0.0.1', '198.51.100.7', new Set()), '127.0.0.1');
});

test('DFORM_TRUSTED_PROXIES lists addresses, nothing else', () => {
  assert.deepEqual(configFromEnv({ DFORM_TRUSTED_PROXIES: '10.0.0.2, ::1' }).trustedProxies, ['10.0.0.2', '::1']);
  assert.deepEqual(configFromEnv({}).trustedProxies, []);
  assert.throws(
    () => configFromEnv({ DFORM_TRUSTED_PROXIES: '10.0.0.0/8' }),
    /DFORM_TRUSTED_PROXIES must list IP addresses, not '10.0.0.0\/8'/,
  );
});
