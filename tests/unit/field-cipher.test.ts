/**
 * server/crypto/field-cipher.ts: AES-256-GCM envelopes, with the mask kept (and authenticated)
 * beside the cipher text in v2, v1 values still read.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { FieldCipher } from '../../server/crypto/field-cipher.ts';

const cipher = new FieldCipher(randomBytes(32), randomBytes(32));

test('a value with its mask round-trips, and the mask reads without decrypting', () => {
  const stored = cipher.encrypt('219-09-4321', 'xxx-xx-4321');
  assert.match(stored, /^enc:v2:xxx-xx-4321:[\w-]+:[\w-]+:[\w-]+$/);
  assert.equal(cipher.storedMask(stored), 'xxx-xx-4321');
  assert.equal(cipher.decrypt(stored), '219-09-4321');
  assert.ok(cipher.isEncrypted(stored));
});

test('a value without a mask is v1, as values written before masks were kept; both decrypt', () => {
  const stored = cipher.encrypt('a secret');
  assert.match(stored, /^enc:v1:/);
  assert.equal(cipher.storedMask(stored), undefined);
  assert.equal(cipher.decrypt(stored), 'a secret');
});

test('a mask changed in the data file fails decryption (it is authenticated with the value)', () => {
  const stored = cipher.encrypt('219-09-4321', 'xxx-xx-4321');
  const forged = stored.replace('xxx-xx-4321', 'xxx-xx-9999');
  assert.throws(() => cipher.decrypt(forged));
});

test('a mask is only x, digits and dashes (nothing that splits the envelope)', () => {
  assert.throws(() => cipher.encrypt('1', 'a:b'), /mask/);
  assert.throws(() => cipher.encrypt('1', ''), /mask/);
});

test('the same value encrypts differently each time (a fresh IV)', () => {
  assert.notEqual(cipher.encrypt('4321', 'xxxx4321'), cipher.encrypt('4321', 'xxxx4321'));
});
