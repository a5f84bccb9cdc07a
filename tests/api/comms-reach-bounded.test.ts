/**
 * Which channels a person reaches is read from their own (server/data/channel-reach.ts), never by
 * reading every channel of the company: a request about one record reads its one channel, a find
 * the channels found by criteria naming the person or the group channels. In-process, to see what
 * the server asks of its store.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import type { Services } from '../../server/services.ts';
import type { FindQuery } from '../../server/storage/types.ts';
import { inProcessCommsUsers } from '../helpers/comms.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

const API = '/comms/api/data';
let services: Services;
let acme: string;
let call: Awaited<ReturnType<typeof inProcessDemo>>['call'];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, call, close } = await inProcessDemo('dform-comms-reach-'));
});
afterAll(() => close());

async function made(who: { org: string; token: string }, type: string, body: unknown): Promise<string> {
  const r = await call('POST', `${API}/${type}/`, { ...who, body });
  assert.equal(r.status, 201, r.text);
  return r.body.key as string;
}

test("a person's channel reach never reads the company's every channel", async () => {
  const [carla, sam] = await inProcessCommsUsers(call, acme, [
    ['carla@acme.example', 'demo-complete-pass'],
    ['sam@acme.example', 'demo-section2-pass'],
  ]);
  const channel = await made(carla, 'channels', { name: 'Ours', owner: carla.user, type: 'private', status: 'active' });
  await made(carla, 'channels', { name: 'Lunch', owner: carla.user, type: 'group', status: 'active' });
  await made(carla, 'channel_members', { channel_id: channel, user_id: sam.user, type: 'member' });
  const said = await made(carla, 'messages', { channel_id: channel, message: 'Hello' });

  const asked: FindQuery[] = [];
  const store = services.storage;
  for (const method of ['find', 'findInSlices'] as const) {
    const original = store[method].bind(store);
    store[method] = (collection: string, org: string, query: FindQuery) => {
      if (collection === 'comms/channels') asked.push(query);
      return original(collection, org, query);
    };
  }
  const asSam = [
    () => call('GET', `${API}/messages/${said}`, sam),
    () => call('POST', `${API}/messages/`, { ...sam, body: { channel_id: channel, message: 'Hi' } }),
    () => call('POST', `${API}/find/messages`, { ...sam, body: { criteria: [] } }),
    () => call('POST', `${API}/find/channel_members`, { ...sam, body: { criteria: [] } }),
    () =>
      call('POST', `${API}/find/channels`, { ...sam, body: { criteria: [], sort: [{ field: 'name', dir: 'asc' }] } }),
    () => call('GET', `${API}/channels/${channel}`, sam),
  ];
  const answers = [];
  for (const ask of asSam) answers.push((await ask()).status);
  assert.deepEqual(answers, [200, 201, 200, 200, 200, 200]);
  const channels = await call('POST', `${API}/find/channels`, {
    ...sam,
    body: { criteria: [], sort: [{ field: 'name', dir: 'asc' }] },
  });
  assert.deepEqual(
    channels.body.items.map((c: { data: { name: string } }) => c.data.name),
    ['Lunch', 'Ours'],
  );
  assert.equal(channels.body.total, 2);
  assert.ok(asked.length > 0, 'the finds read channels');
  for (const query of asked) {
    assert.ok(query.criteria.length > 0 || (query.anyOf?.length ?? 0) > 0, `every channel: ${JSON.stringify(query)}`);
  }
});
