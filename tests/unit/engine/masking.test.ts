import { test } from 'vitest';
import assert from 'node:assert/strict';
import { looksMasked, mapSensitive, maskFits, maskValue, sensitiveFields } from '../../../engine/masking.ts';

test('masks: SSN as xxx-xx-1234, account numbers as x and the last four, secrets not at all', () => {
  assert.equal(maskValue('ssn', '123-45-6789'), 'xxx-xx-6789');
  assert.equal(maskValue('account', '000123456789'), 'xxxxxxxx6789');
  assert.equal(maskValue('account', '12'), 'xxxx12');
  assert.equal(maskValue('secret', 'hash'), undefined);
});

test('a masked value is recognised, a real one is not', () => {
  assert.equal(looksMasked('ssn', 'xxx-xx-6789'), true);
  assert.equal(looksMasked('ssn', '123-45-6789'), false);
  assert.equal(looksMasked('account', 'xxxxxxxx6789'), true);
  assert.equal(looksMasked('account', '123456789'), false);
});

test('sensitive fields are found at any depth, in arrays too, and mapped in place', () => {
  const schema = {
    type: 'object',
    properties: {
      ssn: { type: 'string', 'x-sensitive': 'ssn' },
      accounts: {
        type: 'array',
        items: { type: 'object', properties: { account_number: { $ref: '#/definitions/acct' } } },
      },
    },
    definitions: { acct: { type: 'string', 'x-sensitive': 'account' } },
  };
  const fields = sensitiveFields(schema);
  assert.deepEqual(fields, [
    { path: ['ssn'], kind: 'ssn' },
    { path: ['accounts', '*', 'account_number'], kind: 'account' },
  ]);
  const data = { ssn: '123-45-6789', accounts: [{ account_number: '111122223333' }, { account_number: '9999' }] };
  mapSensitive(data, fields, (kind, v) => maskValue(kind, String(v)));
  assert.deepEqual(data, {
    ssn: 'xxx-xx-6789',
    accounts: [{ account_number: 'xxxxxxxx3333' }, { account_number: 'xxxx9999' }],
  });
});

test('an identifier shows its last four characters, letters included, behind at most 12 x; a date shows nothing', () => {
  assert.equal(maskValue('id', 'A123456789'), 'xxxxxx6789');
  assert.equal(maskValue('id', 'SRC2190012345'), 'xxxxxxxxx2345');
  assert.equal(maskValue('id', 'G6204-5578-12AB'), 'xxxxxxxxx12AB');
  assert.equal(maskValue('id', 'X1'), 'xxxxX1');
  assert.equal(maskValue('id', 'D'.repeat(64)), `${'x'.repeat(12)}DDDD`);
  assert.equal(maskValue('date', '1990-05-17'), 'xxxx-xx-xx');
  assert.equal(looksMasked('id', 'xxxxxx6789'), true);
  assert.equal(looksMasked('id', 'xxxxxxxxx12AB'), true);
  assert.equal(looksMasked('id', 'A123456789'), false);
  assert.equal(looksMasked('date', 'xxxx-xx-xx'), true);
  assert.equal(looksMasked('date', '1990-05-17'), false);
});

test("a masked identifier fits only its own stored value's mask, letters and length included", () => {
  assert.equal(maskFits('xxxxxxxxx12AB', 'G6204-5578-12AB', 'id'), true);
  assert.equal(maskFits('xxxxxxxxx12AB', 'G6204-5578-12ab', 'id'), false);
  assert.equal(maskFits('xxxxxx6789', 'B123456789', 'id'), true);
  assert.equal(maskFits('xxxxxx6789', '6789', 'id'), false);
  assert.equal(maskFits('xxxxxxxx6789', '000123456789'), true, 'an account keeps its digit rule');
});
