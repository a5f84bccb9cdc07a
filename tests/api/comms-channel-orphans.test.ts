/**
 * Memberships and requests of channels deleted before a channel's delete took them with it are
 * deleted once at start (server/data/channel-orphans.ts): the person they named no longer reads
 * them nor counts them. In-process, to delete a channel as the old code did.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { dropChannelOrphans } from '../../server/data/channel-orphans.ts';
import type { Services } from '../../server/services.ts';
import { inProcessCommsUsers } from '../helpers/comms.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

const API = '/comms/api/data';
let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-channel-orphans-'));
});
afterAll(() => close());

test("an old deleted channel's memberships and requests go at start; its messages stay their sender's", async () => {
  const [carla, sam, wes] = await inProcessCommsUsers(call, acme, [
    ['carla@acme.example', 'demo-complete-pass'],
    ['sam@acme.example', 'demo-section2-pass'],
    ['wes@acme.example', 'demo-resign-pass'],
  ]);
  const made = async (who: typeof carla, type: string, body: unknown) => {
    const r = await call('POST', `${API}/${type}/`, { ...who, body });
    assert.equal(r.status, 201, r.text);
    return r.body.key as string;
  };
  const channel = await made(carla, 'channels', { name: 'Gone', owner: carla.user, type: 'group', status: 'active' });
  const kept = await made(carla, 'channels', { name: 'Kept', owner: carla.user, type: 'group', status: 'active' });
  const membership = await made(carla, 'channel_members', { channel_id: channel, user_id: sam.user, type: 'member' });
  const keptMembership = await made(carla, 'channel_members', { channel_id: kept, user_id: sam.user, type: 'member' });
  const said = await made(sam, 'messages', { channel_id: channel, message: 'Mine' });
  const invite = await made(carla, 'membership_requests', { channel_id: channel, type: 'invite', user_id: wes.user });
  // Deleted as before: the channel alone.
  await services.storage.commit([{ op: 'delete', collection: 'comms/channels', org: acme, key: channel }]);
  const samsMemberships = async () =>
    (await call('POST', `${API}/find/channel_members`, { ...sam, body: { criteria: [] } })).body;
  assert.equal((await samsMemberships()).total, 2, 'the orphan counted');

  assert.equal(await dropChannelOrphans(services), 2);
  assert.equal(await dropChannelOrphans(services), 0, 'once');
  const left = await samsMemberships();
  assert.deepEqual([left.items.map((m: { key: string }) => m.key), left.total], [[keptMembership], 1]);
  assert.equal((await call('GET', `${API}/channel_members/${membership}`, sam)).status, 404);
  assert.equal((await call('GET', `${API}/membership_requests/${invite}`, wes)).status, 404);
  const message = await call('GET', `${API}/messages/${said}`, sam);
  assert.deepEqual([message.status, message.body.data.message], [200, 'Mine']);
});
