/**
 * The download key store (server/printable/download-keys.ts): a key answers its grant once, not
 * after its time, not when malformed; one user's keys and all keys are bounded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { downloadKeys, DOWNLOAD_KEY } from '../../server/printable/download-keys.ts';

const grant = (user = 'u1', org = 'o1') => ({ org, user, sid: 's1', sessionExp: 9e9, form: 'w4', key: 'k1' });

test('a key answers its grant once, within its time', () => {
  let now = 1000;
  const keys = downloadKeys({ now: () => now, ttlSeconds: 60 });
  const a = keys.issue(grant());
  assert.match(a.downloadKey, DOWNLOAD_KEY);
  assert.equal(a.expires, 1060);
  assert.deepEqual(keys.redeem(a.downloadKey), grant());
  assert.equal(keys.redeem(a.downloadKey), undefined, 'once');

  const b = keys.issue(grant());
  now = 1060;
  assert.equal(keys.redeem(b.downloadKey), undefined, 'expired at its time');
  assert.equal(keys.redeem('not a key'), undefined);
  assert.equal(keys.redeem(''), undefined);
});

test("one user's keys and all keys are bounded: the oldest go first", () => {
  const keys = downloadKeys({ now: () => 1000, perUser: 3, maxKeys: 5 });
  const mine = [1, 2, 3, 4].map(() => keys.issue(grant('u1')).downloadKey);
  assert.equal(keys.redeem(mine[0]), undefined, 'the fourth key dropped the first');
  assert.ok(keys.redeem(mine[1]));
  const other = keys.issue(grant('u1', 'o2')).downloadKey;
  assert.ok(keys.redeem(other), 'the same user key in another organization is another user');
  const many = ['a', 'b', 'c', 'd', 'e', 'f'].map((u) => keys.issue(grant(u)).downloadKey);
  assert.equal(keys.redeem(mine[2]), undefined, 'the oldest dropped when the store is full');
  assert.ok(keys.redeem(many[5]));
});
