/**
 * A person's in-app notifications (docs/comms.md): the recipient marks one viewed or deleted, what a
 * reader does; pending, ready and error are the sending queue's, never set through the data API.
 * In-process, to deliver a notification into the store as the queue would (the API makes none).
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import type { Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';
import { deliveredNotification } from '../helpers/comms.ts';

const API = '/comms/api/data';
let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-user-notifications-'));
});
afterAll(() => close());

async function signIn(userid: string, key: string) {
  const r = await call('POST', '/auth/api/login', { org: acme, body: { userid, key } });
  assert.equal(r.status, 200, r.text);
  return { org: acme, token: r.body.token as string, user: r.body.session.user.key as string };
}

/** A notification delivered to `recipient`, as the sending queue writes one (tests/helpers/comms.ts). */
const delivered = (recipient: string) =>
  deliveredNotification(services.storage, acme, recipient, { app: 'ready', email: 'processed' });

test('the recipient marks a notification viewed or deleted, never back into the queue', async () => {
  const emma = await signIn('emma@acme.example', 'demo-employee-pass');
  const key = await delivered(emma.user);
  const path = `${API}/user_notifications/${key}`;
  const refusal = 'You may mark a notification viewed or deleted only: its other states are the sender’s.';
  for (const app of ['pending', 'error', 'ready']) {
    const r = await call('PATCH', path, { ...emma, body: { delivery_result: { app: 'viewed', email: 'processed' } } });
    assert.equal(r.status, 200, r.text);
    const back = await call('PATCH', path, { ...emma, body: { delivery_result: { app, email: 'processed' } } });
    assert.equal(back.status, 400, `${app}: ${back.text}`);
    assert.deepEqual(back.body.errors, [{ path: '/delivery_result/app', message: refusal }]);
  }
  const stored = await call('GET', path, emma);
  assert.equal(stored.body.data.delivery_result.app, 'viewed', 'unchanged by the refused writes');
  const deleted = await call('PATCH', path, {
    ...emma,
    body: { delivery_result: { app: 'deleted', email: 'processed' } },
  });
  assert.equal(deleted.status, 200, deleted.text);

  // A save that sends the state back as it is (a form's whole record) changes nothing: accepted.
  const fresh = await delivered(emma.user);
  const same = await call('PATCH', `${API}/user_notifications/${fresh}`, {
    ...emma,
    body: { delivery_result: { app: 'ready', email: 'processed' } },
  });
  assert.equal(same.status, 200, same.text);
  // Not someone else's, whatever they send.
  const carla = await signIn('carla@acme.example', 'demo-complete-pass');
  const theirs = await call('PATCH', `${API}/user_notifications/${fresh}`, {
    ...carla,
    body: { delivery_result: { app: 'viewed', email: 'processed' } },
  });
  assert.equal(theirs.status, 403, theirs.text);
});

test('a save of the whole notification that leaves its delivery out keeps the delivery as it was', async () => {
  const emma = await signIn('emma@acme.example', 'demo-employee-pass');
  const key = await delivered(emma.user);
  const path = `${API}/user_notifications/${key}`;
  const { delivery_result: _left, ...rest } = (await call('GET', path, emma)).body.data;
  const saved = await call('POST', path, { ...emma, body: rest });
  assert.equal(saved.status, 200, saved.text);
  assert.deepEqual((await call('GET', path, emma)).body.data.delivery_result, { app: 'ready', email: 'processed' });
});
