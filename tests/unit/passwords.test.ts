/** Password hashing: argon2id at the configured cost, and hashes made at an earlier cost still verify. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { hash } from '@node-rs/argon2';
import { hashPassword, verifyPassword } from '../../server/crypto/passwords.ts';

describe('password hashing', () => {
  it('hashes with argon2id at 7 MiB, 5 iterations, 1 lane, with a fresh salt each time', async () => {
    const first = await hashPassword('correct horse battery');
    assert.match(first, /^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    assert.notEqual(await hashPassword('correct horse battery'), first);
    assert.equal(await verifyPassword(first, 'correct horse battery'), true);
    assert.equal(await verifyPassword(first, 'correct horse batterY'), false);
  });

  it('verifies a hash made at the earlier 19 MiB / 2 iterations cost', async () => {
    const earlier = await hash('an older password', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    assert.match(earlier, /m=19456,t=2,p=1/);
    assert.equal(await verifyPassword(earlier, 'an older password'), true);
    assert.equal(await verifyPassword(earlier, 'another password'), false);
  });

  it('answers false for an account without a hash and for a malformed hash', async () => {
    assert.equal(await verifyPassword(undefined, 'whatever'), false);
    assert.equal(await verifyPassword('$argon2id$not-a-hash', 'whatever'), false);
  });
});
