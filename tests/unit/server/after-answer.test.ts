/**
 * Work after the answer (server/http/after-answer.ts): jobs run after the current turn, one at a
 * time and in order; a failing job is logged and the next one runs; past the bound a job is
 * dropped and logged.
 */
import { test } from 'vitest';
import assert from 'node:assert/strict';
import { afterAnswerQueue } from '../../../server/http/after-answer.ts';

function logger() {
  const lines: string[] = [];
  return { lines, log: (level: string, message: string) => void lines.push(`${level}: ${message}`) };
}

test('jobs run after the current turn, one at a time, in order', async () => {
  const { log } = logger();
  const q = afterAnswerQueue({ log });
  const seen: string[] = [];
  let running = 0;
  for (const name of ['a', 'b', 'c']) {
    q.push('job', async () => {
      running++;
      assert.equal(running, 1, 'one at a time');
      await new Promise((r) => setTimeout(r, 5));
      seen.push(name);
      running--;
    });
  }
  seen.push('answered');
  await q.idle();
  assert.deepEqual(seen, ['answered', 'a', 'b', 'c']);
  assert.equal(q.size, 0);
});

test('a failing job is logged, never thrown, and the next one runs', async () => {
  const { lines, log } = logger();
  const q = afterAnswerQueue({ log });
  let ran = false;
  q.push('forgot_password', async () => {
    throw new Error('EISDIR: illegal operation on a directory');
  });
  q.push('forgot_password', () => void (ran = true));
  await q.idle();
  assert.ok(ran);
  assert.deepEqual(lines, ['error: forgot_password: the work after the answer failed']);
});

test('past the bound a job is dropped and logged', async () => {
  const { lines, log } = logger();
  const q = afterAnswerQueue({ limit: 3, log });
  let ran = 0;
  const accepted = Array.from({ length: 5 }, () => q.push('forgot_password', () => void ran++));
  assert.deepEqual(accepted, [true, true, true, false, false]);
  assert.equal(q.size, 3);
  await q.idle();
  assert.equal(ran, 3);
  assert.equal(lines.filter((l) => l.startsWith('warn: forgot_password: 3 jobs wait already')).length, 2);
  assert.equal(
    q.push('forgot_password', () => void ran++),
    true,
    'room again once drained',
  );
  await q.idle();
  assert.equal(ran, 4);
});
