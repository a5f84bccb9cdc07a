/**
 * Every speed strategy keeps a collection the same way: after any sequence of puts, replacements,
 * moves between organizations and deletes, started from parsed records or from a snapshot's text,
 * reads, finds and what a compaction writes agree with a plain model and with the engine's `findIn`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { findIn, type Criterion } from '../../../../engine/criteria.ts';
import { plainStrategy } from '../../../../server/storage/speed/plain.ts';
import type { KeptCollection, SpeedStrategy } from '../../../../server/storage/speed/speed-strategy.ts';
import { run } from '../../../../server/storage/speed/steps.ts';
import { recordText, resolve } from '../../../../server/storage/speed/text-held/lazy-record.ts';
import { textHeldStrategy } from '../../../../server/storage/speed/text-held/text-held-collection.ts';
import { TextTable } from '../../../../server/storage/speed/text-held/text-table.ts';
import type { FindQuery, StoredRecord } from '../../../../server/storage/types.ts';
import { rec } from '../helpers.ts';

const C = 'payroll/employee';
const ORGS = ['org-a', 'org-b', 'org-c'];

/** A small deterministic generator, so that a failure can be replayed. */
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function tableOf(records: StoredRecord[]): TextTable {
  const table = new TextTable(C);
  const lines = records.map(recordText);
  const text = lines.join('\n');
  table.addChunk(text);
  let start = 0;
  for (const line of lines) {
    assert.ok(table.addLine(text, start, start + line.length));
    start += line.length + 1;
  }
  table.seal();
  return table;
}

/** Insertion order as the strategies define it: a replacement keeps its place, a move goes last. */
class Model {
  readonly records = new Map<string, StoredRecord>();
  put(record: StoredRecord): void {
    if (this.records.get(record.key)?.org !== record.org) this.records.delete(record.key);
    this.records.set(record.key, record);
  }
  delete(key: string): void {
    this.records.delete(key);
  }
  of(org: string): StoredRecord[] {
    return [...this.records.values()].filter((r) => r.org === org);
  }
}

const QUERIES: FindQuery[] = [
  { criteria: [], limit: Infinity, offset: 0 },
  { criteria: [{ field: 'dept', is: '=', value: 'D1' }], limit: 5, offset: 1 },
  {
    criteria: [
      { field: 'dept', is: '=', value: 'D2' },
      { field: 'grade', is: '=', value: 3 },
    ],
    limit: 100,
    offset: 0,
  },
  {
    criteria: [{ field: 'name', is: 'like', value: 'a' }],
    sort: [{ field: 'grade', dir: 'desc' }],
    limit: 7,
    offset: 2,
  },
  { criteria: [{ field: 'grade', is: '!=', value: 2 }], sort: [{ field: 'name', dir: 'asc' }], limit: 50, offset: 0 },
  { criteria: [{ field: 'tags', is: 'contains', value: 'x' } satisfies Criterion], limit: 20, offset: 0 },
];

function agree(kept: KeptCollection, model: Model, why: string): void {
  for (const org of ORGS) {
    for (const query of QUERIES) {
      const got = run(kept.findSteps(org, query));
      const want = findIn(model.of(org), (r) => r.data, query);
      assert.deepEqual(
        { keys: got.items.map((r) => r.key), total: got.total },
        { keys: want.items.map((r) => r.key), total: want.total },
        `${why}: ${org} ${JSON.stringify(query)}`,
      );
      assert.deepEqual(got.items, want.items, `${why}: the records themselves`);
    }
  }
  for (const [key, record] of model.records) {
    assert.deepEqual(kept.get(key), record, `${why}: get ${key}`);
    assert.equal(kept.orgOf(key), record.org, `${why}: orgOf ${key}`);
  }
  assert.deepEqual([...kept.scan()], [...model.records.values()], `${why}: every record, in order`);
  const written = kept.snapshot().map((held) => resolve(held, C));
  assert.deepEqual(written, [...model.records.values()], `${why}: what a compaction writes, in order`);
}

function data(random: () => number, i: number): Record<string, unknown> {
  return {
    dept: `D${Math.floor(random() * 4)}`,
    grade: Math.floor(random() * 5),
    ...(random() < 0.2 ? {} : { name: ['Ana', 'Bo', 'Cara', 'Dmitri', 'Ély'][i % 5] }),
    tags: random() < 0.3 ? ['x'] : ['y'],
  };
}

for (const strategy of [plainStrategy, textHeldStrategy] satisfies SpeedStrategy[]) {
  describe(`speed strategy: ${strategy.name}`, () => {
    for (const start of ['parsed records', 'a snapshot held as text'] as const) {
      it(`agrees with the model through random writes, from ${start}`, () => {
        const random = rng(start.length * 31 + strategy.name.length);
        const model = new Model();
        const initial = Array.from({ length: 60 }, (_, i) =>
          rec(C, ORGS[Math.floor(random() * 3)], `k${i}`, data(random, i)),
        );
        const kept = strategy.collection(C);
        if (start === 'parsed records') kept.load(initial);
        else kept.load([], tableOf(initial));
        for (const record of initial) model.put(record);
        agree(kept, model, 'loaded');
        for (let round = 0; round < 8; round++) {
          for (let n = 0; n < 15; n++) {
            const key = `k${Math.floor(random() * 80)}`;
            const roll = random();
            if (roll < 0.25) {
              kept.delete(key);
              model.delete(key);
            } else {
              // Mostly the record's own organization; now and then a move to another.
              const org = roll < 0.35 ? ORGS[Math.floor(random() * 3)] : (model.records.get(key)?.org ?? 'org-a');
              const record = rec(C, org, key, data(random, n), round + 2);
              kept.put(record);
              model.put(record);
            }
          }
          agree(kept, model, `round ${round}`);
        }
      });
    }

    it('finds from the rows taken at its first step: later writes are not seen', () => {
      const kept = strategy.collection(C);
      kept.load([rec(C, 'org-a', 'k1', { dept: 'D1' }), rec(C, 'org-a', 'k2', { dept: 'D1' })]);
      const steps = kept.findSteps('org-a', { criteria: [], limit: 10, offset: 0 });
      steps.next();
      kept.put(rec(C, 'org-a', 'k3', { dept: 'D1' }));
      kept.delete('k1');
      assert.deepEqual(
        run(steps).items.map((r) => r.key),
        ['k1', 'k2'],
      );
    });
  });
}
