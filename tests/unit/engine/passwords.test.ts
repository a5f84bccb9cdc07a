import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { passwordProblems } from '../../../engine/passwords.ts';

describe('passwordProblems (spec/001 section 5)', () => {
  const cases: [string, unknown, unknown, string[]][] = [
    ['a good password', 'secret1', 'secret1', []],
    ['too short', 'abc', 'abc', ['/password: Password must be at least 6 characters']],
    ['all numbers', '1234567', '1234567', ['/password: Password cannot be all numbers']],
    ['too long', 'a'.repeat(257), 'a'.repeat(257), ['/password: Password must be at most 256 characters']],
    ['not a string', 1234567, 1234567, ['/password: Password must be at least 6 characters']],
    ['retyped differently', 'secret1', 'secret2', ['/password2: Passwords do not match']],
    [
      'short and retyped differently',
      'abc',
      'abd',
      ['/password: Password must be at least 6 characters', '/password2: Passwords do not match'],
    ],
  ];
  for (const [name, password, password2, expected] of cases) {
    test(name, () => {
      assert.deepEqual(
        passwordProblems(password, password2).map((p) => `${p.path}: ${p.message}`),
        expected,
      );
    });
  }
});
