/**
 * Hires (payroll/onboarding_user) through the API: the invitation on create (status created, the
 * outbox line, the activity entry), the duplicate account e-mail (409, nothing written), lower-cased
 * e-mails, the rate rounded to cents, the pending_approval required fields and the history visible
 * only with PAYROLL:CanManageUserPayrollData.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, onboardingManager, type DemoWorld, type Session } from '../helpers/demo.ts';
import { readOutbox } from '../helpers/outbox.ts';

let w: DemoWorld;
/** A user holding PAYROLL:CanManageOnboarding but not PAYROLL:CanManageUserPayrollData. */
let onboarder: Session;

const HIRES = '/payroll/api/data/onboarding_user';
const unique = () => crypto.randomUUID().slice(0, 8);
const hire = (over: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: `grace.${unique()}@example.com`,
  state: 'NY',
  pay_type: 'Hourly',
  rate: 21.5,
  onboarding_contact: { name: 'Paul Payroll', email: 'payroll@acme.example' },
  ...over,
});

const outbox = () => readOutbox(w.server.dataDir);

beforeAll(async () => {
  // Resend invitation waits this long between two invitations to one hire (60 s by default).
  w = await demoWorld({ DFORM_RESEND_SECONDS: '2' });
  onboarder = await onboardingManager(w);
});
afterAll(async () => {
  await w.server.stop();
});

describe('inviting a hire', () => {
  test('a new hire is created invited, e-mailed an invitation and the invitation is in its history', async () => {
    const body = hire({ status: 'approved', email: `Grace.${unique()}@Example.COM` });
    const before = Math.floor(Date.now() / 1000);
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body });
    assert.equal(r.status, 201, r.text);
    const email = (body.email as string).toLowerCase();
    assert.equal(r.body.data.status, 'invited', 'the status sent is ignored');
    // Invited in the one commit that queues the invitation: no second write for a crash to miss
    // (a kill -9 between the two left hires "created" whose invitation the outbox then sent).
    assert.equal(r.body.meta.version, 1);
    assert.equal(r.body.data.email, email);

    const sent = (await outbox()).filter((m) => m.to === email);
    assert.equal(sent.length, 1, 'one invitation in the outbox');
    assert.match(sent[0].subject, /Acme Demo: your onboarding invitation/);
    assert.match(sent[0].text, /Hello Grace,/);
    assert.match(sent[0].text, /https:\/\/acmedemo\.dform\.app\/login/);

    const log = r.body.data.activity_log;
    assert.deepEqual(
      log.map((e: { action: string; message: string }) => [e.action, e.message]),
      [
        ['account_made', `Account made for ${email}.`],
        ['invited', `Invitation sent to ${email}.`],
      ],
    );
    assert.equal(log[1].user, w.payroll.user);
    assert.equal(log[1].to, email);
    assert.ok(log[1].time >= before);

    // The history is the server's: a client's entries are ignored on save.
    const saved = await w.call('POST', `${HIRES}/${r.body.key}`, {
      ...as(w.payroll),
      body: { ...r.body.data, activity_log: [{ time: 1, action: 'forged', message: 'x' }] },
    });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.body.data.activity_log, log);
    assert.equal((await outbox()).filter((m) => m.to === email).length, 1, 'a save sends nothing');
  });

  test("the invitation makes the hire's account: its link signs the hire in once, to the onboarding forms", async () => {
    const email = `ada.${unique()}@example.com`;
    const r = await w.call('POST', `${HIRES}/`, {
      ...as(onboarder),
      body: hire({ first_name: 'Ada', last_name: 'Lovelace', email }),
    });
    assert.equal(r.status, 201, r.text);
    const [mail] = (await outbox()).filter((m) => m.to === email);
    assert.match(mail.text, /Use this link within 7 days to sign in and choose your password: /);
    const link = new URL(/(https?:\/\/\S+\/auto-login\?\S+)/.exec(mail.text)![1]);
    const params = Object.fromEntries(link.searchParams);
    assert.equal(params.userid, r.body.key, 'the account is keyed as the hire');
    assert.equal(params.type, 'forgot_password');

    const account = await w.call('GET', `/auth/api/data/users/${r.body.key}`, as(w.admin));
    assert.equal(account.status, 200, account.text);
    assert.equal(account.body.data.email, email);
    assert.equal(account.body.data.display_name, 'Ada Lovelace');
    assert.equal(account.body.data.is_employee, true);
    assert.equal(account.body.data.employee_id, r.body.key.replaceAll('-', ''), "the hire's own number");
    // What onboarding uses, as far as the inviter holds it (an editor grants only what they hold).
    assert.deepEqual(
      account.body.data.permissions,
      ['PAYROLL:CanUseModule'],
      'the onboarding manager holds no HR permission',
    );

    const login = () =>
      w.call('POST', '/auth/api/login', {
        org: w.acmeOrg,
        body: { userid: params.userid, key: params.key, type: 'forgot_password' },
      });
    const signedIn = await login();
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.session.user.email, email);
    const checklist = await w.call('GET', '/payroll/api/onboarding_checklist', {
      org: w.acmeOrg,
      token: signedIn.body.token,
    });
    assert.equal(checklist.status, 200, checklist.text);
    assert.equal(checklist.body.done, 0);
    assert.ok(checklist.body.total >= 5, checklist.text);
    assert.equal((await login()).status, 401, 'the link works once');
    // Her first form saved, her hire is started, and its history says so.
    const hireOf = async () => (await w.call('GET', `${HIRES}/${r.body.key}`, as(w.payroll))).body.data;
    assert.equal((await hireOf()).status, 'invited');
    const details = await w.call('POST', `/payroll/api/data/my_basic_info/${r.body.key}`, {
      org: w.acmeOrg,
      token: signedIn.body.token,
      body: { legal_address: { address1: '1 Elm St', city: 'Albany', state: 'NY', postal_code: '12207' } },
    });
    assert.equal(details.status, 200, details.text);
    const started = await hireOf();
    assert.equal(started.status, 'started');
    assert.equal(started.activity_log.at(-1).action, 'started');
    assert.equal(started.activity_log.at(-1).user, r.body.key);
    // The manager's pipeline finds the hire's account.
    const pipeline = await w.call('GET', '/payroll/api/onboarding_pipeline', as(w.payroll));
    const row = pipeline.body.hires.find((h: { key: string }) => h.key === r.body.key);
    assert.equal(row?.user_key, r.body.key, pipeline.text);
    // An employee ID given with the hire is the account's.
    const numbered = await w.call('POST', `${HIRES}/`, {
      ...as(w.payroll),
      body: hire({ email: `bo.${unique()}@example.com`, employee_id: 'E-2041' }),
    });
    assert.equal(numbered.status, 201, numbered.text);
    const its = await w.call('GET', `/auth/api/data/users/${numbered.body.key}`, as(w.admin));
    assert.equal(its.body.data.employee_id, 'E-2041');
    // A long name is cut to the account's 32 characters, never through an emoji.
    const long = await w.call('POST', `${HIRES}/`, {
      ...as(w.payroll),
      body: hire({
        first_name: 'Abcdefghijklmnopqrstuvwxyz😀😀😀😀😀',
        last_name: 'Smith',
        email: `long.${unique()}@example.com`,
      }),
    });
    assert.equal(long.status, 201, long.text);
    const named = (await w.call('GET', `/auth/api/data/users/${long.body.key}`, as(w.admin))).body.data.display_name;
    assert.equal(Array.from(named).length, 31, named);
    assert.ok(!/[\ud800-\udbff]$/.test(named), 'no half of a character');
    assert.deepEqual(its.body.data.permissions, ['PAYROLL:CanUseModule', 'HR:CanUseModule']);
  });

  test('Invited by is whoever invited the hire, unless the inviter named someone else', async () => {
    // The approval list needs it: a hire invited through the form without it was stopped at "Send
    // for approval: fill in Invited by first."
    const mine = await w.call('POST', `${HIRES}/`, { ...as(onboarder), body: hire() });
    assert.equal(mine.status, 201, mine.text);
    assert.equal(mine.body.data.invited_by, onboarder.user);
    const named = await w.call('POST', `${HIRES}/`, { ...as(onboarder), body: hire({ invited_by: w.payroll.user }) });
    assert.equal(named.status, 201, named.text);
    assert.equal(named.body.data.invited_by, w.payroll.user);
  });

  test("a cancelled hire's account signs in no more; opened again, it does", async () => {
    const email = `cal.${unique()}@example.com`;
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ first_name: 'Cal', email }) });
    assert.equal(r.status, 201, r.text);
    const [mail] = (await outbox()).filter((m) => m.to === email);
    const link = new URL(/(https?:\/\/\S+\/auto-login\?\S+)/.exec(mail.text)![1]);
    const signedIn = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: link.searchParams.get('userid'), key: link.searchParams.get('key'), type: 'forgot_password' },
    });
    assert.equal(signedIn.status, 200, signedIn.text);
    const cal = { org: w.acmeOrg, token: signedIn.body.token };
    assert.equal((await w.call('GET', '/payroll/api/onboarding_checklist', cal)).status, 200);

    const status = (value: string) =>
      w.call('PATCH', `${HIRES}/${r.body.key}`, { ...as(w.payroll), body: { status: value } });
    assert.equal((await status('cancelled')).status, 200);
    assert.equal((await w.call('GET', '/payroll/api/onboarding_checklist', cal)).status, 401, 'the session ends');
    const account = async () => (await w.call('GET', `/auth/api/data/users/${r.body.key}`, as(w.admin))).body.data;
    assert.equal((await account()).status, 'blocked');
    assert.equal((await status('created')).status, 200);
    assert.equal((await account()).status, 'active', 'opened again');
  });

  test("an e-mail that belongs to an account is refused with 409 and the spec's message; nothing is written", async () => {
    const count = async () =>
      (await w.call('POST', `/payroll/api/data/find/onboarding_user`, { ...as(w.payroll), body: { limit: 500 } })).body
        .total as number;
    const hires = await count();
    const mails = (await outbox()).length;
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ email: 'EMMA@acme.example' }) });
    assert.equal(r.status, 409, r.text);
    assert.equal(r.body.message, 'An account with this email already exists.');
    assert.deepEqual(r.body.errors, [{ path: '/email', message: 'An account with this email already exists.' }]);
    assert.equal(await count(), hires, 'no hire was stored');
    assert.equal((await outbox()).length, mails, 'no invitation was sent');
  });

  test('e-mails are lower-cased, the rate rounded to 2 decimals', async () => {
    const r = await w.call('POST', `${HIRES}/`, {
      ...as(w.payroll),
      body: hire({
        email: `Ada.${unique()}@EXAMPLE.com`,
        rate: 19.999,
        onboarding_contact: { name: 'Paul', email: 'Paul.Payroll@ACME.example' },
      }),
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.email, r.body.data.email.toLowerCase());
    assert.equal(r.body.data.onboarding_contact.email, 'paul.payroll@acme.example');
    assert.equal(r.body.data.rate, 20);
    const r2 = await w.call('PATCH', `${HIRES}/${r.body.key}`, { ...as(w.payroll), body: { rate: 17.456 } });
    assert.equal(r2.status, 200, r2.text);
    assert.equal(r2.body.data.rate, 17.46);
  });

  test('field rules: e-mail, state, pay type, name lengths and the onboarding contact', async () => {
    const r = await w.call('POST', `${HIRES}/`, {
      ...as(w.payroll),
      body: hire({
        email: 'not-an-email',
        state: 'New York',
        pay_type: 'Weekly',
        first_name: 'x'.repeat(104),
        onboarding_contact: { name: 'Paul' },
      }),
    });
    assert.equal(r.status, 400);
    const paths = r.body.errors.map((e: { path: string }) => e.path).sort();
    assert.deepEqual(paths, ['/email', '/first_name', '/onboarding_contact/email', '/pay_type', '/state']);
    const msg = (p: string) => r.body.errors.find((e: { path: string }) => e.path === p).message;
    assert.equal(msg('/first_name'), 'First name may have at most 103 characters.');
    assert.equal(msg('/onboarding_contact/email'), 'The onboarding contact needs an e-mail.');
  });

  test('a name of only spaces, or of characters that show nothing, is no name', async () => {
    for (const blank of ['   ', '\u00a0\u3000', '\u200b\u200d\ufeff']) {
      const r = await w.call('POST', `${HIRES}/`, {
        ...as(w.payroll),
        body: hire({ first_name: blank, last_name: ' ' }),
      });
      assert.equal(r.status, 400, `${JSON.stringify(blank)}: ${r.text}`);
      assert.deepEqual(r.body.errors, [
        { path: '/first_name', message: 'First name is required.' },
        { path: '/last_name', message: 'Last name is required.' },
      ]);
    }
    const created = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ first_name: ' Ana ' }) });
    assert.equal(created.status, 201, created.text);
    const blanked = await w.call('PATCH', `${HIRES}/${created.body.key}`, {
      ...as(w.payroll),
      body: { last_name: '  ' },
    });
    assert.equal(blanked.status, 400, blanked.text);
    assert.deepEqual(blanked.body.errors, [{ path: '/last_name', message: 'Last name is required.' }]);
    const kept = await w.call('GET', `${HIRES}/${created.body.key}`, as(w.payroll));
    assert.equal(kept.body.data.last_name, hire().last_name, 'the refused change lost nothing');
  });

  test('pending_approval needs every field of the approval list before the move itself is judged', async () => {
    const created = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire() });
    assert.equal(created.status, 201, created.text);
    const r = await w.call('PATCH', `${HIRES}/${created.body.key}`, {
      ...as(w.payroll),
      body: { status: 'pending_approval' },
    });
    assert.equal(r.status, 400, r.text);
    const missing = r.body.errors.map((e: { path: string }) => e.path).sort();
    assert.deepEqual(missing, [
      '/department',
      '/division',
      '/employment_type',
      '/hire_date',
      '/pay_frequency',
      '/phone',
      '/ssn',
      '/time_status',
      '/title',
    ]);
    for (const e of r.body.errors) assert.equal(e.message, 'Required before the hire can be approved.');
    const complete = await w.call('PATCH', `${HIRES}/${created.body.key}`, {
      ...as(w.payroll),
      body: {
        status: 'pending_approval',
        department: 'Finance',
        division: 'East',
        employment_type: 'REGULAR',
        hire_date: 1_767_225_600,
        invited_by: w.payroll.user,
        pay_frequency: 'Bi-Weekly',
        phone: '2125551234',
        ssn: '123-45-6789',
        time_status: 'Full-Time',
        title: 'Analyst',
      },
    });
    // The list is complete: what still stops the move is the hire's own progress (hire-moves.test.ts).
    assert.equal(complete.status, 409, complete.text);
    assert.deepEqual(
      complete.body.errors.map((e: { path: string }) => e.path),
      ['/status'],
    );
  });

  test('approved and complete need the approval list too: skipping "Send for approval" does not skip it', async () => {
    // The hire screen moves a hire one step at a time, but the API takes any status: a hire missing
    // its SSN and pay details is not approved by naming a later status (schema: "Required before the
    // hire can be approved.").
    for (const status of ['approved', 'complete']) {
      const created = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire() });
      assert.equal(created.status, 201, created.text);
      const r = await w.call('PATCH', `${HIRES}/${created.body.key}`, { ...as(w.payroll), body: { status } });
      assert.equal(r.status, 400, `${status}: ${r.text}`);
      const paths = r.body.errors.map((e: { path: string }) => e.path);
      assert.ok(paths.includes('/ssn') && paths.includes('/pay_frequency'), `${status}: ${r.text}`);
      for (const e of r.body.errors) assert.equal(e.message, 'Required before the hire can be approved.');
      const read = await w.call('GET', `${HIRES}/${created.body.key}`, as(w.payroll));
      assert.equal(read.body.data.status, 'invited', `${status}: not moved`);
    }
  });
});

describe('the history section', () => {
  test('only PAYROLL:CanManageUserPayrollData sees the activity log (records, meta, search)', async () => {
    const r = await w.call('POST', `${HIRES}/`, { ...as(onboarder), body: hire() });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.status, 'invited');
    assert.equal(r.body.data.activity_log, undefined, 'not answered to the onboarder');
    const read = await w.call('GET', `${HIRES}/${r.body.key}`, as(onboarder));
    assert.equal(read.status, 200);
    assert.equal(read.body.data.activity_log, undefined);
    const meta = await w.call('GET', '/payroll/api/data/meta/onboarding_user', as(onboarder));
    assert.ok(meta.body.hidden.includes('activity_log'), 'not on the form (its definition only, named in hidden)');
    assert.ok(!meta.body.sections.some((s: { title: string }) => s.title === 'History'));
    const search = await w.call('POST', '/payroll/api/data/find/onboarding_user', {
      ...as(onboarder),
      body: { criteria: [{ field: 'activity_log.action', is: '=', value: 'invited' }] },
    });
    assert.equal(search.status, 400);

    // The payroll manager sees it, with the onboarder as the inviter; the onboarder's save keeps it.
    const seen = await w.call('GET', `${HIRES}/${r.body.key}`, as(w.payroll));
    assert.equal(seen.body.data.activity_log[0].user, onboarder.user);
    const metaP = await w.call('GET', '/payroll/api/data/meta/onboarding_user', as(w.payroll));
    assert.ok(metaP.body.schema.properties.activity_log);
    assert.ok(!metaP.body.hidden.includes('activity_log'));
    assert.ok(metaP.body.sections.some((s: { title: string }) => s.title === 'History'));
    const save = await w.call('POST', `${HIRES}/${r.body.key}`, {
      ...as(onboarder),
      body: { ...read.body.data, title: 'Clerk' },
    });
    assert.equal(save.status, 200, save.text);
    const after = await w.call('GET', `${HIRES}/${r.body.key}`, as(w.payroll));
    assert.deepEqual(after.body.data.activity_log, seen.body.data.activity_log);
  });

  test('an employee may not create or read hires', async () => {
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.emma), body: hire() });
    assert.equal(r.status, 403);
  });
});

describe('an invitation that cannot be sent', () => {
  test('the hire is kept with status error and an invite_failed entry after the invited one', async () => {
    const file = path.join(w.server.dataDir, 'outbox.jsonl');
    const kept = `${file}.kept`;
    await rename(file, kept).catch(() => {});
    // A folder where the outbox file should be: the transport's append fails.
    await mkdir(file);
    try {
      const body = hire();
      const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body });
      assert.equal(r.status, 201, r.text);
      assert.equal(r.body.data.status, 'error');
      const log = r.body.data.activity_log;
      assert.deepEqual(
        log.map((e: { action: string }) => e.action),
        ['account_made', 'invited', 'invite_failed'],
      );
      assert.equal(log[2].message, `The invitation to ${body.email} could not be sent.`);
      const read = await w.call('GET', `${HIRES}/${r.body.key}`, as(w.payroll));
      assert.equal(read.body.data.status, 'error');
      assert.equal(read.body.meta.version, 2);
      failed = { key: r.body.key, email: String(body.email).toLowerCase() };
    } finally {
      await rm(file, { recursive: true, force: true });
      await rename(kept, file).catch(() => {});
    }
  });

  test('Resend invitation sends it again: the failed hire is invited again and its history says so', async () => {
    const resend = (who: Session, hire_id: string) =>
      w.call('POST', '/payroll/api/resend_hire_invitation', { ...as(who), body: { hire_id } });
    assert.equal((await resend(w.emma, failed.key)).status, 403, 'not an employee');
    const r = await resend(onboarder, failed.key);
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, { message: `Invitation sent to ${failed.email}.`, email: failed.email });
    assert.equal((await outbox()).filter((m) => m.to === failed.email).length, 1, 'sent this time');
    const read = await w.call('GET', `${HIRES}/${failed.key}`, as(w.payroll));
    assert.equal(read.body.data.status, 'invited', 'sent this time: invited');
    assert.deepEqual(
      read.body.data.activity_log.map((e: { action: string; message: string }) => [e.action, e.message]).slice(-1),
      [['invited', `Invitation sent again to ${failed.email}.`]],
    );
    assert.equal((await resend(w.payroll, crypto.randomUUID())).status, 404);
    const bad = await resend(w.payroll, 'nope');
    assert.deepEqual(
      [bad.status, bad.body.errors],
      [400, [{ path: '/hire_id', message: 'Must be a 36-character hire key' }]],
    );
  });
});

test("a hire's e-mail stays its account's; Resend sends the sign-in link to that e-mail only", async () => {
  const email = `rae.${unique()}@example.com`;
  const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ first_name: 'Rae', email }) });
  assert.equal(r.status, 201, r.text);
  const elsewhere = `someone.${unique()}@evil.example`;
  const moved = await w.call('PATCH', `${HIRES}/${r.body.key}`, { ...as(w.payroll), body: { email: elsewhere } });
  assert.equal(moved.status, 400, moved.text);
  assert.deepEqual(moved.body.errors, [
    {
      path: '/email',
      message:
        "The hire's account was made with this e-mail and keeps it: to invite another address, cancel this hire and invite that address.",
    },
  ]);
  const resend = () =>
    w.call('POST', '/payroll/api/resend_hire_invitation', { ...as(w.payroll), body: { hire_id: r.body.key } });
  const soon = await resend();
  assert.equal(soon.status, 409, 'one invitation a minute (here 2 s)');
  assert.match(soon.body.message, /less than 2 seconds ago/);
  await new Promise((done) => setTimeout(done, 2100));
  const sent = await resend();
  assert.equal(sent.status, 200, sent.text);
  assert.equal(sent.body.email, email);
  assert.equal((await outbox()).filter((m) => m.to === elsewhere).length, 0, 'nothing to the address on the hire');
  const mails = (await outbox()).filter((m) => m.to === email);
  assert.equal(mails.length, 2, 'the first invitation and this one');
  // Only the newest link signs in: each invitation spends the ones before it.
  const login = (mail: { text: string }) => {
    const link = new URL(/(https?:\/\/\S+\/auto-login\?\S+)/.exec(mail.text)![1]);
    return w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: link.searchParams.get('userid'), key: link.searchParams.get('key'), type: 'forgot_password' },
    });
  };
  assert.equal((await login(mails[0])).status, 401, 'the first link is spent');
  assert.equal((await login(mails[1])).status, 200, 'the new one signs in');
});

test("a hire's status is no way round the rules on accounts: only the account the hire made, one the caller may act on", async () => {
  const users = '/auth/api/data/users';
  const statusOf = async (key: string) => (await w.call('GET', `${users}/${key}`, as(w.admin))).body.data.status;
  const setHire = (key: string, status: string) =>
    w.call('PATCH', `${HIRES}/${key}`, { ...as(onboarder), body: { status } });
  // Emma's hire did not make her account (the demo's): blocked by the admin, she stays blocked.
  assert.equal(
    (await w.call('PATCH', `${users}/${w.emma.user}`, { ...as(w.admin), body: { status: 'blocked' } })).status,
    200,
  );
  assert.equal((await setHire(w.emma.user, 'cancelled')).status, 200);
  assert.equal((await setHire(w.emma.user, 'created')).status, 200, 'opened again');
  assert.equal(await statusOf(w.emma.user), 'blocked', 'not reopened through a hire');
  await w.call('PATCH', `${users}/${w.emma.user}`, { ...as(w.admin), body: { status: 'active' } });
  // A hire's account the admin has since made a user manager: the onboarding manager may not block it.
  const boss = await w.call('POST', `${HIRES}/`, {
    ...as(w.payroll),
    body: hire({ email: `boss.${unique()}@example.com` }),
  });
  const promoted = await w.call('PATCH', `${users}/${boss.body.key}`, {
    ...as(w.admin),
    body: { permissions: ['PAYROLL:CanUseModule', 'AUTH:CanManageUsers'] },
  });
  assert.equal(promoted.status, 200, promoted.text);
  assert.equal((await setHire(boss.body.key, 'cancelled')).status, 200);
  assert.equal(await statusOf(boss.body.key), 'active', 'an account holding more than the caller');
  // A hire deleted is called off: the account it made signs in no more.
  const gone = await w.call('POST', `${HIRES}/`, {
    ...as(w.payroll),
    body: hire({ email: `gone.${unique()}@example.com` }),
  });
  assert.equal((await w.call('DELETE', `${HIRES}/${gone.body.key}`, as(w.admin))).status, 204);
  assert.equal(await statusOf(gone.body.key), 'blocked');
});

test("a hire's I-9 is due by the hire date until a payroll record exists, and waits for the employer", async () => {
  const DAY = 86400;
  const hired = Math.floor(Date.now() / 1000 / DAY) * DAY - 2 * DAY;
  const r = await w.call('POST', `${HIRES}/`, {
    ...as(w.payroll),
    body: hire({ first_name: 'Nia', email: `nia.${unique()}@example.com`, hire_date: hired }),
  });
  assert.equal(r.status, 201, r.text);
  const [mail] = (await outbox()).filter((m) => m.to === r.body.data.email);
  const link = new URL(/(https?:\/\/\S+\/auto-login\?\S+)/.exec(mail.text)![1]);
  const nia = await w.call('POST', '/auth/api/login', {
    org: w.acmeOrg,
    body: { userid: link.searchParams.get('userid'), key: link.searchParams.get('key'), type: 'forgot_password' },
  });
  assert.equal(nia.status, 200, nia.text);
  const section1 = await w.call('POST', `/payroll/api/data/my_i9/${r.body.key}`, {
    org: w.acmeOrg,
    token: nia.body.token,
    body: {
      work_auth_status: 'Citizen of the United States',
      employee_signature: { name: 'Nia Hopper', font: 'font1', timestamp: 1 },
    },
  });
  assert.equal(section1.status, 200, section1.text);
  const i9 = (await w.call('GET', `/payroll/api/data/i9/${r.body.key}`, as(w.payroll))).body.data;
  assert.equal(i9.section1_due, hired, 'Section 1 by the first day: the hire date');
  assert.ok(i9.section2_due > hired && i9.next_due === i9.section2_due, JSON.stringify(i9));
  const pipeline = await w.call('GET', '/payroll/api/onboarding_pipeline', as(w.payroll));
  const waiting = pipeline.body.awaiting_employer.find((a: { user_key: string }) => a.user_key === r.body.key);
  assert.equal(waiting?.task, 'Form I-9, Section 2', pipeline.text.slice(0, 500));
  assert.equal(waiting.due, i9.section2_due);
});

let failed = { key: '', email: '' };
