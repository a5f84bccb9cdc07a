/**
 * The pure parts of pay statements (docs/paystubs.md): how amounts and account endings print, the
 * x-hidden-by refusal that block_paystubs makes, and the demo's statements against the schema's
 * totals rule (the demo writes them past the validate transform, as every system write does).
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hiddenBy } from '../../../engine/access.ts';
import type { Entity, EntityFile } from '../../../engine/entity.ts';
import { accountEnding, dollars } from '../../../engine/money.ts';
import { validateByExpression } from '../../../engine/transforms.ts';
import { demoPaystubs } from '../../../server/demo-paystubs.ts';

const file = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../schemas/payroll/paystubs.json'), 'utf8'),
) as EntityFile;
const paystubs: Entity = { module: 'payroll', type: 'paystubs', id: 'payroll/paystubs', file };

describe('dollars', () => {
  const cases: [unknown, string][] = [
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    [1_000_000_000, '$1,000,000,000.00'],
    [-12, '-$12.00'],
    [-0.001, '$0.00'],
    [0.1 + 0.2, '$0.30'],
    [Number.NaN, ''],
    ['12', ''],
    [undefined, ''],
  ];
  for (const [amount, text] of cases)
    test(`${String(amount)} prints ${JSON.stringify(text)}`, () => assert.equal(dollars(amount), text));
});

describe('accountEnding', () => {
  test('four digits print after four x', () => assert.equal(accountEnding('6789'), 'xxxx6789'));
  test('anything else prints no digit at all', () => {
    for (const v of ['123456789', '12', 'abcd', undefined, 6789]) assert.equal(accountEnding(v), 'xxxx');
  });
});

describe('hiddenBy (x-hidden-by)', () => {
  const on = { block_paystubs: true };
  test("refuses, with the schema's message, a caller who reaches only their own statements while the feature is on", () => {
    assert.equal(hiddenBy(paystubs, on, true), 'Paystubs are not available for this company.');
  });
  test('leaves those who may read every statement alone', () => assert.equal(hiddenBy(paystubs, on, false), undefined));
  test('hides nothing while the feature is off or unset, or not exactly true', () => {
    for (const features of [{}, { block_paystubs: false }, { block_paystubs: 'true' }]) {
      assert.equal(hiddenBy(paystubs, features, true), undefined);
    }
  });
  test('a type without x-hidden-by is never hidden', () => {
    const { ['x-hidden-by']: _, ...plain } = file;
    assert.equal(hiddenBy({ ...paystubs, file: plain as EntityFile }, on, true), undefined);
  });
});

describe("the demo's statements", () => {
  const keys = new Map([
    ['emma@acme.example', '3f2b8c1e-5d4a-4e6f-9a7b-1c2d3e4f5a6b'],
    ['ivan@acme.example', '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d'],
  ]);
  const stubs = demoPaystubs(1_795_824_000, keys);
  test('Emma has three, Ivan two', () => {
    assert.equal(stubs.filter((s) => s.employee_id === keys.get('emma@acme.example')).length, 3);
    assert.equal(stubs.filter((s) => s.employee_id === keys.get('ivan@acme.example')).length, 2);
  });
  test("each one keeps the schema's totals rule", async () => {
    for (const s of stubs) {
      const errors = await validateByExpression(
        file['x-transforms']!.validate,
        s as unknown as Record<string, unknown>,
        {},
      );
      assert.deepEqual(errors, [], s.statement_number);
    }
  });
});
