/**
 * A hire's status moves (docs/decisions.md, "A hire's status") held by the server, not only by the
 * hire screen's buttons: the statuses the server sets are never a client's, no step is skipped, a
 * complete hire stays complete, Approve and Mark complete are for those who manage payroll data,
 * and each step waits for the hire's onboarding (the checklist the pipeline shows): the hire's own
 * forms for Send for approval and Approve, I-9 Section 2 too for Mark complete. Tried on the demo's
 * story (server/demo-journeys.ts): Sam signed everything and waits for Section 2, Wes must sign his
 * W-4 again, Pat waits for approval without an account.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, onboardingManager, type DemoWorld, type Session } from '../helpers/demo.ts';

let w: DemoWorld;
let onboarder: Session;
let sam: Session;
let wes: Session;
let carla: Session;
beforeAll(async () => {
  w = await demoWorld();
  onboarder = await onboardingManager(w);
  sam = await w.login(w.acmeOrg, 'sam@acme.example', 'demo-section2-pass');
  wes = await w.login(w.acmeOrg, 'wes@acme.example', 'demo-resign-pass');
  carla = await w.login(w.acmeOrg, 'carla@acme.example', 'demo-complete-pass');
});
afterAll(async () => {
  await w.server.stop();
});

const HIRES = '/payroll/api/data/onboarding_user';
const unique = () => crypto.randomUUID().slice(0, 8);
let serial = 0;
/** A hire with every field of the approval list, so that only the move itself is judged (its own SSN: one per hire). */
const fullHire = () => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: `ada.${unique()}@example.com`,
  division: 'East',
  department: 'Finance',
  employment_type: 'REGULAR',
  state: 'NY',
  hire_date: 1_767_225_600,
  invited_by: w.payroll.user,
  phone: '2125551234',
  pay_frequency: 'Bi-Weekly',
  pay_type: 'Hourly',
  rate: 21.5,
  ssn: `123-45-${String(7000 + serial++)}`,
  title: 'Analyst',
  time_status: 'Full-Time',
});
const move = (who: Session, key: string, status: string) =>
  w.call('PATCH', `${HIRES}/${key}`, { ...as(who), body: { status } });
const statusOf = async (key: string) => (await w.call('GET', `${HIRES}/${key}`, as(w.payroll))).body.data.status;
/** The employer's next step with a hire, as the pipeline offers it to `who`. */
const nextOf = async (who: Session, key: string) => {
  const r = await w.call('GET', '/payroll/api/onboarding_pipeline', as(who));
  assert.equal(r.status, 200, r.text);
  const hire = (r.body.hires as { key: string; next?: { label: string; to?: string } }[]).find((h) => h.key === key);
  assert.ok(hire, `the pipeline lists ${key}`);
  return hire.next;
};
const refusedAt = (r: { status: number; text: string; body: { errors?: { path: string; message: string }[] } }) => {
  assert.ok(r.status === 409 || r.status === 403, r.text);
  const e = r.body.errors?.find((x) => x.path === '/status');
  assert.ok(e, r.text);
  return e.message;
};

describe('the moves a client may make', () => {
  test("invited, started and error are the server's: a PATCH or a whole save naming them is refused", async () => {
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: fullHire() });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.data.status, 'invited');
    for (const status of ['started', 'error']) {
      const m = refusedAt(await move(w.payroll, r.body.key, status));
      assert.match(m, /set by the server/);
      assert.equal(await statusOf(r.body.key), 'invited', status);
    }
    const saved = await w.call('POST', `${HIRES}/${r.body.key}`, {
      ...as(w.admin),
      body: { ...r.body.data, status: 'started' },
    });
    assert.match(refusedAt(saved), /set by the server/);
    // Back to created is Open hire again, of a cancelled hire only.
    assert.match(refusedAt(await move(w.payroll, r.body.key, 'created')), /cancelled hire/);
    assert.equal(await statusOf(r.body.key), 'invited');
  });

  test('no step is skipped: an invited hire is not approved or completed by naming the status', async () => {
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: fullHire() });
    for (const status of ['pending_approval', 'approved', 'complete']) {
      refusedAt(await move(w.admin, r.body.key, status));
      assert.equal(await statusOf(r.body.key), 'invited', status);
    }
  });

  test('a cancelled hire is not completed; opened again it is where it was; a complete hire moves no more', async () => {
    const r = await w.call('POST', `${HIRES}/`, { ...as(w.payroll), body: fullHire() });
    assert.equal((await move(w.payroll, r.body.key, 'cancelled')).status, 200);
    for (const status of ['complete', 'approved', 'pending_approval', 'invited']) {
      refusedAt(await move(w.admin, r.body.key, status));
      assert.equal(await statusOf(r.body.key), 'cancelled', status);
    }
    const opened = await move(w.payroll, r.body.key, 'created');
    assert.equal(opened.status, 200, opened.text);
    assert.equal(opened.body.data.status, 'invited', 'opened again where it was: its invitation went out');
    // Carla's hire is complete.
    for (const status of ['cancelled', 'approved', 'created']) {
      assert.match(refusedAt(await move(w.admin, carla.user, status)), /complete/);
    }
    assert.equal(await statusOf(carla.user), 'complete');
  });

  test('the hire, another employee and another company change no hire', async () => {
    for (const who of [sam, wes]) {
      const r = await w.call('PATCH', `${HIRES}/${sam.user}`, {
        ...as(who),
        body: { status: 'complete', rate: 999, pay_type: 'Salary', title: 'Boss' },
      });
      assert.equal(r.status, 403, r.text);
    }
    const other = await w.call('PATCH', `${HIRES}/${sam.user}`, { ...as(w.staff), body: { status: 'complete' } });
    assert.ok(other.status === 404 || other.status === 403, other.text);
    const hire = (await w.call('GET', `${HIRES}/${sam.user}`, as(w.payroll))).body.data;
    assert.equal(hire.status, 'started');
    assert.notEqual(hire.title, 'Boss');
  });
});

describe("each step waits for the hire's onboarding", () => {
  test('Send for approval names the forms the hire has not signed (Wes: his W-4 to sign again)', async () => {
    const m = refusedAt(await move(w.payroll, wes.user, 'pending_approval'));
    assert.equal(
      m,
      "Send for approval: the hire's onboarding is not done. Still to do: Federal tax withholding (Form W-4).",
    );
    assert.equal(await statusOf(wes.user), 'started');
  });

  test('the pipeline says why a hire is in error, and offers no step while forms are missing (Wes)', async () => {
    const found = await w.call('POST', '/payroll/api/data/find/onboarding_user', {
      ...as(w.payroll),
      body: { criteria: [{ field: 'status', is: '=', value: 'error' }] },
    });
    const eve = (found.body.items as { key: string }[] | undefined)?.[0];
    assert.ok(eve, `the demo has a hire in error: ${found.text}`);
    assert.deepEqual(await nextOf(w.payroll, eve.key), {
      label: 'The invitation could not be sent: check the e-mail address, then resend the invitation.',
    });
    assert.equal(await nextOf(w.payroll, wes.user), undefined);
  });

  test('Approve of a hire without an account (Pat) says none of their forms is done', async () => {
    const pat = (
      await w.call('POST', '/payroll/api/data/find/onboarding_user', {
        ...as(w.payroll),
        body: { criteria: [{ field: 'email', is: '=', value: 'pat@acme.example' }] },
      })
    ).body.items[0];
    assert.equal(pat?.data.status, 'pending_approval', 'the demo has Pat pending approval');
    assert.match(refusedAt(await move(w.payroll, pat.key, 'approved')), /^Approve: the hire has no account yet/);
    assert.equal(await statusOf(pat.key), 'pending_approval');
  });

  test('Sam: sent for approval by the onboarder, approved by payroll only, complete once Section 2 is signed', async () => {
    // The pipeline offers each step to whoever may take it, once the hire's forms are done.
    assert.deepEqual(await nextOf(onboarder, sam.user), {
      label: 'Send for approval',
      to: 'pending_approval',
      done: 'Sent for approval.',
    });
    const sent = await move(onboarder, sam.user, 'pending_approval');
    assert.equal(sent.status, 200, sent.text);
    const byOnboarder = await move(onboarder, sam.user, 'approved');
    assert.equal(byOnboarder.status, 403, byOnboarder.text);
    assert.match(refusedAt(byOnboarder), /^Approve: only those who manage payroll data/);
    assert.equal(await statusOf(sam.user), 'pending_approval');
    assert.deepEqual(await nextOf(onboarder, sam.user), { label: 'Waiting for payroll to approve.' });
    assert.deepEqual(await nextOf(w.payroll, sam.user), { label: 'Approve', to: 'approved', done: 'Approved.' });
    const approved = await move(w.payroll, sam.user, 'approved');
    assert.equal(approved.status, 200, approved.text);
    // Section 2 is what is missing now, and the pipeline lists it rather than a step.
    assert.equal(await nextOf(w.payroll, sam.user), undefined);
    assert.equal(
      refusedAt(await move(w.payroll, sam.user, 'complete')),
      "Mark complete: the hire's onboarding is not done. Still to do: Form I-9, Section 2.",
    );
    assert.equal(await statusOf(sam.user), 'approved');
    const section2 = await w.call('PATCH', `/payroll/api/data/i9/${sam.user}`, {
      ...as(w.payroll),
      body: {
        documentation: [{ document_type: 'us_passport', list: 'A', title: 'U.S. Passport', issuing_authority: 'DOS' }],
        first_day: 1_767_225_600,
        employer_or_representative: 'Paula Payroll',
        employer_address: { address1: '1 Main St', city: 'Austin', state: 'TX', postal_code: '78701' },
        employer_signature: { name: 'Paula Payroll', font: 'font1', timestamp: 1 },
      },
    });
    assert.equal(section2.status, 200, section2.text);
    assert.deepEqual(await nextOf(w.payroll, sam.user), {
      label: 'Mark complete',
      to: 'complete',
      done: 'Marked complete.',
    });
    const complete = await move(w.payroll, sam.user, 'complete');
    assert.equal(complete.status, 200, complete.text);
    assert.equal(await statusOf(sam.user), 'complete');
    // The hire's history says who took each step.
    const log = (await w.call('GET', `${HIRES}/${sam.user}`, as(w.payroll))).body.data.activity_log as {
      action: string;
      user: string;
      message: string;
    }[];
    assert.deepEqual(
      log.slice(-3).map((e) => [e.action, e.user, e.message]),
      [
        ['pending_approval', onboarder.user, 'Sent for approval.'],
        ['approved', w.payroll.user, 'Approved.'],
        ['complete', w.payroll.user, 'Marked complete.'],
      ],
    );
  });
});

test("an approved hire's pay is changed only by those who approve it", async () => {
  // Carla's hire is complete: approving settled her pay; an onboarding-only manager does not change it after.
  for (const change of [{ rate: 99 }, { pay_type: 'Salary' }, { pay_frequency: 'Weekly' }]) {
    const r = await w.call('PATCH', `${HIRES}/${carla.user}`, { ...as(onboarder), body: change });
    assert.equal(r.status, 403, r.text);
    const field = Object.keys(change)[0];
    assert.deepEqual(r.body.errors, [
      { path: `/${field}`, message: "Only those who manage payroll data change an approved hire's pay." },
    ]);
  }
  const stored = (await w.call('GET', `${HIRES}/${carla.user}`, as(w.payroll))).body.data;
  assert.equal(stored.rate, 21.5);
  // Their other fields stay theirs to correct, and payroll may change the pay.
  assert.equal(
    (await w.call('PATCH', `${HIRES}/${carla.user}`, { ...as(onboarder), body: { notes: 'Badge 12' } })).status,
    200,
  );
  const byPayroll = await w.call('PATCH', `${HIRES}/${carla.user}`, { ...as(w.payroll), body: { rate: 22.25 } });
  assert.equal(byPayroll.status, 200, byPayroll.text);
  assert.equal(byPayroll.body.data.rate, 22.25);
});

test('a hire cancelled by mistake and opened again is where its onboarding is, not stuck before Send for approval', async () => {
  // Wes has saved his forms: opened again, he is started, and the employer's steps go on from there.
  assert.equal((await move(w.payroll, wes.user, 'cancelled')).status, 200);
  const opened = await move(w.payroll, wes.user, 'created');
  assert.equal(opened.status, 200, opened.text);
  assert.equal(opened.body.data.status, 'started');
  const log = opened.body.data.activity_log as { action: string; message: string }[];
  assert.equal(log.at(-1)?.message, 'Hire opened again.');
  assert.match(refusedAt(await move(w.payroll, wes.user, 'pending_approval')), /Still to do: Federal tax withholding/);
});
