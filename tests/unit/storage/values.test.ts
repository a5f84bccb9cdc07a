/** deepFreeze: stored records are shared with readers, so every level must be frozen. */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { deepFreeze } from '../../../server/storage/values.ts';

describe('deepFreeze', () => {
  it('freezes objects and arrays at every depth and returns the same value', () => {
    const value = { a: { b: [1, { c: 'x' }, [2, { d: null }]] }, e: 'f' };
    assert.equal(deepFreeze(value), value);
    const inner = value.a.b[1] as { c: string };
    const nested = value.a.b[2] as [number, { d: null }];
    for (const part of [value, value.a, value.a.b, inner, nested, nested[1]]) assert.ok(Object.isFrozen(part));
    // ES modules are strict: writing to a frozen object throws.
    assert.throws(() => {
      inner.c = 'changed';
    }, TypeError);
  });

  it('leaves primitives and null as they are', () => {
    for (const value of [null, undefined, 0, 'text', true]) assert.equal(deepFreeze(value), value);
  });

  it('freezes the children of an object even when a sibling was frozen before', () => {
    const shared = deepFreeze({ k: 1 });
    const value = { shared, other: { list: [{ n: 1 }] } };
    deepFreeze(value);
    assert.ok(Object.isFrozen(value.other.list[0]));
  });
});
