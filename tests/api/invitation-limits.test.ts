/**
 * Invitation e-mails are bounded (docs/decisions.md "Invitations"): each carries a live sign-in link
 * and leaves from the product's address, so a sender (a careless import, a hostile manager) may send
 * only so many per window, per person and per company, and one person gets at most one invitation
 * per DFORM_RESEND_SECONDS, the latest alone signing in. A refused invitation writes nothing.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createCompany, sudoInto } from '../helpers/hardening.ts';
import { as, demoWorld, onboardingManager, type DemoWorld, type Session } from '../helpers/demo.ts';
import { readOutbox } from '../helpers/outbox.ts';

const HIRES = '/payroll/api/data/onboarding_user';
const PER_USER = 3;
const PER_COMPANY = 5;
const tag = () => crypto.randomUUID().slice(0, 8);
const newHire = (email: string) => ({ first_name: 'Ada', last_name: 'Flood', email });

let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld({
    DFORM_INVITATIONS_USER: String(PER_USER),
    DFORM_INVITATIONS_COMPANY: String(PER_COMPANY),
    DFORM_RESEND_SECONDS: '2',
  });
});
afterAll(async () => {
  await w.server.stop();
});

const sentTo = async (email: string) => (await readOutbox(w.server.dataDir)).filter((m) => m.to === email).length;

const invite = (by: Session, email: string) => w.call('POST', `${HIRES}/`, { ...as(by), body: newHire(email) });

/** Whether anything was written for the hire refused: a hire, an account, a message. */
async function traces(email: string): Promise<string[]> {
  const found: string[] = [];
  const hires = await w.call('POST', '/payroll/api/data/find/onboarding_user', {
    ...as(w.admin),
    body: { criteria: [{ field: 'email', is: '=', value: email }] },
  });
  if (hires.body.total !== 0) found.push('a hire');
  const users = await w.call('POST', '/auth/api/data/find/users', {
    ...as(w.admin),
    body: { criteria: [{ field: 'email', is: '=', value: email }] },
  });
  if (users.body.total !== 0) found.push('an account');
  if (await sentTo(email)) found.push('a message');
  return found;
}

describe('invitations per sender and per company', () => {
  test("past the sender's budget a new hire is refused with 429 and nothing is written; another manager goes on, up to the company's", async () => {
    const olga = await onboardingManager(w);
    for (let i = 0; i < PER_USER; i++) {
      const r = await invite(olga, `ok${i}.${tag()}@flood.example`);
      assert.equal(r.status, 201, r.text);
    }
    const over = `over.${tag()}@flood.example`;
    const refused = await invite(olga, over);
    assert.equal(refused.status, 429, refused.text);
    assert.match(
      refused.body.message,
      /^Too many invitations: at most 3 from one person and 5 from one company in 15 minutes\./,
    );
    assert.doesNotMatch(refused.text, /at .*\.ts:\d+/, 'no stack trace');
    assert.deepEqual(await traces(over), []);

    // The company has two invitations left: Paul sends them, then is refused too.
    for (let i = 0; i < PER_COMPANY - PER_USER; i++) {
      const r = await invite(w.payroll, `paul${i}.${tag()}@flood.example`);
      assert.equal(r.status, 201, r.text);
    }
    const full = `full.${tag()}@flood.example`;
    const companyFull = await invite(w.payroll, full);
    assert.equal(companyFull.status, 429, companyFull.text);
    assert.deepEqual(await traces(full), []);

    // Saving a hire sends nothing and is not counted.
    const some = await w.call('POST', '/payroll/api/data/find/onboarding_user', {
      ...as(w.payroll),
      body: { criteria: [{ field: 'last_name', is: '=', value: 'Flood' }] },
    });
    const hire = some.body.items[0];
    const saved = await w.call('PATCH', `${HIRES}/${hire.key}`, { ...as(w.payroll), body: { first_name: 'Adele' } });
    assert.equal(saved.status, 200, saved.text);

    // So is every other invitation of the company: Resend invitation and a user's invite e-mail
    // (past DFORM_RESEND_SECONDS, which would refuse the resend on its own).
    await new Promise((r) => setTimeout(r, 2100));
    const resend = await w.call('POST', '/payroll/api/resend_hire_invitation', {
      ...as(w.admin),
      body: { hire_id: hire.key },
    });
    assert.equal(resend.status, 429, resend.text);
    const userInvite = await w.call('POST', '/auth/api/resend_user_invite_email', {
      ...as(w.admin),
      body: { user_id: w.emma.user },
    });
    assert.equal(userInvite.status, 429, userInvite.text);
  });

  test("one company's flood leaves another company's invitations alone", async () => {
    const hostname = `other${tag()}.dform.app`;
    const other = await createCompany(w, 'Other Flood Co', hostname);
    const admin = await sudoInto(w, w.staff, other);
    const email = `other.${tag()}@flood.example`;
    const r = await invite(admin, email);
    assert.equal(r.status, 201, r.text);
    assert.equal(await sentTo(email), 1);
  });
});

describe("a user's invitation e-mail", () => {
  let world: DemoWorld;
  beforeAll(async () => {
    world = await demoWorld({ DFORM_RESEND_SECONDS: '2' });
  });
  afterAll(async () => {
    await world.server.stop();
  });

  const linksTo = async (email: string) =>
    (await readOutbox(world.server.dataDir))
      .filter((m) => m.to === email)
      .map((m) => /https?:\/\/\S+/.exec(m.text)?.[0] ?? '');

  test('is sent at most once per DFORM_RESEND_SECONDS to one account, and only the latest link signs in', async () => {
    const email = `invitee.${tag()}@acme.example`;
    const u = await world.call('POST', '/auth/api/data/users/', {
      ...as(world.admin),
      body: { email, display_name: 'Ivy Invitee', status: 'active', permissions: [], is_employee: false },
    });
    assert.equal(u.status, 201, u.text);
    const send = () =>
      world.call('POST', '/auth/api/resend_user_invite_email', { ...as(world.admin), body: { user_id: u.body.key } });
    assert.equal((await send()).status, 200);
    const soon = await send();
    assert.equal(soon.status, 409, soon.text);
    assert.equal(
      soon.body.message,
      'An invitation went to this account less than 2 seconds ago: wait before sending another.',
    );
    assert.equal((await linksTo(email)).length, 1, 'the refused invitation sent nothing');

    await new Promise((r) => setTimeout(r, 2100));
    assert.equal((await send()).status, 200);
    const [first, second] = await linksTo(email);
    const keyOf = (link: string) => {
      const url = new URL(link);
      return { userid: url.searchParams.get('userid'), key: url.searchParams.get('key') };
    };
    const redeem = (link: string) =>
      world.call('POST', '/auth/api/login', {
        org: world.acmeOrg,
        body: { ...keyOf(link), type: 'forgot_password' },
      });
    assert.equal((await redeem(first)).status, 401, 'the earlier link is spent');
    assert.equal((await redeem(second)).status, 200, 'the latest link signs in');
  });
});

describe('one invitation at a time to one person', () => {
  let world: DemoWorld;
  beforeAll(async () => {
    world = await demoWorld({ DFORM_RESEND_SECONDS: '60' });
  });
  afterAll(async () => {
    await world.server.stop();
  });

  test('ten invitations sent at once to one account: one goes out, one link signs in', async () => {
    const email = `racer.${tag()}@acme.example`;
    const u = await world.call('POST', '/auth/api/data/users/', {
      ...as(world.admin),
      body: { email, display_name: 'Rae Racer', status: 'active', permissions: [], is_employee: false },
    });
    assert.equal(u.status, 201, u.text);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        world.call('POST', '/auth/api/resend_user_invite_email', { ...as(world.admin), body: { user_id: u.body.key } }),
      ),
    );
    assert.equal(answers.filter((a) => a.status === 200).length, 1, answers.map((a) => a.status).join(' '));
    for (const a of answers) assert.ok([200, 409].includes(a.status), a.text);
    const sent = (await readOutbox(world.server.dataDir)).filter((m) => m.to === email);
    assert.equal(sent.length, 1, 'one message');
  });

  test("a hire's resend and its account's invite share the wait", async () => {
    const email = `shared.${tag()}@flood.example`;
    const made = await world.call('POST', `${HIRES}/`, { ...as(world.payroll), body: newHire(email) });
    assert.equal(made.status, 201, made.text);
    const invite = await world.call('POST', '/auth/api/resend_user_invite_email', {
      ...as(world.admin),
      body: { user_id: made.body.key },
    });
    assert.equal(invite.status, 409, 'the hire was invited a moment ago');
    const resend = await world.call('POST', '/payroll/api/resend_hire_invitation', {
      ...as(world.payroll),
      body: { hire_id: made.body.key },
    });
    assert.equal(resend.status, 409, resend.text);
    assert.equal((await readOutbox(world.server.dataDir)).filter((m) => m.to === email).length, 1);
  });
});
