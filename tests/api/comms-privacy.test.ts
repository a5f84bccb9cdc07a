/**
 * What COMMS keeps to the few it concerns (docs/comms.md): a request to join a channel is read by
 * the person it names, the one who made it and the channel's admins, not by every reader of an open
 * channel; a deleted channel leaves nothing of it readable; a person has one profile.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { commsPost, commsUser as commsUserOf, COMMS_API } from '../helpers/comms.ts';

const API = COMMS_API;
let w: DemoWorld;
let acmeStaff: Session;
let olive: Session; // owns the channels
let ada: Session; // an admin member of the open channel
let mo: Session; // a plain member of the open channel
let rex: Session; // asks to join
let mia: Session; // uses COMMS, in no channel

const commsUser = (name: string) => commsUserOf(w, acmeStaff, name);
const post = (who: Session, type: string, body: unknown) => commsPost(w, who, type, body);
const find = (who: Session, type: string, criteria: unknown[] = []) =>
  w.call('POST', `${API}/find/${type}`, { ...as(who), body: { criteria } });

beforeAll(async () => {
  w = await demoWorld();
  acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
  olive = await commsUser('Olive');
  ada = await commsUser('Ada');
  mo = await commsUser('Mo');
  rex = await commsUser('Rex');
  mia = await commsUser('Mia');
});
afterAll(async () => {
  await w?.server.stop();
});

test("a request to join is read by its requester, its inviter and the channel's admins only", async () => {
  // An open channel, listed and read by everyone who uses the module, and an invite-only club.
  const lounge = await post(olive, 'channels', { name: 'Lounge', owner: olive.user, type: 'group', status: 'active' });
  const club = await post(olive, 'channels', {
    name: 'Club',
    owner: olive.user,
    type: 'group',
    status: 'active',
    invite_only: true,
  });
  for (const channel of [lounge, club]) {
    await post(olive, 'channel_members', { channel_id: channel, user_id: ada.user, type: 'admin' });
    await post(olive, 'channel_members', { channel_id: channel, user_id: mo.user, type: 'member' });
  }
  const asked = await post(rex, 'membership_requests', {
    channel_id: lounge,
    type: 'request',
    user_id: rex.user,
    message: 'I would like to talk about my leave.',
  });
  const clubAsked = await post(rex, 'membership_requests', { channel_id: club, type: 'request', user_id: rex.user });
  // A member invites someone (the channel lets its members invite): hers and the invitee's.
  const invited = await post(mo, 'membership_requests', { channel_id: lounge, type: 'invite', user_id: mia.user });

  for (const [key, readers, others] of [
    [asked, [rex, olive, ada], [mia, mo]],
    [clubAsked, [rex, olive, ada], [mia, mo]],
    [invited, [mia, mo, olive, ada], [rex]],
  ] as const) {
    for (const who of readers) {
      const r = await w.call('GET', `${API}/membership_requests/${key}`, as(who));
      assert.equal(r.status, 200, r.text);
    }
    for (const who of others) {
      const r = await w.call('GET', `${API}/membership_requests/${key}`, as(who));
      assert.equal(r.status, 403, r.text);
    }
  }
  // Nor through a find, its total or a filter: only one's own.
  const keysOf = (r: { body: { items: { key: string }[] } }) => r.body.items.map((i) => i.key).sort();
  for (const criteria of [
    [],
    [{ field: 'channel_id', is: '=', value: lounge }],
    [{ field: 'type', is: '=', value: 'request' }],
  ]) {
    const forMia = await find(mia, 'membership_requests', criteria);
    assert.equal(forMia.status, 200, forMia.text);
    const expected = criteria.some((c) => c.field === 'type') ? [] : [invited];
    assert.deepEqual(keysOf(forMia), expected.sort(), JSON.stringify(criteria));
    assert.equal(forMia.body.total, expected.length);
  }
  const forMo = await find(mo, 'membership_requests', [{ field: 'type', is: '=', value: 'request' }]);
  assert.deepEqual([keysOf(forMo), forMo.body.total], [[], 0]);
  const forAda = await find(ada, 'membership_requests');
  assert.deepEqual(keysOf(forAda), [asked, clubAsked, invited].sort());
  assert.equal(forAda.body.total, 3);
  const forRex = await find(rex, 'membership_requests', [{ field: 'message', is: 'like', value: 'leave' }]);
  assert.deepEqual([keysOf(forRex), forRex.body.total], [[asked], 1]);
  const nosy = await find(mia, 'membership_requests', [{ field: 'message', is: 'like', value: 'leave' }]);
  assert.deepEqual([keysOf(nosy), nosy.body.total], [[], 0]);
});

test('a deleted channel takes its members and requests with it; one with messages is archived instead', async () => {
  const admin = acmeStaff; // the product-staff admin reads every record of the company
  const ofChannel = async (type: string, channel: string) => {
    const r = await find(admin, type, [{ field: 'channel_id', is: '=', value: channel }]);
    assert.equal(r.status, 200, r.text);
    return r.body.total as number;
  };
  const quiet = await post(olive, 'channels', { name: 'Quiet', owner: olive.user, type: 'group', status: 'active' });
  const membership = await post(olive, 'channel_members', { channel_id: quiet, user_id: mo.user, type: 'member' });
  const request = await post(rex, 'membership_requests', { channel_id: quiet, type: 'request', user_id: rex.user });
  const invite = await post(olive, 'membership_requests', { channel_id: quiet, type: 'invite', user_id: mia.user });
  const gone = await w.call('DELETE', `${API}/channels/${quiet}`, as(olive));
  assert.equal(gone.status, 204, gone.text);
  assert.deepEqual([await ofChannel('channel_members', quiet), await ofChannel('membership_requests', quiet)], [0, 0]);
  // Not even to the people they named.
  assert.equal((await w.call('GET', `${API}/channel_members/${membership}`, as(mo))).status, 404);
  assert.equal((await w.call('GET', `${API}/membership_requests/${request}`, as(rex))).status, 404);
  assert.equal((await w.call('GET', `${API}/membership_requests/${invite}`, as(mia))).status, 404);
  assert.equal((await find(mo, 'channel_members', [{ field: 'channel_id', is: '=', value: quiet }])).body.total, 0);

  // A channel people wrote in keeps what they wrote: it is archived, not deleted.
  const talk = await post(olive, 'channels', { name: 'Talk', owner: olive.user, type: 'group', status: 'active' });
  await post(olive, 'channel_members', { channel_id: talk, user_id: mo.user, type: 'member' });
  const said = await post(mo, 'messages', { channel_id: talk, message: 'Hello all' });
  const refused = await w.call('DELETE', `${API}/channels/${talk}`, as(olive));
  assert.equal(refused.status, 409, refused.text);
  assert.equal(refused.body.message, 'This channel has messages: archive it (status archived) instead of deleting it.');
  assert.equal((await w.call('GET', `${API}/channels/${talk}`, as(olive))).status, 200);
  assert.equal((await w.call('GET', `${API}/messages/${said}`, as(mo))).body.data.message, 'Hello all');
  assert.equal(await ofChannel('channel_members', talk), 1);
  const archived = await w.call('PATCH', `${API}/channels/${talk}`, { ...as(olive), body: { status: 'archived' } });
  assert.equal(archived.status, 200, archived.text);
  // Once its messages are gone (each deleted by its sender), the channel may go too.
  assert.equal((await w.call('DELETE', `${API}/messages/${said}`, as(mo))).status, 204);
  assert.equal((await w.call('DELETE', `${API}/channels/${talk}`, as(olive))).status, 204);
  assert.equal(await ofChannel('channel_members', talk), 0);
});

test('a person has one communications profile', async () => {
  const first = await post(mo, 'comms_profiles', { user_id: mo.user, display_name: 'Mo' });
  const again = await w.call('POST', `${API}/comms_profiles/`, {
    ...as(mo),
    body: { user_id: mo.user, display_name: 'Mo again' },
  });
  assert.equal(again.status, 409, again.text);
  const message = 'This person already has a communications profile.';
  assert.deepEqual([again.body.message, again.body.errors], [message, [{ path: '/user_id', message }]]);
  const mine = await find(mo, 'comms_profiles', [{ field: 'user_id', is: '=', value: mo.user }]);
  assert.deepEqual(
    mine.body.items.map((i: { key: string }) => i.key),
    [first],
  );
  // Saving it again is no second profile; deleted, a new one may be made.
  const saved = await w.call('POST', `${API}/comms_profiles/${first}`, {
    ...as(mo),
    body: { user_id: mo.user, display_name: 'Mo M.' },
  });
  assert.equal(saved.status, 200, saved.text);
  assert.equal((await w.call('DELETE', `${API}/comms_profiles/${first}`, as(mo))).status, 204);
  await post(mo, 'comms_profiles', { user_id: mo.user, display_name: 'Mo, anew' });
});
