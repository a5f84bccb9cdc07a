/**
 * One collection in memory: a put that replaces a record, also one that moves it to another
 * organization (a replayed journal or a hand-edited snapshot can hold one), leaves the record
 * listed once, under its new organization, in every index.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Collection } from '../../../server/storage/collection-index.ts';
import { runFind } from '../../../server/storage/query.ts';
import { valueKey } from '../../../server/storage/values.ts';
import { rec } from './helpers.ts';

const C = 'payroll/employee';

const keysOf = (c: Collection, org: string) => [...(c.byOrg.get(org)?.keys() ?? [])];
const indexed = (c: Collection, org: string, dept: string) => [...(c.lookup('dept', org, valueKey(dept)!) ?? [])];
const found = (c: Collection, org: string, dept: string) =>
  runFind(c, org, { criteria: [{ field: 'dept', is: '=', value: dept }], limit: 100, offset: 0 }).items.map(
    (r) => r.key,
  );

describe('Collection.put', () => {
  it('keeps insertion order and groups by organization', () => {
    const c = new Collection(C);
    for (let i = 0; i < 6; i++) c.put(rec(C, i % 2 ? 'org-b' : 'org-a', `k${i}`, { dept: 'D1' }));
    assert.deepEqual(keysOf(c, 'org-a'), ['k0', 'k2', 'k4']);
    assert.deepEqual(keysOf(c, 'org-b'), ['k1', 'k3', 'k5']);
    c.put(rec(C, 'org-a', 'k0', { dept: 'D1' }, 2));
    assert.deepEqual(keysOf(c, 'org-a'), ['k0', 'k2', 'k4'], 'a replacing put keeps its place');
    assert.equal(c.get('k0')?.meta.version, 2);
  });

  it('moves a record to its new organization, dropping an organization left empty', () => {
    const c = new Collection(C);
    c.put(rec(C, 'org-a', 'k1', { dept: 'D1' }));
    c.put(rec(C, 'org-b', 'k1', { dept: 'D1' }, 2));
    assert.equal(c.byOrg.has('org-a'), false);
    c.put(rec(C, 'org-a', 'k2', { dept: 'D1' }));
    assert.deepEqual(keysOf(c, 'org-a'), ['k2']);
    assert.deepEqual(keysOf(c, 'org-b'), ['k1']);
    assert.deepEqual(found(c, 'org-a', 'D1'), ['k2']);
    assert.deepEqual(found(c, 'org-b', 'D1'), ['k1']);
  });

  it('keeps a built index up to date through changes and moves', () => {
    const c = new Collection(C);
    c.put(rec(C, 'org-a', 'k1', { dept: 'D1' }));
    c.put(rec(C, 'org-a', 'k2', { dept: 'D2' }));
    assert.deepEqual(indexed(c, 'org-a', 'D1'), ['k1'], 'built on first use');
    c.put(rec(C, 'org-a', 'k2', { dept: 'D1' }, 2));
    c.put(rec(C, 'org-a', 'k3', { dept: 'D1' }));
    c.put(rec(C, 'org-b', 'k1', { dept: 'D1' }, 2));
    assert.deepEqual(indexed(c, 'org-a', 'D1').sort(), ['k2', 'k3']);
    assert.deepEqual(indexed(c, 'org-a', 'D2'), [], 'k2 left its old value');
    assert.deepEqual(indexed(c, 'org-b', 'D1'), ['k1']);
    assert.deepEqual(found(c, 'org-a', 'D1'), ['k2', 'k3'], 'in insertion order');
  });
});
