/**
 * COMMS profiles (docs/comms.md): a person writes only their own; their e-mail and phone for
 * notifications are theirs to read (and the product-staff admin's), not every colleague's; the
 * avatar is an image the person uploads to their own profile, never a link a client writes.
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, signedInEmployee, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';

const API = '/comms/api/data';
let w: DemoWorld;
let paula: Session;
let quinn: Session;
let profile = '';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function upload(who: Session, key: string, bytes: Uint8Array, type: string) {
  return w.call('PUT', `/comms/api/files/comms_profiles/${key}/avatar`, {
    ...as(who),
    headers: { 'content-type': type, 'x-file-name': 'me.png' },
    rawBody: new Blob([new Uint8Array(bytes)]),
  });
}

beforeAll(async () => {
  w = await demoWorld();
  const staff = await sudoInto(w, w.staff, w.acmeOrg);
  paula = await signedInEmployee(w, 'Paula');
  quinn = await signedInEmployee(w, 'Quinn');
  const g = await w.call('POST', '/auth/api/data/groups/', {
    ...as(staff),
    body: { name: 'Talkers', permissions: ['COMMS:CanManageNotificationRoutes'], users: [paula.user, quinn.user] },
  });
  assert.equal(g.status, 201, g.text);
  const p = await w.call('POST', `${API}/comms_profiles/`, {
    ...as(paula),
    body: {
      user_id: paula.user,
      display_name: 'Paula P.',
      email_address: 'paula.home@example.com',
      text_phone: '5551234567',
    },
  });
  assert.equal(p.status, 201, p.text);
  profile = p.body.key;
});
afterAll(async () => {
  await w?.server.stop();
});

test("a colleague reads the profile's name, not its e-mail and phone", async () => {
  const own = await w.call('GET', `${API}/comms_profiles/${profile}`, as(paula));
  assert.equal(own.body.data.email_address, 'paula.home@example.com');
  const seen = await w.call('GET', `${API}/comms_profiles/${profile}`, as(quinn));
  assert.equal(seen.status, 200, seen.text);
  assert.equal(seen.body.data.display_name, 'Paula P.');
  assert.ok(!seen.text.includes('paula.home') && !seen.text.includes('5551234567'), seen.text);
  const found = await w.call('POST', `${API}/find/comms_profiles`, { ...as(quinn), body: { criteria: [] } });
  assert.ok(!found.text.includes('paula.home') && !found.text.includes('5551234567'), found.text);
  // Nor found by them.
  const probe = await w.call('POST', `${API}/find/comms_profiles`, {
    ...as(quinn),
    body: { criteria: [{ field: 'email_address', is: 'like', value: 'paula' }] },
  });
  assert.equal(probe.status, 400, probe.text);
  // Another's profile is not a colleague's to write.
  const edit = await w.call('PATCH', `${API}/comms_profiles/${profile}`, { ...as(quinn), body: { display_name: 'X' } });
  assert.equal(edit.status, 403, edit.text);
});

test("the avatar is an image uploaded to one's own profile, not a link", async () => {
  const link = await w.call('PATCH', `${API}/comms_profiles/${profile}`, {
    ...as(paula),
    body: { avatar: 'javascript:alert(1)' },
  });
  const after = await w.call('GET', `${API}/comms_profiles/${profile}`, as(paula));
  assert.ok(link.status === 400 || after.body.data.avatar === undefined, `${link.status} ${after.text}`);
  assert.ok(!after.text.includes('javascript'), after.text);
  assert.equal((await upload(quinn, profile, PNG, 'image/png')).status, 403);
  assert.equal((await upload(paula, profile, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf')).status, 415);
  const up = await upload(paula, profile, PNG, 'image/png');
  assert.equal(up.status, 200, up.text);
  assert.equal(up.body.type, 'image/png');
  const img = await w.call('GET', `/comms/api/files/comms_profiles/${profile}/avatar`, as(quinn));
  assert.equal(img.status, 200);
});
