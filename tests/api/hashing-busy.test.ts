/**
 * A sign-in shed because the password hasher is full (server/crypto/passwords.ts) answers 429 as
 * every other refusal to try now does, saying when to try again (Retry-After): a client backing
 * off by it does not hammer a busy machine. The app in-process, with a route of the test's that
 * meets the hasher full, as a sign-in does under more load than a test machine can make at will.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { createApp } from '../../server/app.ts';
import { bootstrap } from '../../server/bootstrap.ts';
import { HashingBusyError } from '../../server/crypto/passwords.ts';
import type { Services } from '../../server/services.ts';
import { testServices } from '../helpers/in-process.ts';

let services: Services;
let dataDir: string;

beforeAll(async () => {
  ({ services, dataDir } = await testServices({ prefix: 'dform-hashing-busy-' }));
  await bootstrap(services);
});
afterAll(async () => {
  await services.storage.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('the hasher full: 429 Too many attempts with Retry-After', async () => {
  const app = createApp(services, (a) =>
    a.get('/hasher-full', () => {
      throw new HashingBusyError();
    }),
  );
  const r = await app.request('/hasher-full');
  assert.equal(r.status, 429);
  assert.deepEqual(await r.json(), { message: 'Too many attempts' });
  const after = Number(r.headers.get('retry-after'));
  assert.ok(Number.isInteger(after) && after >= 1, `Retry-After ${r.headers.get('retry-after')}`);
});
