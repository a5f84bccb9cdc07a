import { beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { minLengthOf, passwordProblems, type PasswordPolicy } from '../../../engine/passwords.ts';
import { loadCommonPasswords } from '../../../engine/common-passwords.ts';

let common: ReadonlySet<string>;
beforeAll(async () => {
  common = await loadCommonPasswords();
});

describe('passwordProblems (spec/001 section 5 and the rules added to it)', () => {
  const emma = ['emma.stone@acme.example', 'Emma Stone'];
  const cases: [string, unknown, unknown, Omit<PasswordPolicy, 'common'>, string[]][] = [
    ['a good password', 'quiet-harbor', 'quiet-harbor', {}, []],
    ['too short', 'abc', 'abc', {}, ['/password: Password must be at least 6 characters']],
    ['all numbers', '1234567', '1234567', {}, ['/password: Password cannot be all numbers']],
    [
      'too long',
      'ab'.repeat(129) + 'c',
      'ab'.repeat(129) + 'c',
      {},
      ['/password: Password must be at most 256 characters'],
    ],
    ['not a string', 1234567, 1234567, {}, ['/password: Password must be text']],
    ['retyped differently', 'quiet-harbor', 'quiet-harbour', {}, ['/password2: Passwords do not match']],
    [
      'short and retyped differently',
      'abc',
      'abd',
      {},
      ['/password: Password must be at least 6 characters', '/password2: Passwords do not match'],
    ],
    [
      'a company minimum',
      'quiet-harbor',
      'quiet-harbor',
      { minLength: 14 },
      ['/password: Password must be at least 14 characters'],
    ],
    ['a company minimum met', 'quiet-harbor-inn', 'quiet-harbor-inn', { minLength: 14 }, []],
    [
      'a minimum below the spec counts as 6',
      'abc',
      'abc',
      { minLength: 3 },
      ['/password: Password must be at least 6 characters'],
    ],
    [
      'the most common password',
      'password',
      'password',
      {},
      ['/password: Password is one of the most common passwords'],
    ],
    [
      'a common one in capitals with a digit',
      'Password1!',
      'Password1!',
      {},
      ['/password: Password is one of the most common passwords'],
    ],
    [
      'a common one in look-alike digits',
      'p@ssw0rd',
      'p@ssw0rd',
      {},
      ['/password: Password is one of the most common passwords'],
    ],
    ['a run of letters', 'abcdef', 'abcdef', {}, ['/password: Password cannot be a simple sequence or repetition']],
    [
      'one letter repeated',
      'aaaaaaaa',
      'aaaaaaaa',
      {},
      ['/password: Password cannot be a simple sequence or repetition'],
    ],
    ['a block repeated', 'xyzxyz', 'xyzxyz', {}, ['/password: Password cannot be a simple sequence or repetition']],
    ['a keyboard row', 'asdfghj', 'asdfghj', {}, ['/password: Password cannot be a simple sequence or repetition']],
    [
      'the e-mail address',
      'emma.stone@acme.example',
      'emma.stone@acme.example',
      { personal: emma },
      ["/password: Password cannot be based on the account's name or e-mail address"],
    ],
    [
      'the name with digits',
      'EmmaStone1990',
      'EmmaStone1990',
      { personal: emma },
      ["/password: Password cannot be based on the account's name or e-mail address"],
    ],
    [
      'the name backwards',
      'enots.amme',
      'enots.amme',
      { personal: emma },
      ["/password: Password cannot be based on the account's name or e-mail address"],
    ],
    [
      'a passphrase that holds a first name',
      'emma walks the long pier',
      'emma walks the long pier',
      { personal: emma },
      [],
    ],
  ];
  for (const [name, password, password2, policy, expected] of cases) {
    test(name, () => {
      assert.deepEqual(
        passwordProblems(password, password2, { ...policy, common }).map((p) => `${p.path}: ${p.message}`),
        expected,
      );
    });
  }

  test('a password left out is too short', () => {
    assert.deepEqual(
      passwordProblems(undefined, undefined).map((p) => `${p.path}: ${p.message}`),
      ['/password: Password must be at least 6 characters'],
    );
  });

  test('without the list, the common-password rule is left to the server', () => {
    assert.deepEqual(passwordProblems('password', 'password'), []);
  });

  test('the common list holds at least 10,000 passwords, in lower case', () => {
    assert.ok(common.size >= 10_000, `${common.size}`);
    assert.ok(common.has('password') && common.has('iloveyou'));
  });

  test('minLengthOf keeps a company minimum between 6 and 64', () => {
    assert.deepEqual([undefined, 'x', 4, 6, 7.5, 12, 64, 65].map(minLengthOf), [6, 6, 6, 6, 6, 12, 64, 64]);
  });
});
