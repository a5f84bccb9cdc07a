import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { duration, idleAction, type IdleAction } from '../../../renderers/session/idle.ts';

describe('idleAction (the web side of the idle timeout)', () => {
  const limit = 30 * 60_000;
  const cases: [string, { now: number; lastActivity: number; lastKeepAlive: number }, IdleAction][] = [
    ['just active', { now: 1_000, lastActivity: 900, lastKeepAlive: 0 }, 'wait'],
    [
      'active, a third of the idle time since the server heard',
      { now: limit / 3, lastActivity: limit / 3 - 5, lastKeepAlive: 0 },
      'keep-alive',
    ],
    ['not active since the last keep-alive', { now: limit / 2, lastActivity: 0, lastKeepAlive: 10 }, 'wait'],
    ['a whole idle time without activity', { now: limit + 10, lastActivity: 10, lastKeepAlive: 10 }, 'sign-out'],
  ];
  for (const [name, t, expected] of cases) {
    test(name, () => assert.equal(idleAction({ ...t, limit }), expected));
  }

  test('says the idle time in minutes or seconds', () => {
    assert.deepEqual([1800, 60, 90, 3].map(duration), ['30 minutes', '1 minute', '90 seconds', '3 seconds']);
  });
});
