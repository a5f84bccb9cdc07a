/**
 * Who reads a channel, its members and its messages (docs/comms.md): its members and its owner; a
 * group channel open to all (not invite only) also everyone who may use COMMS; never a member the
 * channel blocked, another person of the company who is not in a private channel, nor another
 * company. Nothing of a channel they may not read reaches them by a read, a find, its total, a
 * filter or a sort.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { commsPost, commsUser as commsUserOf, COMMS_API } from '../helpers/comms.ts';
import { createCompany } from '../helpers/hardening.ts';

const API = COMMS_API;
let w: DemoWorld;
let olive: Session; // owns the channels
let mia: Session; // member of the private channel
let ben: Session; // blocked in both channels
let nick: Session; // in neither
let other: Session; // another company's admin
let priv = '';
let open = '';
let privMessage = '';
let openMessage = '';

let acmeStaff: Session;
const commsUser = (name: string, extra: string[] = []) => commsUserOf(w, acmeStaff, name, extra);
const post = (who: Session, type: string, body: unknown) => commsPost(w, who, type, body);

beforeAll(async () => {
  w = await demoWorld();
  acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
  olive = await commsUser('Olive');
  mia = await commsUser('Mia');
  ben = await commsUser('Ben');
  nick = await commsUser('Nick');
  other = await sudoInto(w, w.staff, await createCompany(w, 'Other Comms Co', 'othercomms.dform.app'));
  priv = await post(olive, 'channels', {
    name: 'Payroll secrets',
    owner: olive.user,
    type: 'private',
    status: 'active',
  });
  open = await post(olive, 'channels', { name: 'Lunch', owner: olive.user, type: 'group', status: 'active' });
  await post(olive, 'channel_members', { channel_id: priv, user_id: olive.user, type: 'admin' });
  await post(olive, 'channel_members', { channel_id: priv, user_id: mia.user, type: 'member' });
  await post(olive, 'channel_members', { channel_id: priv, user_id: ben.user, type: 'blocked' });
  await post(olive, 'channel_members', { channel_id: open, user_id: ben.user, type: 'blocked' });
  privMessage = await post(olive, 'messages', { channel_id: priv, message: 'Raises are 3% this year' });
  openMessage = await post(olive, 'messages', { channel_id: open, message: 'Pizza at noon' });
});
afterAll(async () => {
  await w?.server.stop();
});

async function find(who: Session, type: string, body: unknown = { criteria: [] }) {
  const r = await w.call('POST', `${API}/find/${type}`, { ...as(who), body });
  assert.equal(r.status, 200, r.text);
  return r.body as { items: { key: string; data: Record<string, unknown> }[]; total: number };
}

test("a private channel, its members and its messages are its members' only", async () => {
  for (const who of [olive, mia]) {
    assert.equal((await w.call('GET', `${API}/channels/${priv}`, as(who))).status, 200);
    assert.equal((await w.call('GET', `${API}/messages/${privMessage}`, as(who))).status, 200);
    const msgs = await find(who, 'messages', { criteria: [{ field: 'channel_id', is: '=', value: priv }] });
    assert.deepEqual(
      msgs.items.map((m) => m.key),
      [privMessage],
    );
    const members = await find(who, 'channel_members', { criteria: [{ field: 'channel_id', is: '=', value: priv }] });
    assert.equal(members.total, 3);
    assert.ok((await find(who, 'channels')).items.some((c) => c.key === priv));
  }
  for (const who of [nick, ben]) {
    for (const path of [`channels/${priv}`, `messages/${privMessage}`]) {
      const r = await w.call('GET', `${API}/${path}`, as(who));
      assert.equal(r.status, 403, `${path}: ${r.text}`);
      assert.ok(!r.text.includes('Raises') && !r.text.includes('Payroll secrets'), r.text);
    }
    const channels = await find(who, 'channels');
    assert.ok(!channels.items.some((c) => c.key === priv), 'not listed');
    assert.equal(channels.total, channels.items.length, 'the total counts only what they may read');
    const byName = await find(who, 'channels', { criteria: [{ field: 'name', is: 'like', value: 'secret' }] });
    assert.deepEqual([byName.total, byName.items.length], [0, 0]);
    for (const body of [
      { criteria: [] },
      { criteria: [{ field: 'channel_id', is: '=', value: priv }] },
      { criteria: [{ field: 'message', is: 'like', value: 'Raises' }] },
      { criteria: [], sort: [{ field: 'message', dir: 'asc' }] },
    ]) {
      const msgs = await find(who, 'messages', body);
      assert.ok(!msgs.items.some((m) => m.data.channel_id === priv), JSON.stringify(body));
      assert.equal(msgs.total, msgs.items.length, JSON.stringify(body));
    }
    // The blocked member sees their own record only (they know they are blocked), no one else's.
    const members = await find(who, 'channel_members', { criteria: [{ field: 'channel_id', is: '=', value: priv }] });
    assert.deepEqual(
      members.items.map((m) => m.data.user_id),
      who === ben ? [ben.user] : [],
    );
    assert.equal(members.total, members.items.length);
  }
});

test('an open group channel is read by everyone who uses COMMS but those it blocked', async () => {
  for (const who of [olive, mia, nick]) {
    assert.equal((await w.call('GET', `${API}/messages/${openMessage}`, as(who))).status, 200);
    const msgs = await find(who, 'messages', { criteria: [{ field: 'channel_id', is: '=', value: open }] });
    assert.deepEqual(
      msgs.items.map((m) => m.key),
      [openMessage],
    );
  }
  assert.equal((await w.call('GET', `${API}/messages/${openMessage}`, as(ben))).status, 403);
  assert.equal((await find(ben, 'messages', { criteria: [{ field: 'channel_id', is: '=', value: open }] })).total, 0);
});

test("the company's admin without membership does not read a private channel; another company reads nothing", async () => {
  // The demo admin given the module: a company administrator, not a member.
  const boss = await commsUser('Boss', ['AUTH:CanManageUsers', 'AUTH:CanManageGroups']);
  assert.equal((await w.call('GET', `${API}/messages/${privMessage}`, as(boss))).status, 403);
  assert.equal((await find(boss, 'messages', { criteria: [{ field: 'channel_id', is: '=', value: priv }] })).total, 0);
  for (const path of [`channels/${priv}`, `messages/${privMessage}`, `channels/${open}`]) {
    assert.equal((await w.call('GET', `${API}/${path}`, as(other))).status, 404, path);
  }
  assert.equal((await find(other, 'messages', { criteria: [] })).total, 0);
  assert.equal((await find(other, 'channels', { criteria: [] })).total, 0);
});

test("a private channel's direct members are in it: they read and write it, no one else", async () => {
  const direct = await post(olive, 'channels', {
    name: 'Olive and Mia',
    owner: olive.user,
    type: 'private',
    status: 'active',
    direct_members: [mia.user],
  });
  const said = await post(mia, 'messages', { channel_id: direct, message: 'Just us' });
  assert.equal((await w.call('GET', `${API}/messages/${said}`, as(olive))).status, 200);
  assert.equal((await w.call('GET', `${API}/channels/${direct}`, as(mia))).status, 200);
  assert.equal((await w.call('GET', `${API}/messages/${said}`, as(nick))).status, 403);
  assert.equal(
    (await find(nick, 'messages', { criteria: [{ field: 'channel_id', is: '=', value: direct }] })).total,
    0,
  );
});
