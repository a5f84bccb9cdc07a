/**
 * The searches' turns (server/company-turns.ts): one company never runs more than its bound at
 * once, all of them never more than theirs, a company that comes later is served before the
 * earlier one's backlog, and a search that fails gives its place back.
 */
import { describe, expect, test } from 'vitest';
import { CompanyTurns } from '../../../server/company-turns.ts';

/** Searches held open until the test ends them, with what ran, in order, and how many at once. */
function harness(gate: CompanyTurns) {
  const started: string[] = [];
  const open = new Map<string, { end: () => void; fail: (e: Error) => void }>();
  const runningOf = new Map<string, number>();
  let most = 0;
  const mostOf = new Map<string, number>();
  const search = (org: string, id: string) =>
    gate.run(org, async () => {
      started.push(id);
      runningOf.set(org, (runningOf.get(org) ?? 0) + 1);
      most = Math.max(most, open.size + 1);
      mostOf.set(org, Math.max(mostOf.get(org) ?? 0, runningOf.get(org)!));
      try {
        return await new Promise<string>((resolve, reject) =>
          open.set(id, { end: () => resolve(id), fail: (e) => reject(e) }),
        );
      } finally {
        open.delete(id);
        runningOf.set(org, runningOf.get(org)! - 1);
      }
    });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { started, open, search, settle, most: () => most, mostOf };
}

describe('CompanyTurns', () => {
  test("one company's searches run two at once, in the order they came", async () => {
    const h = harness(new CompanyTurns(Infinity, 2));
    const done = Array.from({ length: 7 }, (_, i) => h.search('a', `a${i}`));
    await h.settle();
    expect(h.started).toEqual(['a0', 'a1']);
    for (let i = 0; i < 7; i++) {
      h.open.get(`a${i}`)!.end();
      await h.settle();
    }
    expect(await Promise.all(done)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect(h.started).toEqual(['a0', 'a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
    expect(h.mostOf.get('a')).toBe(2);
  });

  test('without a bound in all, every company runs its own two at once', async () => {
    const h = harness(new CompanyTurns(Infinity, 2));
    const orgs = Array.from({ length: 10 }, (_, i) => `org${i}`);
    for (const org of orgs) for (let i = 0; i < 3; i++) void h.search(org, `${org}-${i}`);
    await h.settle();
    expect(h.open.size).toBe(20);
    for (const org of orgs) expect(h.mostOf.get(org)).toBe(2);
  });

  test('at most the bound in all: a later company waits for a place, then goes before the backlog', async () => {
    const h = harness(new CompanyTurns(3, 2));
    for (let i = 0; i < 4; i++) void h.search('a', `a${i}`);
    for (let i = 0; i < 4; i++) void h.search('b', `b${i}`);
    await h.settle();
    expect(h.started).toEqual(['a0', 'a1', 'b0']);
    void h.search('c', 'c0');
    await h.settle();
    expect(h.open.size).toBe(3);
    // Places free one at a time: the companies waiting take turns, the one served going to the back.
    h.open.get('a0')!.end();
    await h.settle();
    h.open.get('a1')!.end();
    await h.settle();
    h.open.get('b0')!.end();
    await h.settle();
    expect(h.started).toEqual(['a0', 'a1', 'b0', 'a2', 'b1', 'c0']);
    expect(h.most()).toBe(3);
    expect(h.mostOf.get('a')).toBe(2);
  });

  test('a company at its bound does not hold back another with places free', async () => {
    const h = harness(new CompanyTurns(5, 2));
    for (let i = 0; i < 6; i++) void h.search('big', `big${i}`);
    await h.settle();
    const small = h.search('small', 'small0');
    await h.settle();
    expect(h.started).toEqual(['big0', 'big1', 'small0']);
    h.open.get('small0')!.end();
    expect(await small).toBe('small0');
    expect(h.started).toHaveLength(3);
  });

  test('a search that fails gives its place back and its caller gets the error', async () => {
    const h = harness(new CompanyTurns(1, 1));
    const first = h.search('a', 'a0');
    const second = h.search('a', 'a1');
    await h.settle();
    expect(h.started).toEqual(['a0']);
    h.open.get('a0')!.fail(new Error('statement timeout'));
    await expect(first).rejects.toThrow('statement timeout');
    await h.settle();
    expect(h.started).toEqual(['a0', 'a1']);
    h.open.get('a1')!.end();
    expect(await second).toBe('a1');
  });

  test('a search that throws before its first await gives its place back too', async () => {
    const gate = new CompanyTurns(1, 1);
    await expect(
      gate.run('a', () => {
        throw new Error('bad query');
      }),
    ).rejects.toThrow('bad query');
    expect(await gate.run('a', async () => 'next')).toBe('next');
  });

  test('a waiting one starts on a later turn of the event loop, after what was already waiting on it', async () => {
    const h = harness(new CompanyTurns(Infinity, 1));
    void h.search('a', 'a0');
    void h.search('a', 'a1');
    await h.settle();
    const order: string[] = [];
    h.open.get('a0')!.end();
    // Queued before a0's place is given back, as a request's I/O would be.
    setImmediate(() => order.push(`other, with ${h.started.length} started`));
    await h.settle();
    expect(order).toEqual(['other, with 1 started']);
    expect(h.started).toEqual(['a0', 'a1']);
  });

  test('refuses bounds below one', () => {
    expect(() => new CompanyTurns(0, 1)).toThrow();
    expect(() => new CompanyTurns(1, 0)).toThrow();
  });
});
