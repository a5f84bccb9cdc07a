/**
 * A partner's own request for a sign-in code to a client company (spec/000 sections 1 and 4: a
 * partner user lands on My clients and logs into client companies through a cross-site login;
 * spec/001: cross-org accounts, `cross_site_login_only`, `get_cross_site_invite`), documented in
 * docs/api-notes.md as `POST /auth/api/request_cross_site_sign_in {account}`.
 *
 * Two companies: P, the demo company, is the partner's home, where its administrator writes the
 * cross-org accounts; C, a client company made here, whose own administrator made the partner
 * account. The link grants nothing by itself: the code goes from C to the address of C's account,
 * only for a partner account of C whose address is the caller's own.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createCompany } from '../helpers/hardening.ts';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { readOutbox } from '../helpers/outbox.ts';

const ASK = '/auth/api/request_cross_site_sign_in';
const USERS = '/auth/api/data/users';
const LINKS = '/auth/api/data/cross_org_accounts';
const NOT_SET_UP = "This client account is not set up for your sign-in: ask the client company's administrator.";
const CLIENT = 'Client Co';
const CLIENT_HOST = 'clientco.dform.app';
/** Each partner is a sender of their own; three sends each in the window. */
const PER_USER = 3;
/**
 * Two seconds, not one: the server's clock counts whole seconds, so two asks a few milliseconds apart
 * across a second's turn were a second apart to it, and the second was sent where it should wait.
 */
const RESEND_SECONDS = 2;

let w: DemoWorld;
/** C, and its product-staff admin standing for C's administrator. */
let clientOrg: string;
let clientAdmin: Session;
/** P's product-staff admin: makes partner accounts holding a permission the demo admin does not hold. */
let partnerStaff: Session;

const tag = () => crypto.randomUUID().slice(0, 8);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The sign-in codes mailed to `email` (not the notices of a password set for the account). */
const mailsTo = async (email: string) =>
  (await readOutbox(w.server.dataDir)).filter((m) => m.to === email && m.subject.endsWith(': your sign-in code'));
const outboxSize = async () => (await readOutbox(w.server.dataDir)).length;

beforeAll(async () => {
  w = await demoWorld({
    DFORM_RESEND_SECONDS: String(RESEND_SECONDS),
    DFORM_INVITATIONS_USER: String(PER_USER),
  });
  clientOrg = await createCompany(w, CLIENT, CLIENT_HOST);
  clientAdmin = await sudoInto(w, w.staff, clientOrg);
  partnerStaff = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

/** A signed-in user of P (the demo company), a partner unless `permissions` says otherwise. */
async function partnerUser(
  permissions: string[] = ['AUTH:CanUseCrossSiteLogin'],
  email = `pat.${tag()}@partner.example`,
): Promise<Session & { email: string }> {
  const u = await w.call('POST', `${USERS}/`, {
    ...as(partnerStaff),
    body: { email, display_name: 'Pat Partner', status: 'active', permissions, is_employee: false },
  });
  assert.equal(u.status, 201, u.text);
  const p = await w.call('POST', '/auth/api/set_user_password', {
    ...as(partnerStaff),
    body: { user_id: u.body.key, password: 'partner-pass-1', password2: 'partner-pass-1' },
  });
  assert.equal(p.status, 200, p.text);
  return { ...(await w.login(w.acmeOrg, email, 'partner-pass-1')), email };
}

/** An account of a client company, made by that company's administrator: a partner account unless `over` says otherwise. */
async function clientAccount(email: string, over: Record<string, unknown> = {}, admin = clientAdmin) {
  const r = await w.call('POST', `${USERS}/`, {
    ...as(admin),
    body: {
      email,
      display_name: 'Pat Partner (reseller)',
      status: 'active',
      permissions: [],
      is_employee: false,
      cross_site_login_only: true,
      ...over,
    },
  });
  assert.equal(r.status, 201, r.text);
  return r.body as { key: string; data: Record<string, unknown> };
}

/** A cross-org account written by P's administrator (the demo admin, AUTH:CanManageUsers). */
async function link(userId: string, orgUserId: string, orgId = clientOrg): Promise<string> {
  const r = await w.call('POST', `${LINKS}/`, {
    ...as(w.admin),
    body: { org_id: orgId, org_name: CLIENT, org_hostname: CLIENT_HOST, user_id: userId, org_user_id: orgUserId },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

const ask = (by: Session, account: string) => w.call('POST', ASK, { ...as(by), body: { account } });

const codeIn = (text: string) => /sign-in code for .* is (\S+) \(valid/.exec(text)?.[1];

describe('a partner asks for a sign-in code to a client', () => {
  test("C's server mails the code to C's account, and it signs in to C as that account", async () => {
    const pat = await partnerUser();
    const account = await clientAccount(pat.email);
    const key = await link(pat.user, account.key);
    const before = await outboxSize();

    const r = await ask(pat, key);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.message, `A sign-in code for ${CLIENT} was sent to ${pat.email}.`);
    assert.equal(r.body.email, pat.email);
    const sent = (await readOutbox(w.server.dataDir)).slice(before);
    assert.equal(sent.length, 1, 'one message');
    assert.equal(sent[0].to, pat.email);
    assert.equal(sent[0].subject, `${CLIENT}: your sign-in code`);
    assert.ok(sent[0].text.includes(`${CLIENT_HOST}`), "the link is on the client's site");
    const code = codeIn(sent[0].text);
    assert.ok(code, sent[0].text);

    // Not in the partner's own company: the code is C's.
    const home = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: pat.email, key: code, type: 'forgot_password' },
    });
    assert.equal(home.status, 401, home.text);
    const signedIn = await w.call('POST', '/auth/api/login', {
      org: clientOrg,
      body: { userid: pat.email, key: code, type: 'forgot_password' },
    });
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.session.organization_id, clientOrg);
    assert.equal(signedIn.body.session.user.key, account.key);
    // A partner account signs in only through the cross-site flow: this session sets no password.
    assert.equal(signedIn.body.session.password_reset, false);
  });

  test("C's audit log names who asked, from which company", async () => {
    const pat = await partnerUser();
    const account = await clientAccount(pat.email);
    const key = await link(pat.user, account.key);
    assert.equal((await ask(pat, key)).status, 200);
    const log = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(clientAdmin),
      body: { criteria: [{ field: 'affected_user', is: '=', value: account.key }] },
    });
    assert.equal(log.status, 200, log.text);
    const invite = log.body.items.find((r: { data: { action_type: string } }) => r.data.action_type === 'invite');
    assert.ok(invite, JSON.stringify(log.body.items));
    assert.equal(invite.data.logged_in_user, pat.user);
    assert.match(invite.data.logged_in_username, /Pat Partner \(partner, Acme Demo\)/);
    assert.equal(invite.data.detail.requested_from, w.acmeOrg);
    assert.equal(invite.data.detail.cross_org_account, key);
    assert.deepEqual(invite.data.detail.fields, ['cross_site']);
  });
});

describe('a link that does not lead to the caller: one answer, nothing sent', () => {
  /** Asks, and checks the one answer and that no message left. */
  async function refused(by: Session, key: string, why: string) {
    const before = await outboxSize();
    const r = await ask(by, key);
    assert.deepEqual({ status: r.status, body: r.body }, { status: 409, body: { message: NOT_SET_UP } }, why);
    assert.equal(await outboxSize(), before, `${why}: nothing sent`);
  }

  test("C's account is not a partner account (cross_site_login_only off)", async () => {
    const pat = await partnerUser();
    const account = await clientAccount(pat.email, { cross_site_login_only: false });
    await refused(pat, await link(pat.user, account.key), 'not cross_site_login_only');
  });

  test("C's account has another address than the caller's", async () => {
    const pat = await partnerUser();
    const account = await clientAccount(`someone.${tag()}@client.example`);
    await refused(pat, await link(pat.user, account.key), 'another address');
    assert.equal((await mailsTo(String(account.data.email))).length, 0);
  });

  test("C's account is blocked, locked or inactive", async () => {
    for (const over of [{ status: 'blocked' }, { locked: true }, { status: 'inactive' }]) {
      const pat = await partnerUser();
      const account = await clientAccount(pat.email, over);
      await refused(pat, await link(pat.user, account.key), JSON.stringify(over));
    }
  });

  test("P's administrator points a partner at C's administrator, even with that administrator's address", async () => {
    // C's administrator: the account of C's admin_email, made with the company.
    const admins = await w.call('POST', '/auth/api/data/find/users', {
      ...as(clientAdmin),
      body: { criteria: [{ field: 'email', is: '=', value: `admin@${CLIENT_HOST}` }] },
    });
    assert.equal(admins.body.total, 1, admins.text);
    const cAdmin = admins.body.items[0];
    // P's administrator can make a partner in P with any address, and sign in as it.
    const impostor = await partnerUser(['AUTH:CanUseCrossSiteLogin'], `admin@${CLIENT_HOST}`);
    await refused(impostor, await link(impostor.user, cAdmin.key), "C's admin account");
    assert.equal((await mailsTo(`admin@${CLIENT_HOST}`)).length, 0);
  });

  test('C is inactive, C does not exist, the account does not exist in C', async () => {
    const inactive = await createCompany(w, 'Dormant Client', 'dormantclient.dform.app');
    const dormantAdmin = await sudoInto(w, w.staff, inactive);
    const pat = await partnerUser();
    const there = await clientAccount(pat.email, {}, dormantAdmin);
    const off = await w.call('PATCH', `/auth/api/data/organizations/${inactive}`, {
      ...as(w.staff),
      body: { status: 'inactive' },
    });
    assert.equal(off.status, 200, off.text);
    await refused(pat, await link(pat.user, there.key, inactive), 'C inactive');
    await refused(pat, await link(pat.user, there.key, crypto.randomUUID()), 'no such company');
    await refused(pat, await link(pat.user, crypto.randomUUID()), 'no such account in C');
    // The account of one company is no account of another.
    await refused(pat, await link(pat.user, there.key, clientOrg), "another company's account");
  });
});

describe('who may ask', () => {
  test("another user's link and another company's link are not found", async () => {
    const pat = await partnerUser();
    const other = await partnerUser();
    const account = await clientAccount(other.email);
    const others = await link(other.user, account.key);
    const before = await outboxSize();
    const r = await ask(pat, others);
    assert.deepEqual({ status: r.status, body: r.body }, { status: 404, body: { message: 'Not found' } });
    // A link kept in C's own records, naming Pat: still not one of Pat's company's.
    const inClient = await w.call('POST', `${LINKS}/`, {
      ...as(clientAdmin),
      body: { org_id: clientOrg, org_name: CLIENT, user_id: pat.user, org_user_id: account.key },
    });
    assert.equal(inClient.status, 201, inClient.text);
    const foreign = await ask(pat, inClient.body.key);
    assert.deepEqual({ status: foreign.status, body: foreign.body }, { status: 404, body: { message: 'Not found' } });
    assert.equal((await ask(pat, crypto.randomUUID())).status, 404);
    assert.equal(await outboxSize(), before, 'nothing sent');
  });

  test('a caller without AUTH:CanUseCrossSiteLogin is refused, even with a link that would work', async () => {
    const plain = await partnerUser(['PAYROLL:CanUseModule']);
    const account = await clientAccount(plain.email);
    const key = await link(plain.user, account.key);
    const before = await outboxSize();
    const r = await ask(plain, key);
    assert.deepEqual({ status: r.status, body: r.body }, { status: 403, body: { message: 'Not authorized.' } });
    assert.equal(await outboxSize(), before, 'nothing sent');
  });

  test('the account must be a 36-character key', async () => {
    const pat = await partnerUser();
    const r = await ask(pat, 'not-a-key');
    assert.equal(r.status, 400, r.text);
    assert.equal(r.body.errors[0].path, '/account');
  });
});

describe('throttled as every invitation', () => {
  test('one code per DFORM_RESEND_SECONDS, the newest alone signs in, then the sender budget answers 429', async () => {
    const pat = await partnerUser();
    const account = await clientAccount(pat.email);
    const key = await link(pat.user, account.key);
    assert.equal((await ask(pat, key)).status, 200);
    const tooSoon = await ask(pat, key);
    assert.equal(tooSoon.status, 409, tooSoon.text);
    assert.match(tooSoon.body.message, /^An invitation went to this account less than/);
    const codes = (await mailsTo(pat.email)).map((m) => codeIn(m.text));
    assert.equal(codes.length, 1);
    for (let sent = 1; sent < PER_USER; sent++) {
      await sleep(RESEND_SECONDS * 1000 + 100);
      assert.equal((await ask(pat, key)).status, 200, `send ${sent + 1}`);
    }
    await sleep(RESEND_SECONDS * 1000 + 100);
    const over = await ask(pat, key);
    assert.equal(over.status, 429, over.text);
    assert.match(over.body.message, /^Too many invitations/);
    const all = (await mailsTo(pat.email)).map((m) => codeIn(m.text)!);
    assert.equal(all.length, PER_USER, 'no message past the budget');
    const loginWith = (code: string) =>
      w.call('POST', '/auth/api/login', {
        org: clientOrg,
        body: { userid: account.key, key: code, type: 'forgot_password' },
      });
    assert.equal((await loginWith(all[0])).status, 401, 'an earlier code is spent');
    assert.equal((await loginWith(all.at(-1)!)).status, 200, 'the newest signs in');
  });
});
