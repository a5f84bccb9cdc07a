/**
 * Cost guarantees at 100k records: indexed find, commit latency independent of data size, and a
 * compaction that never blocks the event loop for long.
 */
import assert from 'node:assert/strict';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { JournalStore } from '../server/storage/journal-store.ts';
import type { WriteOp } from '../server/storage/types.ts';
import { crashCopy, rec, removeDir, tempDir } from '../tests/unit/storage/helpers.ts';

const C = 'payroll/employee';
const A = 'org-a';
const STATES = ['CA', 'NY', 'TX', 'WA', 'FL'];

async function populate(store: JournalStore, count: number, org = A): Promise<void> {
  for (let start = 0; start < count; start += 2_000) {
    const ops: WriteOp[] = [];
    for (let i = start; i < Math.min(count, start + 2_000); i++) {
      ops.push({
        op: 'put',
        record: rec(C, org, `${org === A ? 'e' : 'x'}${i}`, {
          n: i,
          state: STATES[i % 5],
          dept: `d${i % 200}`,
          name: `Employee ${i}`,
        }),
      });
    }
    await store.commit(ops);
  }
}

describe('JournalStore at 100k records', () => {
  const dirs: string[] = [];
  let small: JournalStore;
  let large: JournalStore;
  const figures: string[] = [];

  before(async () => {
    for (let i = 0; i < 2; i++) dirs.push(await tempDir());
    small = await JournalStore.open(dirs[0], { compactEvery: Infinity, log: () => undefined });
    large = await JournalStore.open(dirs[1], { compactEvery: Infinity, log: () => undefined });
    await populate(small, 1_000);
    await populate(large, 100_000);
    await populate(large, 5_000, 'org-b');
  });

  after(async () => {
    await small.close();
    await large.close();
    for (const dir of dirs) await removeDir(dir);
    console.log(figures.join('\n'));
  });

  it('finds with two = criteria and a limit in well under 10 ms', async () => {
    const query = {
      criteria: [
        { field: 'state', is: '=' as const, value: 'CA' },
        { field: 'dept', is: '=' as const, value: 'd15' },
      ],
      limit: 20,
      offset: 0,
    };
    let t = performance.now();
    const first = await large.find(C, A, query);
    const firstMs = performance.now() - t;
    assert.equal(first.total, 500);
    assert.deepEqual(
      first.items.slice(0, 2).map((r) => r.key),
      ['e15', 'e215'],
    );
    const times: number[] = [];
    for (let i = 0; i < 50; i++) {
      t = performance.now();
      const result = await large.find(C, A, { ...query, offset: i });
      times.push(performance.now() - t);
      assert.equal(result.items.length, 20);
    }
    times.sort((a, b) => a - b);
    const median = times[times.length >> 1];
    figures.push(
      `find (2 x =, limit 20) at 100k: first call ${firstMs.toFixed(1)} ms (builds indexes), median ${median.toFixed(3)} ms, max ${times.at(-1)?.toFixed(3)} ms`,
    );
    assert.ok(median < 10, `median find ${median} ms`);
  });

  it('commits as fast at 100k records as at 1k', async () => {
    const timings = { small: [] as number[], large: [] as number[] };
    // Interleaved, so that disk and machine noise hit both sides alike.
    for (let i = 0; i < 300; i++) {
      for (const [name, store] of [
        ['small', small],
        ['large', large],
      ] as const) {
        const key = `e${i * 3}`;
        const current = await store.get(C, A, key);
        assert.ok(current);
        const t = performance.now();
        await store.commit([
          {
            op: 'put',
            record: {
              ...current,
              data: { ...current.data, dept: 'moved' },
              meta: { ...current.meta, version: current.meta.version + 1 },
            },
            expectVersion: current.meta.version,
          },
        ]);
        timings[name].push(performance.now() - t);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(timings.large) / mean(timings.small);
    figures.push(
      `commit mean: 1k ${mean(timings.small).toFixed(3)} ms, 100k ${mean(timings.large).toFixed(3)} ms, ratio ${ratio.toFixed(2)}`,
    );
    assert.ok(ratio < 2, `commit latency ratio ${ratio}`);
    assert.equal(
      (await large.find(C, A, { criteria: [{ field: 'dept', is: '=', value: 'moved' }], limit: 0, offset: 0 })).total,
      300,
    );
  });

  it('compacts 100k records without blocking the event loop for 50 ms', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    let last = performance.now();
    let maxGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      maxGap = Math.max(maxGap, now - last);
      last = now;
    }, 1);
    histogram.enable();
    const t = performance.now();
    await large.compact();
    const took = performance.now() - t;
    histogram.disable();
    clearInterval(ticker);
    const maxDelay = histogram.max / 1e6;
    figures.push(
      `compaction of 105k records: ${took.toFixed(0)} ms, max event-loop gap ${maxGap.toFixed(1)} ms, max delay (histogram) ${maxDelay.toFixed(1)} ms`,
    );
    assert.ok(maxGap < 50, `event loop blocked for ${maxGap} ms`);
    assert.ok(maxDelay < 50, `event loop delay ${maxDelay} ms`);
    // The result is complete: a crash copy of the directory has every record.
    const copy = await crashCopy(dirs[1]);
    dirs.push(copy);
    const t2 = performance.now();
    const reopened = await JournalStore.open(copy, { log: () => undefined });
    figures.push(`open of 105k records from snapshots: ${(performance.now() - t2).toFixed(0)} ms`);
    assert.equal((await reopened.find(C, A, { criteria: [], limit: 0, offset: 0 })).total, 100_000);
    assert.equal((await reopened.get(C, A, 'e3'))?.data.dept, 'moved');
    await reopened.close();
  });
});
