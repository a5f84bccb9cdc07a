/**
 * Shares stored before a share had any effect (docs/files.md "Sharing a stored file"): anyone could
 * then make one naming any file, so none of them is trusted. Such a share, made by a colleague
 * naming another person's file, gives nothing, also once the file is changed by its owner (which
 * works out again what the file carries of its shares).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { systemPut } from '../../server/data/system-write.ts';
import type { Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let close: () => Promise<void>;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];

beforeAll(async () => {
  ({ services, acme, close, call } = await inProcessDemo('dform-older-shares-'));
});
afterAll(() => close());

test("a share stored before shares had effect, naming another person's file, gives nothing", async () => {
  const signIn = async (userid: string, key: string) => {
    const r = await call('POST', '/auth/api/login', { org: acme, body: { userid, key } });
    expect(r.status).toBe(200);
    return { token: r.body.token as string, key: r.body.session.user.key as string };
  };
  const { token: emma, key: emmaKey } = await signIn('emma@acme.example', 'demo-employee-pass');
  const { token: carla, key: carlaKey } = await signIn('carla@acme.example', 'demo-complete-pass');
  const made = await call('POST', '/storage/api/data/files/', {
    org: acme,
    token: emma,
    body: { owner_id: emmaKey, filename: 'mine.txt', module: 'hr' },
  });
  expect(made.status).toBe(201);
  // As Carla could make it before: naming Emma's file, shared with herself and the company.
  await services.storage.commit([
    systemPut(
      services,
      'storage/shares',
      acme,
      randomUUID(),
      {
        file_key: made.body.key,
        module: 'hr',
        shared_to_users: [carlaKey],
        shared_to_groups: [],
        publicly_shared: true,
        created_by: carlaKey,
        created_time: services.now(),
      },
      carlaKey,
    ),
  ]);
  const edited = await call('PATCH', `/storage/api/data/files/${made.body.key}`, {
    org: acme,
    token: emma,
    body: { notes: 'changed by its owner' },
  });
  expect(edited.status).toBe(200);
  expect((await call('GET', `/storage/api/data/files/${made.body.key}`, { org: acme, token: carla })).status).toBe(403);
  const list = await call('POST', '/storage/api/data/find/files', { org: acme, token: carla, body: { limit: 500 } });
  expect(list.body.items.some((r: { key: string }) => r.key === made.body.key)).toBe(false);
});
