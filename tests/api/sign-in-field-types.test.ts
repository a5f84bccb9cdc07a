/**
 * API.md, "Errors": a 400 says which rule the request broke. A sign-in field sent as another JSON
 * type than text (`{userid, key: 5}`, a code sent as a number) was answered `key is required` /
 * `Required`, which tells a client whose field is there that it is missing. It is `key must be text`
 * / `Must be text` at the field; a missing or empty field stays `Required`.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w?.server.stop();
});

const post = (p: string, body: Record<string, unknown>) => w.call('POST', p, { org: w.acmeOrg, body });

describe('a sign-in field of another type than text', () => {
  test('login: a key sent as a number is "must be text", not "required"', async () => {
    const r = await post('/auth/api/login', { userid: 'emma@acme.example', key: 5 });
    assert.deepEqual(
      [r.status, r.body],
      [400, { message: 'key must be text', errors: [{ path: '/key', message: 'Must be text' }] }],
    );
  });

  test('login: a user id sent as a list and a key missing name each as what it is', async () => {
    const r = await post('/auth/api/login', { userid: ['emma@acme.example'] });
    assert.deepEqual(
      [r.status, r.body],
      [
        400,
        {
          message: 'key is required',
          errors: [
            { path: '/userid', message: 'Must be text' },
            { path: '/key', message: 'Required' },
          ],
        },
      ],
    );
  });

  test('forgot_password and verify_2fa alike', async () => {
    const forgot = await post('/auth/api/forgot_password', { username: { email: 'emma@acme.example' } });
    assert.deepEqual(
      [forgot.status, forgot.body],
      [400, { message: 'username must be text', errors: [{ path: '/username', message: 'Must be text' }] }],
    );
    const verify = await post('/auth/api/verify_2fa', { challenge: 'c', code: 123456 });
    assert.deepEqual(
      [verify.status, verify.body],
      [400, { message: 'code must be text', errors: [{ path: '/code', message: 'Must be text' }] }],
    );
  });

  test('missing and empty fields are still "Required"', async () => {
    for (const body of [
      { userid: 'emma@acme.example' },
      { userid: 'emma@acme.example', key: '' },
      { userid: 'emma@acme.example', key: null },
    ]) {
      const r = await post('/auth/api/login', body);
      assert.deepEqual(
        [r.status, r.body],
        [400, { message: 'key is required', errors: [{ path: '/key', message: 'Required' }] }],
      );
    }
  });
});
