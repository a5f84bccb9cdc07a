/**
 * Writing in COMMS channels (docs/comms.md): a message goes only to a channel one is in, and only
 * while it is active; it is sent as the caller; who joins, invites, changes a role or leaves is the
 * channel's to say; a request to join is one's own; a removed message's text is its sender's only.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { commsPost, commsUser as commsUserOf, COMMS_API } from '../helpers/comms.ts';

const API = COMMS_API;
let w: DemoWorld;
let acmeStaff: Session;
let olive: Session; // owns the channels
let mia: Session; // member of the private channel
let ben: Session; // blocked in the open channel
let nick: Session; // in neither at first
let priv = '';
let open = '';
let club = ''; // a group channel, invite only, shown in listings

const commsUser = (name: string, extra: string[] = []) => commsUserOf(w, acmeStaff, name, extra);
const post = (who: Session, type: string, body: unknown) => commsPost(w, who, type, body);

/** A refused write: its status, and the field its first error names with its message. */
async function refused(who: Session, method: string, path: string, body?: unknown) {
  const r = await w.call(method, `${API}/${path}`, { ...as(who), body });
  assert.ok(r.status >= 400 && r.status < 500, `${path}: ${r.status} ${r.text}`);
  return {
    status: r.status,
    path: r.body?.errors?.[0]?.path as string | undefined,
    message: r.body?.message as string,
  };
}

beforeAll(async () => {
  w = await demoWorld();
  acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
  olive = await commsUser('Olive');
  mia = await commsUser('Mia');
  ben = await commsUser('Ben');
  nick = await commsUser('Nick');
  priv = await post(olive, 'channels', { name: 'Leads', owner: olive.user, type: 'private', status: 'active' });
  open = await post(olive, 'channels', { name: 'Lunch', owner: olive.user, type: 'group', status: 'active' });
  club = await post(olive, 'channels', {
    name: 'Book club',
    owner: olive.user,
    type: 'group',
    status: 'active',
    invite_only: true,
  });
  await post(olive, 'channel_members', { channel_id: priv, user_id: mia.user, type: 'member' });
  await post(olive, 'channel_members', { channel_id: open, user_id: ben.user, type: 'blocked' });
});
afterAll(async () => {
  await w?.server.stop();
});

test('a channel is created as its owner, not as someone else', async () => {
  const r = await refused(nick, 'POST', 'channels/', {
    name: 'Mine',
    owner: olive.user,
    type: 'group',
    status: 'active',
  });
  assert.deepEqual([r.status, r.path], [400, '/owner']);
});

test('a message goes to a channel one is in, sent as oneself, and not to a closed channel', async () => {
  // Not in the private channel: as if it did not exist.
  assert.deepEqual((await refused(nick, 'POST', 'messages/', { channel_id: priv, message: 'hi' })).path, '/channel_id');
  // An open channel: read by all, written by those who joined it.
  assert.deepEqual((await refused(nick, 'POST', 'messages/', { channel_id: open, message: 'hi' })).path, '/channel_id');
  // Nowhere: a channel key of nothing.
  const nowhere = { channel_id: crypto.randomUUID(), message: 'hi' };
  assert.equal((await refused(nick, 'POST', 'messages/', nowhere)).path, '/channel_id');
  await post(nick, 'channel_members', { channel_id: open, user_id: nick.user, type: 'member' });
  const sent = await w.call('POST', `${API}/messages/`, {
    ...as(nick),
    body: { channel_id: open, message: 'Pizza?', sent_by: olive.user, sent_time: 1 },
  });
  assert.ok(sent.status === 201 || sent.status === 400, sent.text);
  const key =
    sent.status === 201 ? sent.body.key : await post(nick, 'messages', { channel_id: open, message: 'Pizza?' });
  const read = await w.call('GET', `${API}/messages/${key}`, as(olive));
  assert.equal(read.body.data.sent_by, nick.user, 'sent as the caller');
  assert.ok(read.body.data.sent_time > 1_700_000_000, 'at the server time');
  // A message stays in its channel.
  assert.equal((await refused(nick, 'PATCH', `messages/${key}`, { channel_id: priv })).path, '/channel_id');
  // The blocked member writes nothing there.
  assert.equal(
    (await refused(ben, 'POST', 'messages/', { channel_id: open, message: 'let me in' })).path,
    '/channel_id',
  );
  // Closed: no new message, even from its owner.
  await post(mia, 'messages', { channel_id: priv, message: 'before closing' });
  assert.equal(
    (await w.call('PATCH', `${API}/channels/${priv}`, { ...as(olive), body: { status: 'closed' } })).status,
    200,
  );
  for (const who of [mia, olive]) {
    const r = await refused(who, 'POST', 'messages/', { channel_id: priv, message: 'after closing' });
    assert.deepEqual([r.status, r.path], [400, '/channel_id']);
  }
  assert.equal(
    (await w.call('PATCH', `${API}/channels/${priv}`, { ...as(olive), body: { status: 'active' } })).status,
    200,
  );
});

test('joining: oneself as member of an open channel; the channel admins decide the rest', async () => {
  // Not into a private channel, not as admin, not someone else as admin, not back past a block.
  assert.equal(
    (await refused(nick, 'POST', 'channel_members/', { channel_id: priv, user_id: nick.user, type: 'member' })).path,
    '/channel_id',
  );
  assert.equal(
    (await refused(nick, 'POST', 'channel_members/', { channel_id: club, user_id: nick.user, type: 'member' })).path,
    '/channel_id',
  );
  const asAdmin = await refused(mia, 'POST', 'channel_members/', {
    channel_id: open,
    user_id: mia.user,
    type: 'admin',
  });
  assert.equal(asAdmin.path, '/type');
  assert.ok(
    (await refused(ben, 'POST', 'channel_members/', { channel_id: open, user_id: ben.user, type: 'member' })).path,
  );
  // A member makes themself admin, or lifts their own block: refused.
  const mine = await w.call('POST', `${API}/find/channel_members`, {
    ...as(mia),
    body: {
      criteria: [
        { field: 'channel_id', is: '=', value: priv },
        { field: 'user_id', is: '=', value: mia.user },
      ],
    },
  });
  const miaRecord = mine.body.items[0].key as string;
  assert.equal((await refused(mia, 'PATCH', `channel_members/${miaRecord}`, { type: 'admin' })).status, 403);
  const blocked = await w.call('POST', `${API}/find/channel_members`, {
    ...as(ben),
    body: { criteria: [{ field: 'channel_id', is: '=', value: open }] },
  });
  const benRecord = blocked.body.items[0].key as string;
  assert.equal((await refused(ben, 'DELETE', `channel_members/${benRecord}`)).status, 403);
  assert.equal((await refused(ben, 'PATCH', `channel_members/${benRecord}`, { type: 'member' })).status, 403);
  // A channel that does not let its members leave keeps them; its owner removes them.
  assert.equal(
    (await w.call('PATCH', `${API}/channels/${priv}`, { ...as(olive), body: { members_can_leave: false } })).status,
    200,
  );
  assert.equal((await refused(mia, 'DELETE', `channel_members/${miaRecord}`)).status, 403);
  // Someone else's membership is not the member's to end.
  assert.equal((await refused(nick, 'DELETE', `channel_members/${miaRecord}`)).status, 403);
  assert.equal((await w.call('DELETE', `${API}/channel_members/${miaRecord}`, as(olive))).status, 204);
});

test('a request to join is one’s own and cannot turn into an invitation; an admin accepts it', async () => {
  const forMia = await refused(nick, 'POST', 'membership_requests/', {
    channel_id: club,
    type: 'request',
    user_id: mia.user,
  });
  assert.equal(forMia.path, '/user_id');
  const invite = await refused(nick, 'POST', 'membership_requests/', {
    channel_id: club,
    type: 'invite',
    user_id: nick.user,
  });
  assert.equal(invite.path, '/type');
  const req = await post(nick, 'membership_requests', {
    channel_id: club,
    type: 'request',
    user_id: nick.user,
    message: 'Me!',
  });
  const turned = await w.call('PATCH', `${API}/membership_requests/${req}`, { ...as(nick), body: { type: 'invite' } });
  assert.equal(turned.status, 400, turned.text);
  assert.equal(
    (await refused(nick, 'POST', 'channel_members/', { channel_id: club, user_id: nick.user, type: 'member' })).path,
    '/channel_id',
  );
  // The channel's owner reads the request and accepts it by adding the requester.
  assert.equal((await w.call('GET', `${API}/membership_requests/${req}`, as(olive))).status, 200);
  await post(olive, 'channel_members', { channel_id: club, user_id: nick.user, type: 'member' });
  await post(nick, 'messages', { channel_id: club, message: 'Thanks' });
  // An invitation from the owner lets Mia join herself.
  await post(olive, 'membership_requests', { channel_id: club, type: 'invite', user_id: mia.user });
  await post(mia, 'channel_members', { channel_id: club, user_id: mia.user, type: 'member' });
});

test("a removed message's text is served to its sender only", async () => {
  const key = await post(olive, 'messages', { channel_id: open, message: 'Oops, wrong channel: salaries.csv' });
  assert.equal(
    (await w.call('PATCH', `${API}/messages/${key}`, { ...as(olive), body: { removed: true } })).status,
    200,
  );
  const forNick = await w.call('GET', `${API}/messages/${key}`, as(nick));
  assert.equal(forNick.status, 200);
  assert.ok(!forNick.text.includes('salaries'), forNick.text);
  const found = await w.call('POST', `${API}/find/messages`, {
    ...as(nick),
    body: { criteria: [{ field: 'channel_id', is: '=', value: open }] },
  });
  assert.ok(!found.text.includes('salaries'), found.text);
  const forOlive = await w.call('GET', `${API}/messages/${key}`, as(olive));
  assert.equal(forOlive.body.data.message, 'Oops, wrong channel: salaries.csv');
});

test('an invitation or a request is used up by joining: one removed does not come back with it', async () => {
  // Nick asked and was added by the owner; Mia joined by her invitation (the test above).
  const left = await w.call('POST', `${API}/find/membership_requests`, {
    ...as(olive),
    body: { criteria: [{ field: 'channel_id', is: '=', value: club }] },
  });
  assert.deepEqual([left.body.items, left.body.total], [[], 0], 'accepted and used: gone');
  const mine = await w.call('POST', `${API}/find/channel_members`, {
    ...as(olive),
    body: {
      criteria: [
        { field: 'channel_id', is: '=', value: club },
        { field: 'user_id', is: '=', value: mia.user },
      ],
    },
  });
  assert.equal((await w.call('DELETE', `${API}/channel_members/${mine.body.items[0].key}`, as(olive))).status, 204);
  const back = await refused(mia, 'POST', 'channel_members/', { channel_id: club, user_id: mia.user, type: 'member' });
  assert.deepEqual([back.status, back.path], [400, '/channel_id']);
  // Invited again, she may.
  await post(olive, 'membership_requests', { channel_id: club, type: 'invite', user_id: mia.user });
  await post(mia, 'channel_members', { channel_id: club, user_id: mia.user, type: 'member' });
});

test('an invitation is its inviter’s: the person invited cannot extend it, nor reword it', async () => {
  const past = Math.floor(Date.now() / 1000) - 3600;
  const invite = await post(olive, 'membership_requests', {
    channel_id: club,
    type: 'invite',
    user_id: ben.user,
    expires: past,
    message: 'Come for one evening',
  });
  const expired = await refused(ben, 'POST', 'channel_members/', {
    channel_id: club,
    user_id: ben.user,
    type: 'member',
  });
  assert.equal(expired.path, '/channel_id');
  const extended = await refused(ben, 'PATCH', `membership_requests/${invite}`, { expires: past + 365 * 86400 });
  assert.deepEqual([extended.status, extended.path], [400, '/expires']);
  const reworded = await refused(ben, 'PATCH', `membership_requests/${invite}`, { message: 'Come forever' });
  assert.deepEqual([reworded.status, reworded.path], [400, '/message']);
  const still = await refused(ben, 'POST', 'channel_members/', { channel_id: club, user_id: ben.user, type: 'member' });
  assert.equal(still.path, '/channel_id');
  // Their own notes on it, and declining it (deleting it), stay theirs.
  const noted = await w.call('PATCH', `${API}/membership_requests/${invite}`, { ...as(ben), body: { notes: 'Maybe' } });
  assert.equal(noted.status, 200, noted.text);
  assert.equal((await w.call('DELETE', `${API}/membership_requests/${invite}`, as(ben))).status, 204);
});

test("a channel's admins decline a request to join it; its plain members may not; the inviter withdraws an invitation", async () => {
  const zoe = await commsUser('Zoe');
  const asked = await post(zoe, 'membership_requests', { channel_id: club, type: 'request', user_id: zoe.user });
  const plain = await commsUser('Paul');
  await post(olive, 'channel_members', { channel_id: club, user_id: plain.user, type: 'member' });
  assert.equal((await w.call('DELETE', `${API}/membership_requests/${asked}`, as(plain))).status, 403);
  assert.equal((await w.call('DELETE', `${API}/membership_requests/${asked}`, as(olive))).status, 204);
  assert.equal((await w.call('GET', `${API}/membership_requests/${asked}`, as(zoe))).status, 404);
  // An invitation is withdrawn by whoever sent it.
  const invite = await post(olive, 'membership_requests', { channel_id: club, type: 'invite', user_id: zoe.user });
  assert.equal((await w.call('DELETE', `${API}/membership_requests/${invite}`, as(olive))).status, 204);
});

test('a person joins a channel once, however many ask at the same time', async () => {
  const channel = await post(olive, 'channels', { name: 'Rush', owner: olive.user, type: 'group', status: 'active' });
  const kim = await commsUser('Kim');
  const answers = await Promise.all(
    Array.from({ length: 12 }, () =>
      w.call('POST', `${API}/channel_members/`, {
        ...as(kim),
        body: { channel_id: channel, user_id: kim.user, type: 'member' },
      }),
    ),
  );
  const statuses = answers.map((a) => a.status).sort();
  assert.equal(statuses.filter((s) => s === 201).length, 1, statuses.join(' '));
  assert.ok(
    statuses.every((s) => s === 201 || s === 400 || s === 409),
    statuses.join(' '),
  );
  const found = await w.call('POST', `${API}/find/channel_members`, {
    ...as(olive),
    body: {
      criteria: [
        { field: 'channel_id', is: '=', value: channel },
        { field: 'user_id', is: '=', value: kim.user },
      ],
    },
  });
  assert.equal(found.body.total, 1, found.text);
  // Left, they may join again.
  const mine = found.body.items[0].key;
  assert.equal((await w.call('DELETE', `${API}/channel_members/${mine}`, as(kim))).status, 204);
  await post(kim, 'channel_members', { channel_id: channel, user_id: kim.user, type: 'member' });
});
