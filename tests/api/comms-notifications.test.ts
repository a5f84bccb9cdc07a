/**
 * Notifications and the people COMMS records name (docs/comms.md): a notification, a route, a
 * channel or a membership names people of the caller's own company only; a key of another company's
 * user is refused as a key of nobody is, on the field, revealing nothing of it.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany } from '../helpers/hardening.ts';

const COMMS = ['COMMS:CanManageNotificationRoutes'];
const API = '/comms/api/data';
let w: DemoWorld;
let acmeStaff: Session;
let router: Session; // uses COMMS: manages notification routes
let foreigner = ''; // a user of another company

beforeAll(async () => {
  w = await demoWorld();
  acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
  router = await signedInEmployee(w, 'Rita');
  const g = await w.call('POST', '/auth/api/data/groups/', {
    ...as(acmeStaff),
    body: { name: 'Notifiers', permissions: COMMS, users: [router.user] },
  });
  assert.equal(g.status, 201, g.text);
  const other = await sudoInto(w, w.staff, await createCompany(w, 'Other Notify Co', 'othernotify.dform.app'));
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(other),
    body: {
      email: 'someone@other.example',
      display_name: 'Someone',
      status: 'active',
      permissions: [],
      is_employee: true,
      employee_id: 'O-1',
    },
  });
  assert.equal(u.status, 201, u.text);
  foreigner = u.body.key;
});
afterAll(async () => {
  await w?.server.stop();
});

const notification = (recipients: string[]) => ({
  module: 'payroll',
  message_type: 'reminder',
  data: { app: { message: 'Your W-4 is due' } },
  recipients,
});

test("a notification or a route goes to people of the caller's company only", async () => {
  for (const stranger of [foreigner, crypto.randomUUID()]) {
    const n = await w.call('POST', `${API}/notifications/`, {
      ...as(router),
      body: notification([w.emma.user, stranger]),
    });
    assert.equal(n.status, 400, n.text);
    assert.deepEqual(n.body.errors, [
      { path: '/recipients/1', message: 'Each recipient must be a user of this company.' },
    ]);
    const r = await w.call('POST', `${API}/notification_routes/`, {
      ...as(router),
      body: { module: 'payroll', message_type: 'reminder', recipients: [stranger] },
    });
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.errors[0].path, '/recipients/0');
  }
  const ok = await w.call('POST', `${API}/notifications/`, { ...as(router), body: notification([w.emma.user]) });
  assert.equal(ok.status, 201, ok.text);
});

test("a channel's owner, direct members, members and requests name people of the company", async () => {
  const bad = await w.call('POST', `${API}/channels/`, {
    ...as(router),
    body: {
      name: 'Mixed',
      owner: router.user,
      type: 'group',
      status: 'active',
      direct_members: [w.emma.user, foreigner],
    },
  });
  assert.equal(bad.status, 400, bad.text);
  assert.equal(bad.body.errors[0].path, '/direct_members/1');
  const ch = await w.call('POST', `${API}/channels/`, {
    ...as(router),
    body: { name: 'Team', owner: router.user, type: 'group', status: 'active' },
  });
  assert.equal(ch.status, 201, ch.text);
  const member = await w.call('POST', `${API}/channel_members/`, {
    ...as(router),
    body: { channel_id: ch.body.key, user_id: foreigner, type: 'member' },
  });
  assert.equal(member.status, 400, member.text);
  assert.equal(member.body.errors[0].path, '/user_id');
  const invite = await w.call('POST', `${API}/membership_requests/`, {
    ...as(router),
    body: { channel_id: ch.body.key, user_id: foreigner, type: 'invite' },
  });
  assert.equal(invite.status, 400, invite.text);
  assert.equal(invite.body.errors[0].path, '/user_id');
});

test('every person reads their own notifications and sets their own preferences, without COMMS', async () => {
  // Emma holds no COMMS permission: the module's other types stay closed to her.
  for (const type of ['notifications', 'notification_routes', 'channels', 'messages', 'comms_profiles']) {
    const r = await w.call('POST', `${API}/find/${type}`, { ...as(w.emma), body: { criteria: [] } });
    assert.equal(r.status, 403, `${type}: ${r.text}`);
  }
  for (const type of ['my_user_notifications', 'user_notifications']) {
    const mine = await w.call('POST', `${API}/find/${type}`, { ...as(w.emma), body: { criteria: [] } });
    assert.equal(mine.status, 200, mine.text);
  }
  const pref = { module: 'payroll', message_type: 'reminder', delivery: { app: true, email: false, text: false } };
  const set = await w.call('POST', `${API}/notification_prefs/`, {
    ...as(w.emma),
    body: { ...pref, user_id: w.emma.user },
  });
  assert.equal(set.status, 201, set.text);
  // Someone else's preference is not hers to set.
  const other = await w.call('POST', `${API}/notification_prefs/`, {
    ...as(w.emma),
    body: { ...pref, user_id: router.user },
  });
  assert.equal(other.status, 403, other.text);
  const theirs = await w.call('POST', `${API}/notification_prefs/`, {
    ...as(router),
    body: { ...pref, user_id: router.user },
  });
  assert.equal(theirs.status, 201, theirs.text);
  for (const type of ['my_notification_prefs', 'notification_prefs']) {
    const prefs = await w.call('POST', `${API}/find/${type}`, { ...as(w.emma), body: { criteria: [] } });
    assert.equal(prefs.status, 200, prefs.text);
    assert.deepEqual(
      prefs.body.items.map((p: { data: { user_id: string } }) => p.data.user_id),
      [w.emma.user],
      type,
    );
  }
  assert.equal((await w.call('GET', `${API}/notification_prefs/${theirs.body.key}`, as(w.emma))).status, 403);
  // The catalogue offers her those, as her own (the my_ variants).
  const cat = await w.call('GET', '/auth/api/catalogue', as(w.emma));
  const comms = (cat.body as { module: string; type: string }[]).filter((e) => e.module === 'comms').map((e) => e.type);
  assert.deepEqual(comms.sort(), ['my_notification_prefs', 'my_user_notifications']);
});

test('a notification carries content to deliver: in-app, by e-mail or by text', async () => {
  // Its data may hold the values its messages are made of beside them, never only those.
  for (const data of [{}, { start: 'Jan 2' }]) {
    const r = await w.call('POST', `${API}/notifications/`, {
      ...as(router),
      body: { ...notification([w.emma.user]), data },
    });
    assert.equal(r.status, 400, r.text);
    // Said on each of the three it could hold, as the product says an alternative (assignments).
    const content = 'A notification needs content: an in-app message, an e-mail or a text message.';
    assert.deepEqual(r.body.errors, [
      { path: '/data/app', message: content },
      { path: '/data/email', message: content },
      { path: '/data/text', message: content },
    ]);
  }
  const email = { email: { subject: 'W-4 due', text: 'Please sign your W-4.' }, due: 'Jan 2' };
  const ok = await w.call('POST', `${API}/notifications/`, {
    ...as(router),
    body: { ...notification([w.emma.user]), data: email },
  });
  assert.equal(ok.status, 201, ok.text);
});
