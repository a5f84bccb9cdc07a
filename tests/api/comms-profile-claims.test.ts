/**
 * COMMS profiles written before a person had one only (x-unique on user_id) claim their person on
 * the first start (server/data/unique-claims.ts), once: a new profile for them is then refused.
 * In-process, to write profiles as the old code did.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { claimStoredValues } from '../../server/data/unique-claims.ts';
import type { Services } from '../../server/services.ts';
import { inProcessCommsUsers } from '../helpers/comms.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-profile-claims-'));
});
afterAll(() => close());

test('old profiles claim their person once; a second profile is then refused', async () => {
  const [carla] = await inProcessCommsUsers(call, acme, [['carla@acme.example', 'demo-complete-pass']]);
  const now = Math.floor(Date.now() / 1000);
  const old = (key: string, name: string) => ({
    op: 'put' as const,
    expectVersion: 0,
    record: {
      collection: 'comms/comms_profiles',
      org: acme,
      key,
      data: { user_id: carla.user, display_name: name },
      meta: { created_by: carla.user, created_time: now, updated_by: carla.user, updated_time: now, version: 1 },
    },
  });
  // Two of hers from before (nothing refused them then): the first claims her.
  await services.storage.commit([old(crypto.randomUUID(), 'Carla'), old(crypto.randomUUID(), 'Carla again')]);
  const marker = 'comms-profile-unique-claims';
  assert.equal(await claimStoredValues(services, 'comms/comms_profiles', marker), 1);
  assert.equal(await claimStoredValues(services, 'comms/comms_profiles', marker), 0, 'once');
  const third = await call('POST', '/comms/api/data/comms_profiles/', {
    ...carla,
    body: { user_id: carla.user, display_name: 'Carla, third' },
  });
  assert.equal(third.status, 409, third.text);
  assert.equal(third.body.errors[0].path, '/user_id');
});
