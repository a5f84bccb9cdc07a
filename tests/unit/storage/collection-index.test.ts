/**
 * One collection in memory: loading a snapshot in bulk leaves it exactly as putting its records
 * one by one would, including a key that appears twice or moves to another organization.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Collection } from '../../../server/storage/collection-index.ts';
import { runFind } from '../../../server/storage/query.ts';
import type { StoredRecord } from '../../../server/storage/types.ts';
import { valueKey } from '../../../server/storage/values.ts';
import { rec } from './helpers.ts';

const C = 'payroll/employee';

/** Everything a reader can observe of a collection. */
function observed(c: Collection) {
  const orgs = [...c.byOrg.keys()].sort();
  return {
    keys: [...c.records.keys()],
    orgs: orgs.map((org) => [org, [...c.byOrg.get(org)!.keys()]]),
    ordinals: [...c.records.keys()].map((k) => c.ordinal(k)),
    found: orgs.map((org) =>
      runFind(c, org, { criteria: [{ field: 'dept', is: '=', value: 'D1' }], limit: 100, offset: 0 }).items.map(
        (r) => r.key,
      ),
    ),
  };
}

function both(records: StoredRecord[], before: StoredRecord[] = []) {
  const bulk = new Collection(C);
  const oneByOne = new Collection(C);
  for (const record of before) {
    bulk.put(record);
    oneByOne.put(record);
  }
  bulk.load(records);
  for (const record of records) oneByOne.put(record);
  return { bulk, oneByOne };
}

describe('Collection.load', () => {
  it('gives what putting each record gives, grouped by organization and in file order', () => {
    const records = Array.from({ length: 50 }, (_, i) =>
      rec(C, i % 3 === 0 ? 'org-a' : 'org-b', `k${i}`, { dept: i % 2 ? 'D1' : 'D2' }),
    );
    const { bulk, oneByOne } = both(records);
    assert.deepEqual(observed(bulk), observed(oneByOne));
    assert.equal(bulk.byOrg.get('org-a')?.size, 17);
    assert.deepEqual(observed(bulk).keys.slice(0, 3), ['k0', 'k1', 'k2']);
  });

  it('lets the later of two records with one key win, also when it moved to another organization', () => {
    const records = [
      rec(C, 'org-a', 'k1', { dept: 'D1' }),
      rec(C, 'org-a', 'k2', { dept: 'D1' }),
      rec(C, 'org-b', 'k1', { dept: 'D1' }, 2),
      rec(C, 'org-a', 'k2', { dept: 'D2' }, 2),
    ];
    const { bulk, oneByOne } = both(records);
    assert.deepEqual(observed(bulk), observed(oneByOne));
    assert.equal(bulk.get('k1')?.org, 'org-b');
    assert.equal(bulk.byOrg.get('org-a')?.has('k1'), false, 'no longer listed under its old organization');
    assert.equal(bulk.get('k2')?.meta.version, 2);
  });

  it('files a record under its organization after a move emptied that organization', () => {
    const records = [
      rec(C, 'org-a', 'k1', { dept: 'D1' }),
      rec(C, 'org-b', 'k1', { dept: 'D1' }, 2),
      rec(C, 'org-a', 'k2', { dept: 'D1' }),
    ];
    const { bulk, oneByOne } = both(records);
    assert.deepEqual(observed(bulk), observed(oneByOne));
    assert.deepEqual([...(bulk.byOrg.get('org-a')?.keys() ?? [])], ['k2']);
  });

  it('keeps built indexes up to date when records are already there', () => {
    const before = [rec(C, 'org-a', 'k1', { dept: 'D1' }), rec(C, 'org-a', 'k2', { dept: 'D2' })];
    const bulk = new Collection(C);
    for (const record of before) bulk.put(record);
    assert.deepEqual([...(bulk.lookup('dept', 'org-a', valueKey('D1')!) ?? [])], ['k1'], 'the index is built');
    bulk.load([rec(C, 'org-a', 'k2', { dept: 'D1' }, 2), rec(C, 'org-a', 'k3', { dept: 'D1' })]);
    const { oneByOne } = both(
      [rec(C, 'org-a', 'k2', { dept: 'D1' }, 2), rec(C, 'org-a', 'k3', { dept: 'D1' })],
      before,
    );
    assert.deepEqual(observed(bulk), observed(oneByOne));
    assert.deepEqual(observed(bulk).found, [['k1', 'k2', 'k3']]);
    assert.deepEqual([...(bulk.lookup('dept', 'org-a', valueKey('D2')!) ?? [])], [], 'k2 left its old value');
  });
});
