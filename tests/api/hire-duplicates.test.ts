/**
 * One person, one hire: a new hire may not take the e-mail address of another hire of the company,
 * though that hire has no account yet (spec/001 section 5 refuses an e-mail that belongs to an
 * account; a hire not invited yet holds its e-mail too), nor another hire's Social Security number.
 * Each is refused at its field (409) with a message that names no one, and nothing is written. A
 * hire saved back keeps its own values; a hire deleted, or removed with its user, frees them.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, sudoInto, type DemoWorld, type Session } from '../helpers/demo.ts';
import { readOutbox } from '../helpers/outbox.ts';
import { SSNS } from '../../server/demo-journeys.ts';

const HIRES = '/payroll/api/data/onboarding_user';
const HIRE_EMAIL = 'Another hire already has this e-mail address: open that hire instead of adding a new one.';
const HIRE_SSN =
  "Another hire already has this Social Security number: check the number, or open that person's existing hire.";

const OWN_SSN_TAKEN =
  "This SSN is on file for another person: check the number, and if it is right, ask your employer's payroll contact.";

let w: DemoWorld;
let superuser: Session;
beforeAll(async () => {
  w = await demoWorld();
  superuser = await sudoInto(w, w.staff, w.acmeOrg);
});
afterAll(async () => {
  await w.server.stop();
});

let serial = 0;
/** An SSN no one of the demo holds (area 5xx, group 77). */
const freshSsn = () => `5${String(10 + serial).padStart(2, '0')}-77-${String(1000 + serial++).padStart(4, '0')}`;
const hire = (over: Record<string, unknown> = {}) => ({
  first_name: 'Grace',
  last_name: 'Hopper',
  email: `grace.${crypto.randomUUID().slice(0, 8)}@example.com`,
  state: 'NY',
  pay_type: 'Hourly',
  rate: 21.5,
  ssn: freshSsn(),
  ...over,
});

async function hiresWithEmail(email: string) {
  const r = await w.call('POST', `/payroll/api/data/find/onboarding_user`, {
    ...as(w.payroll),
    body: { criteria: [{ field: 'email', is: '=', value: email }] },
  });
  assert.equal(r.status, 200, r.text);
  return r.body.items as { key: string; data: Record<string, any> }[];
}

describe('a hire e-mail', () => {
  test("the e-mail of a hire not invited yet (no account) is refused for a new hire, in any case, and the first hire's invitation is untouched", async () => {
    const [hank] = await hiresWithEmail('hank@acme.example');
    assert.equal(hank.data.status, 'created', 'the demo hire Hank has not been invited: no account holds his e-mail');
    const sent = (await readOutbox(w.server.dataDir)).length;
    for (const email of ['hank@acme.example', 'Hank@Acme.Example']) {
      const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ email, first_name: 'Henry' }) });
      assert.equal(r.status, 409, r.text);
      assert.deepEqual(r.body.errors, [{ path: '/email', message: HIRE_EMAIL }]);
    }
    assert.equal((await hiresWithEmail('hank@acme.example')).length, 1, 'no second hire');
    assert.equal((await readOutbox(w.server.dataDir)).length, sent, 'no invitation sent');
    // Hank's own hire is saved as before, and invited with his e-mail.
    const saved = await w.call('PATCH', `${HIRES}/${hank.key}`, { ...as(w.payroll), body: { title: 'Picker' } });
    assert.equal(saved.status, 200, saved.text);
  });

  test('an e-mail that belongs to an account keeps the spec message', async () => {
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ email: 'carla@acme.example' }) });
    assert.equal(r.status, 409, r.text);
    assert.deepEqual(r.body.errors, [{ path: '/email', message: 'An account with this email already exists.' }]);
  });
});

describe('a hire SSN', () => {
  test("another hire's SSN is refused at /ssn without naming that hire; the hire's own is kept on a save, and freed when it changes", async () => {
    const ssn = freshSsn();
    const first = await w.call('POST', `${HIRES}/`, {
      ...as(w.payroll),
      body: hire({ ssn, first_name: 'Ada', last_name: 'Lovelace' }),
    });
    assert.equal(first.status, 201, first.text);
    const second = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ ssn, first_name: 'Alan' }) });
    assert.equal(second.status, 409, second.text);
    assert.deepEqual(second.body.errors, [{ path: '/ssn', message: HIRE_SSN }]);
    for (const told of ['Ada', 'Lovelace', first.body.data.email, first.body.key]) {
      assert.ok(!second.text.includes(told), `the refusal does not name the other hire (${told})`);
    }
    // The first hire saved back with its masked SSN, and saved with its SSN typed again: its own.
    const back = await w.call('POST', `${HIRES}/${first.body.key}`, {
      ...as(w.payroll),
      body: { ...first.body.data, title: 'Analyst' },
    });
    assert.equal(back.status, 200, back.text);
    const typed = await w.call('PATCH', `${HIRES}/${first.body.key}`, { ...as(w.payroll), body: { ssn } });
    assert.equal(typed.status, 200, typed.text);
    // Corrected to another number, the first is free for the hire that holds it.
    const fixed = await w.call('PATCH', `${HIRES}/${first.body.key}`, { ...as(w.payroll), body: { ssn: freshSsn() } });
    assert.equal(fixed.status, 200, fixed.text);
    const now = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ ssn, first_name: 'Alan' }) });
    assert.equal(now.status, 201, now.text);
  });

  test("a demo hire's SSN is held as well", async () => {
    // Sam's, on his hire as on his employee record.
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ ssn: SSNS.sam }) });
    assert.equal(r.status, 409, r.text);
    assert.deepEqual(r.body.errors, [{ path: '/ssn', message: HIRE_SSN }]);
  });
});

describe('a hire giving their own SSN', () => {
  test("is refused another hire's SSN at /ssn in words for them, their hire left without one", async () => {
    const taken = freshSsn();
    assert.equal((await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ ssn: taken }) })).status, 201);
    const { ssn: _none, ...without } = hire();
    const made = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: without });
    assert.equal(made.status, 201, made.text);
    const mail = (await readOutbox(w.server.dataDir)).filter((m) => m.to === without.email).pop()!;
    const link = new URL(/(https?:\/\/\S+\/auto-login\?\S+)/.exec(mail.text)![1]);
    const login = await w.call('POST', '/auth/api/login', {
      org: w.acmeOrg,
      body: { userid: link.searchParams.get('userid'), key: link.searchParams.get('key'), type: 'forgot_password' },
    });
    assert.equal(login.status, 200, login.text);
    const given = await w.call('POST', '/payroll/api/my_ssn', {
      org: w.acmeOrg,
      token: login.body.token,
      body: { ssn: taken },
    });
    assert.equal(given.status, 409, given.text);
    // Told as the person giving their own number, not as the employer.
    assert.deepEqual(given.body.errors, [{ path: '/ssn', message: OWN_SSN_TAKEN }]);
    const after = await w.call('GET', `${HIRES}/${made.body.key}`, as(w.payroll));
    assert.equal(after.body.data.ssn, undefined);
  });
});

describe('freed', () => {
  test('a hire deleted frees its SSN; deleting the user the hire made frees its e-mail and SSN too', async () => {
    const first = hire();
    const made = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: first });
    assert.equal(made.status, 201, made.text);
    assert.equal((await w.call('DELETE', `${HIRES}/${made.body.key}`, as(w.admin))).status, 204);
    // The invitation made an account, which still holds the e-mail; the SSN is free.
    const sameEmail = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ email: first.email }) });
    assert.equal(sameEmail.status, 409, sameEmail.text);
    assert.deepEqual(sameEmail.body.errors, [
      { path: '/email', message: 'An account with this email already exists.' },
    ]);
    const again = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: hire({ ssn: first.ssn }) });
    assert.equal(again.status, 201, again.text);

    // A hire whose user is deleted goes with the user: its e-mail and SSN are free again.
    const second = hire();
    assert.equal((await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: second })).status, 201);
    const user = await w.call('POST', '/auth/api/data/find/users', {
      ...as(w.admin),
      body: { criteria: [{ field: 'email', is: '=', value: second.email }] },
    });
    assert.equal(user.body.items.length, 1, user.text);
    const gone = await w.call('POST', '/auth/api/delete_user', {
      ...as(superuser),
      body: { user_id: user.body.items[0].key, confirm_name: user.body.items[0].data.display_name },
    });
    assert.equal(gone.status, 200, gone.text);
    const third = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: { ...second, first_name: 'Third' } });
    assert.equal(third.status, 201, third.text);
  });
});
