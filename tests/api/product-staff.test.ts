/**
 * A company's administrators and product staff are separate identities (docs/decisions.md): a
 * company's admin e-mail is an ordinary account holding the company-admin permissions; the
 * company's product-staff account holds no credentials and opens only through sudo_login, whose
 * session names the staff member acting (impersonated_by on every audit record of it); what runs
 * for every company (state withholding form definitions) is written by product staff only. An older
 * deployment's product-staff account that a company could reset is made credential-less at start.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { separateCompanyAdmins } from '../../server/company-admins.ts';
import { configFromEnv } from '../../server/config.ts';
import { hashPassword } from '../../server/crypto/passwords.ts';
import { claimKey } from '../../server/data/unique.ts';
import { openServices } from '../../server/services-factory.ts';
import { SYSTEM } from '../../server/services.ts';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { outboxSize, readOutbox, waitForMail } from '../helpers/outbox.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, ROOT, startServer } from '../helpers/server.ts';

type Call = DemoWorld['call'];

const FORMS = '/payroll/api/data/state_w4_form';
const oklahoma = () => ({
  ...JSON.parse(readFileSync(path.join(ROOT, 'server/seed/state-forms/colorado.json'), 'utf8')),
  state: 'OK',
  form_name: 'Oklahoma test certificate',
  printable_type: 'oklahoma',
});

/** Signs in through the forgot_password link sent to `email` (read from DATA_DIR/outbox.jsonl). */
async function signInByMail(call: Call, dataDir: string, org: string, email: string): Promise<Session> {
  const since = await outboxSize(dataDir);
  const asked = await call('POST', '/auth/api/forgot_password', { org, body: { username: email } });
  assert.equal(asked.status, 200, asked.text);
  const mail = await waitForMail(dataDir, (m) => m.to === email, { since });
  const link = new URLSearchParams(mail.text.match(/auto-login\?(\S+)/)![1]);
  const r = await call('POST', '/auth/api/login', {
    org,
    body: { userid: link.get('userid'), key: link.get('key'), type: 'forgot_password' },
  });
  assert.equal(r.status, 200, r.text);
  return { org, token: r.body.token, user: r.body.session.user.key };
}

/** The company's product-staff account key, as sudo_login names it. */
async function staffAccountOf(call: Call, staff: Session, org: string): Promise<string> {
  const r = await call('POST', `/auth/api/sudo_login?organization_id=${org}`, {
    ...as(staff),
    body: { organization_id: org },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.identifier;
}

async function newCompany(call: Call, staff: Session, name: string, adminEmail: string): Promise<string> {
  const r = await call('POST', '/auth/api/data/organizations/', {
    ...as(staff),
    body: { name, admin_email: adminEmail, active_modules: ['payroll', 'hr'] },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

describe("a company's administrator", () => {
  let org = '';
  let boss: Session;
  let staffAccount = '';

  beforeAll(async () => {
    org = await newCompany(w.call, w.staff, 'Takeover Trading', 'boss@takeover.example');
    staffAccount = await staffAccountOf(w.call, w.staff, org);
    boss = await signInByMail(w.call, w.server.dataDir, org, 'boss@takeover.example');
  });

  test("the admin e-mail's forgot_password opens an ordinary account holding the company-admin permissions", async () => {
    const session = (await w.call('GET', '/auth/api/session', as(boss))).body;
    assert.notEqual(session.user.key, staffAccount);
    assert.equal(session.user.email, 'boss@takeover.example');
    assert.equal(session.is_admin, false);
    assert.equal(session.product_staff, false);
    assert.deepEqual(session.permissions.AUTH, [
      'CanManageGroups',
      'CanManageOrganizationPreferences',
      'CanManageUsers',
      'CanViewAuditLogs',
    ]);
    const grantable = (await w.call('GET', '/auth/api/get_available_permissions', as(boss))).body;
    assert.ok(!grantable.includes('AUTH:CanLoginToOrganizations'));
    assert.ok(!grantable.includes('AUTH:CanManageOrganizations'));
  });

  test('manages users within its rights: no user deletion, nothing on the product-staff account', async () => {
    const made = await w.call('POST', '/auth/api/data/users/', {
      ...as(boss),
      body: {
        email: 'clerk@takeover.example',
        display_name: 'Cleo Clerk',
        status: 'active',
        permissions: [],
        is_employee: false,
      },
    });
    assert.equal(made.status, 201, made.text);
    assert.equal((await w.call('DELETE', `/auth/api/data/users/${made.body.key}`, as(boss))).status, 403);
    const superDelete = await w.call('POST', '/auth/api/delete_user', {
      ...as(boss),
      body: { user_id: made.body.key, confirm_name: 'Cleo Clerk' },
    });
    assert.equal(superDelete.status, 403);
    // The product-staff account is out of reach: its e-mail, password and invitation.
    const retarget = await w.call('PATCH', `/auth/api/data/users/${staffAccount}`, {
      ...as(boss),
      body: { email: 'mine@takeover.example' },
    });
    assert.equal(retarget.status, 403, retarget.text);
    const password = await w.call('POST', '/auth/api/set_user_password', {
      ...as(boss),
      body: { user_id: staffAccount, password: 'Tangerine-Orbit-4471', password2: 'Tangerine-Orbit-4471' },
    });
    assert.equal(password.status, 403);
    const invite = await w.call('POST', '/auth/api/resend_user_invite_email', {
      ...as(boss),
      body: { user_id: staffAccount },
    });
    assert.equal(invite.status, 403);
    const sudo = await w.call('POST', `/auth/api/sudo_login?organization_id=${org}`, {
      ...as(boss),
      body: { organization_id: org },
    });
    assert.equal(sudo.status, 403);
  });

  test('cannot create, change or delete a state withholding form definition', async () => {
    const shared = (await w.call('POST', `/payroll/api/data/find/state_w4_form`, { ...as(w.emma), body: {} })).body
      .items[0].key;
    for (const who of [boss, w.admin]) {
      assert.equal((await w.call('POST', `${FORMS}/`, { ...as(who), body: oklahoma() })).status, 403);
      const patch = await w.call('PATCH', `${FORMS}/${shared}`, { ...as(who), body: { instructions: 'x' } });
      assert.equal(patch.status, 403);
      assert.equal((await w.call('DELETE', `${FORMS}/${shared}`, as(who))).status, 403);
    }
  });
});

describe("a company's product-staff account", () => {
  test('cannot be signed into with a password or a forgot-password key, nor given either', async () => {
    const org = await newCompany(w.call, w.staff, 'Locked Door Ltd', 'owner@lockeddoor.example');
    const staffAccount = await staffAccountOf(w.call, w.staff, org);
    const sent = (await readOutbox(w.server.dataDir)).length;
    for (const username of [staffAccount, 'owner@lockeddoor.example']) {
      await w.call('POST', '/auth/api/forgot_password', { org, body: { username } });
    }
    // Sent after the answers, in order: once the second is there, the first was done with.
    await waitForMail(w.server.dataDir, (m) => m.to === 'owner@lockeddoor.example', { since: sent });
    const mails = (await readOutbox(w.server.dataDir)).slice(sent);
    assert.deepEqual(
      mails.map((m) => m.text.includes(staffAccount)),
      [false],
      "one link, for the administrator's own account",
    );
    // Inside a sudo session, the account's own password cannot be set either.
    const inside = await sudoInto(w, w.staff, org);
    const chosen = 'Marmalade-Comet-9082';
    const change = await w.call('POST', '/auth/api/change_password', {
      ...as(inside),
      body: { password: chosen, password2: chosen },
    });
    assert.equal(change.status, 403, change.text);
    const set = await w.call('POST', '/auth/api/set_user_password', {
      ...as(inside),
      body: { user_id: staffAccount, password: chosen, password2: chosen },
    });
    assert.equal(set.status, 403, set.text);
    const login = await w.call('POST', '/auth/api/login', { org, body: { userid: staffAccount, key: chosen } });
    assert.equal(login.status, 401);
    // A sudo key opens the account only as a sudo login.
    const key = await w.call('POST', `/auth/api/sudo_login?organization_id=${org}`, {
      ...as(w.staff),
      body: { organization_id: org },
    });
    const asReset = await w.call('POST', '/auth/api/login', {
      org,
      body: { userid: staffAccount, key: key.body.single_use_key, type: 'forgot_password' },
    });
    assert.equal(asReset.status, 401);
  });
});

describe('product staff in a company act as themselves', () => {
  let rita: Session;
  let inside: Session;
  let since = 0;

  beforeAll(async () => {
    // A second member of the product staff, signed in to the root organization.
    const made = await w.call('POST', '/auth/api/data/users/', {
      ...as(w.staff),
      body: {
        email: 'rita@dform.test',
        display_name: 'Rita Root',
        status: 'active',
        permissions: ['AUTH:CanLoginToOrganizations', 'AUTH:CanManageOrganizations'],
        is_employee: false,
      },
    });
    assert.equal(made.status, 201, made.text);
    const password = 'Juniper-Harbor-5521';
    const set = await w.call('POST', '/auth/api/set_user_password', {
      ...as(w.staff),
      body: { user_id: made.body.key, password, password2: password },
    });
    assert.equal(set.status, 200, set.text);
    rita = await w.login(w.rootOrg, 'rita@dform.test', password);
    since = Math.floor(Date.now() / 1000) - 1;
    inside = await sudoInto(w, rita, w.acmeOrg);
  });

  test('the session opened by sudo_login names the staff member', async () => {
    const session = (await w.call('GET', '/auth/api/session', as(inside))).body;
    assert.equal(session.is_admin, true);
    assert.equal(session.product_staff, true);
    assert.deepEqual(session.impersonated_by, { key: rita.user, name: 'Rita Root', organization_id: w.rootOrg });
  });

  test('every write of that session is audited with impersonated_by = the staff member', async () => {
    const group = await w.call('POST', '/auth/api/data/groups/', {
      ...as(inside),
      body: { name: 'Audited by Rita', description: 'd', permissions: [], users: [], notes: '' },
    });
    assert.equal(group.status, 201, group.text);
    const updated = await w.call('PATCH', `/auth/api/data/groups/${group.body.key}`, {
      ...as(inside),
      body: { notes: 'changed' },
    });
    assert.equal(updated.status, 200, updated.text);
    const user = await w.call('PATCH', `/auth/api/data/users/${w.ivan.user}`, {
      ...as(inside),
      body: { notes: 'seen by product staff' },
    });
    assert.equal(user.status, 200, user.text);
    assert.equal((await w.call('DELETE', `/auth/api/data/groups/${group.body.key}`, as(inside))).status, 204);

    const found = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: {
        criteria: [
          { field: 'action_time', is: '>=', value: since },
          { field: 'logged_in_user', is: '=', value: inside.user },
        ],
        limit: 500,
      },
    });
    assert.equal(found.status, 200, found.text);
    const records = found.body.items.map((i: { data: Record<string, unknown> }) => i.data);
    assert.deepEqual(records.map((r: Record<string, unknown>) => r.action_type).sort(), [
      'create',
      'delete',
      'login',
      'update',
      'update',
    ]);
    for (const r of records) {
      assert.equal(r.impersonated_by, rita.user, String(r.message));
      assert.equal(r.logged_in_username, 'Product staff: Rita Root');
    }
    // The field can be searched: the company sees what this staff member did.
    const byStaff = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: { criteria: [{ field: 'impersonated_by', is: '=', value: rita.user }], limit: 500 },
    });
    assert.equal(byStaff.body.total, records.length);
  });
});

describe('what runs for every company is written by product staff only', () => {
  test('root product staff create, change and delete a shared definition; in a company too', async () => {
    const created = await w.call('POST', `${FORMS}/`, { ...as(w.staff), body: oklahoma() });
    assert.equal(created.status, 201, created.text);
    const seen = await w.call('GET', `${FORMS}/${created.body.key}`, as(w.emma));
    assert.equal(seen.status, 200, 'shared with every company');
    const patched = await w.call('PATCH', `${FORMS}/${created.body.key}`, {
      ...as(w.staff),
      body: { instructions: 'Changed by product staff.' },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal((await w.call('DELETE', `${FORMS}/${created.body.key}`, as(w.staff))).status, 204);
    const inside = await sudoInto(w, w.staff, w.acmeOrg);
    const own = await w.call('POST', `${FORMS}/`, {
      ...as(inside),
      body: { ...oklahoma(), state: 'VT', printable_type: 'vermont' },
    });
    assert.equal(own.status, 201, own.text);
    assert.equal((await w.call('DELETE', `${FORMS}/${own.body.key}`, as(inside))).status, 204);
  });

  test('a company user holding every permission cannot, nor can it as a reseller in its own client company', async () => {
    const acmeStaff = await sudoInto(w, w.staff, w.acmeOrg);
    const every = (await w.call('GET', '/auth/api/get_available_permissions', as(acmeStaff))).body as string[];
    const email = 'everything@acme.example';
    const made = await w.call('POST', '/auth/api/data/users/', {
      ...as(acmeStaff),
      body: { email, display_name: 'Eve Everything', status: 'active', permissions: every, is_employee: false },
    });
    assert.equal(made.status, 201, made.text);
    const eve = await signInByMail(w.call, w.server.dataDir, w.acmeOrg, email);
    assert.equal((await w.call('POST', `${FORMS}/`, { ...as(eve), body: oklahoma() })).status, 403);

    // As a reseller: a client company of its own, entered through sudo_login, where it is admin.
    const client = await newCompany(w.call, eve, 'Eve Client Co', 'owner@eveclient.example');
    const inClient = await sudoInto(w, eve, client);
    const session = (await w.call('GET', '/auth/api/session', as(inClient))).body;
    assert.equal(session.is_admin, true);
    assert.equal(session.product_staff, false);
    assert.equal(session.impersonated_by.key, eve.user);
    assert.equal((await w.call('POST', `${FORMS}/`, { ...as(inClient), body: oklahoma() })).status, 403);
  });
});

describe('an older deployment', () => {
  test("a company's product-staff account holding the admin e-mail and a password is made credential-less at start", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-staff-migration-'));
    try {
      let server = await startServer({ dataDir, env: { DFORM_PRODUCT_DOMAIN: 'dform.app' } });
      let call = client(server.url);
      const rootOrg = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
      const login = async () => {
        const r = await call('POST', '/auth/api/login', {
          org: rootOrg,
          body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD },
        });
        return { org: rootOrg, token: r.body.token, user: r.body.session.user.key } as Session;
      };
      const org = await newCompany(call, await login(), 'Legacy Ledger', 'owner@legacy.example');
      const staffAccount = await staffAccountOf(call, await login(), org);
      await server.stop({ keepData: true });

      const database = server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {};
      const s = await openServices({ ...configFromEnv({ DFORM_PRODUCT_DOMAIN: 'dform.app', ...database }), dataDir });
      // A company made now holds nothing to take away: its first restart leaves it as it is.
      assert.equal(await separateCompanyAdmins(s), 0);
      // As an older version left it: the product-staff account holds the company's admin e-mail
      // and a password, and no other account exists.
      const claimOf = (email: string) => claimKey(s, org, 'email', email);
      const admin = (await s.storage.get(SYSTEM.unique, org, claimOf('owner@legacy.example')))!;
      const staff = (await s.storage.get('auth/users', org, staffAccount))!;
      const now = Math.floor(Date.now() / 1000);
      await s.storage.commit([
        { op: 'delete', collection: 'auth/users', org, key: String(admin.data.owner) },
        { op: 'delete', collection: SYSTEM.unique, org, key: claimOf(String(staff.data.email)) },
        { op: 'put', record: { ...admin, data: { owner: staffAccount, scope: 'email' } } },
        {
          op: 'put',
          record: {
            ...staff,
            data: { ...staff.data, email: 'owner@legacy.example', secret: await hashPassword('Old-Company-Secret-77') },
            meta: { ...staff.meta, updated_time: now, version: staff.meta.version + 1 },
          },
        },
      ]);
      await s.storage.close();

      server = await startServer({ dataDir, env: { DFORM_PRODUCT_DOMAIN: 'dform.app' } });
      call = client(server.url);
      assert.match(server.output(), /1 companies' product-staff accounts lost their password and e-mail/);
      for (const userid of [staffAccount, 'owner@legacy.example']) {
        const r = await call('POST', '/auth/api/login', { org, body: { userid, key: 'Old-Company-Secret-77' } });
        assert.equal(r.status, 401, userid);
      }
      const owner = await signInByMail(call, dataDir, org, 'owner@legacy.example');
      const session = (await call('GET', '/auth/api/session', as(owner))).body;
      assert.notEqual(session.user.key, staffAccount);
      assert.equal(session.is_admin, false);
      assert.ok(session.permissions.AUTH.includes('CanManageUsers'));
      const inside = await sudoInto({ call }, await login(), org);
      assert.equal((await call('GET', '/auth/api/session', as(inside))).body.is_admin, true);
      await server.stop({ keepData: true });

      server = await startServer({ dataDir, env: { DFORM_PRODUCT_DOMAIN: 'dform.app' } });
      assert.doesNotMatch(server.output(), /product-staff accounts lost/, 'a second start changes nothing');
      await server.stop({ keepData: true });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
