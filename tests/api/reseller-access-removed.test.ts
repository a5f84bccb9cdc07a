/**
 * A reseller (a company user holding AUTH:CanLoginToOrganizations) who entered a client company
 * through sudo_login acts there as its administrator. When their own company takes that right away
 * (their permission removed, their account made inactive), the session they opened in the client
 * company ends with it, and a sudo key they asked for before opens nothing: they keep no
 * administrator's session in a company they may no longer enter.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';

const RESELLER_PERMISSIONS = ['AUTH:CanLoginToOrganizations', 'AUTH:CanManageOrganizations'];

let w: DemoWorld;
let acmeStaff: Session;
beforeAll(async () => {
  w = await demoWorld();
  acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

/** A reseller of the demo company, signed in, with a client company of their own. */
async function reseller(tag: string): Promise<{ user: string; me: Session; client: string }> {
  const email = `reseller.${tag}@acme.example`;
  const made = await w.call('POST', '/auth/api/data/users/', {
    ...as(acmeStaff),
    body: {
      email,
      display_name: `Reseller ${tag}`,
      status: 'active',
      permissions: RESELLER_PERMISSIONS,
      is_employee: false,
    },
  });
  assert.equal(made.status, 201, made.text);
  const pw = await w.call('POST', '/auth/api/set_user_password', {
    ...as(acmeStaff),
    body: { user_id: made.body.key, password: 'reseller-pass-1', password2: 'reseller-pass-1' },
  });
  assert.equal(pw.status, 200, pw.text);
  const me = await w.login(w.acmeOrg, email, 'reseller-pass-1');
  const company = await w.call('POST', '/auth/api/data/organizations/', {
    ...as(me),
    body: { name: `Client ${tag}`, admin_email: `owner@client-${tag}.example`, active_modules: ['payroll'] },
  });
  assert.equal(company.status, 201, company.text);
  return { user: made.body.key, me, client: company.body.key };
}

async function change(user: string, patch: Record<string, unknown>) {
  const r = await w.call('PATCH', `/auth/api/data/users/${user}`, { ...as(acmeStaff), body: patch });
  assert.equal(r.status, 200, r.text);
}

async function sudoKey(from: Session, org: string) {
  const r = await w.call('POST', `/auth/api/sudo_login?organization_id=${org}`, {
    ...as(from),
    body: { organization_id: org },
  });
  assert.equal(r.status, 200, r.text);
  return { userid: r.body.identifier as string, key: r.body.single_use_key as string, type: 'sudo_login' };
}

const sessionStatus = async (inside: Session) => (await w.call('GET', '/auth/api/session', as(inside))).status;

describe('a reseller whose right to enter client companies is taken away', () => {
  test('loses the session they opened in a client company when their permission is removed', async () => {
    const r = await reseller('perm');
    const inside = await sudoInto(w, r.me, r.client);
    assert.equal(await sessionStatus(inside), 200);
    await change(r.user, { permissions: [] });
    assert.equal(await sessionStatus(inside), 401);
    const users = await w.call('POST', '/auth/api/data/find/users', { ...as(inside), body: { criteria: [] } });
    assert.equal(users.status, 401, users.text);
  });

  test('a sudo key asked for before the permission was removed opens nothing', async () => {
    const r = await reseller('key');
    const key = await sudoKey(r.me, r.client);
    await change(r.user, { permissions: [] });
    const login = await w.call('POST', '/auth/api/login', { org: r.client, body: key });
    assert.equal(login.status, 401, login.text);
  });

  test('loses it when their account is made inactive; active again with the right, they may enter anew', async () => {
    const r = await reseller('inactive');
    const inside = await sudoInto(w, r.me, r.client);
    const key = await sudoKey(r.me, r.client);
    await change(r.user, { status: 'inactive' });
    assert.equal(await sessionStatus(inside), 401);
    assert.equal((await w.call('POST', '/auth/api/login', { org: r.client, body: key })).status, 401);
    await change(r.user, { status: 'active' });
    const again = await sudoInto(w, r.me, r.client);
    assert.equal(await sessionStatus(again), 200);
  });

  test('a reseller who keeps the right keeps the session', async () => {
    const r = await reseller('keeps');
    const inside = await sudoInto(w, r.me, r.client);
    await change(r.user, { notes: 'still our reseller' });
    assert.equal(await sessionStatus(inside), 200);
  });
});
