/**
 * Who hears of a PTO request (docs/pto.md): the employee's approver when she asks, changes what she
 * asks or withdraws it; the employee when it is decided or removed by someone else; nobody else, and
 * nothing a bystander of the e-mail should read (her reason).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany, sudoInto } from '../helpers/hardening.ts';
import { ptoPerson, ptoPlan } from '../helpers/pto.ts';
import { outboxSize, readOutbox, waitForMail } from '../helpers/outbox.ts';

const REQUESTS = '/time/api/data/pto_request';
let w: DemoWorld;
let manager: Session;
let nina: Session;
let alma: string;
let plan: string;
/** A day is asked once (docs/pto.md): each request is for March 1 and 2 of the next year. */
let year = 2026;
const march = (day: number) => Date.UTC(year, 2, day) / 1000;

/** A manager of the company who is not an employee (the approver): their key. */
async function approver(email: string, name: string): Promise<string> {
  const u = await w.call('POST', '/auth/api/data/users/', {
    ...as(manager),
    body: {
      email,
      display_name: name,
      status: 'active',
      permissions: ['TIME:CanUseModule', 'TIME:CanUsePTO'],
      is_employee: false,
    },
  });
  assert.equal(u.status, 201, u.text);
  return u.body.key;
}

const enrol = (body: Record<string, unknown>) =>
  w.call('PATCH', `/time/api/data/pto_employee/${nina.user}`, { ...as(manager), body });

async function ask(reason = 'Private matter'): Promise<string> {
  year += 1;
  const r = await w.call('POST', `${REQUESTS}/`, {
    ...as(nina),
    body: { user_id: nina.user, plan_id: plan, start_date: march(1), end_date: march(2), hours: 16, reason },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/** The messages sent since `since`, after the answer's own delivery. */
async function sentSince(since: number) {
  return (await readOutbox(w.server.dataDir)).slice(since);
}

beforeAll(async () => {
  w = await demoWorld();
  const org = await createCompany(w, 'Notice Co', 'notice.dform.app', ['auth', 'payroll', 'time']);
  manager = await sudoInto(w, w.staff, org);
  alma = await approver('alma@notice.example', 'Alma Approver');
  nina = await ptoPerson(w, manager, 'nina@notice.example', 'Nina Newhire', 'nina-pass-1');
  plan = await ptoPlan(w, manager, 'Vacation');
  const credit = await w.call('POST', '/time/api/data/pto_register/', {
    ...as(manager),
    body: {
      user_id: nina.user,
      plan_id: plan,
      action: 'credit',
      type: 'manual_adjustment',
      hours: 80,
      effective_date: Date.UTC(2026, 11, 1) / 1000,
    },
  });
  assert.equal(credit.status, 201, credit.text);
});
afterAll(async () => {
  await w.server.stop();
});

test('her approver hears of a request: who, what and when, with a link to decide; not her reason', async () => {
  assert.equal((await enrol({ status: 'active', plan_ids: [plan], approver_id: alma })).status, 200);
  const since = await outboxSize(w.server.dataDir);
  await ask('Hospital appointment');
  const mail = await waitForMail(w.server.dataDir, (m) => m.to === 'alma@notice.example', { since });
  expect(mail.subject).toBe('Notice Co: Nina Newhire asks for time off');
  expect(mail.text).toContain(`Nina Newhire asks for 16 hours of Vacation, Mar 1, ${year} to Mar 2, ${year}.`);
  expect(mail.text).toMatch(/Decide on the request: https?:\/\/notice\.dform\.app(:\d+)?\/pto\/admin\/dash$/);
  expect(mail.text).not.toContain('Hospital');
  expect((await sentSince(since)).map((m) => m.to)).toEqual(['alma@notice.example']);
});

test('she hears of the decision, approved or denied; the approver does not hear of her own decision', async () => {
  const key = await ask();
  let since = await outboxSize(w.server.dataDir);
  const approved = await w.call('PATCH', `${REQUESTS}/${key}`, { ...as(manager), body: { status: 'approved' } });
  assert.equal(approved.status, 200, approved.text);
  const mail = await waitForMail(w.server.dataDir, (m) => m.to === 'nina@notice.example', { since });
  expect(mail.subject).toBe('Notice Co: your time off was approved');
  expect(mail.text).toContain(`Your request for 16 hours of Vacation, Mar 1, ${year} to Mar 2, ${year} was approved.`);
  expect(mail.text).toContain(`/time/pto_request/view/${key}`);
  expect((await sentSince(since)).map((m) => m.to)).toEqual(['nina@notice.example']);

  since = await outboxSize(w.server.dataDir);
  const denied = await w.call('PATCH', `${REQUESTS}/${key}`, { ...as(manager), body: { status: 'denied' } });
  assert.equal(denied.status, 200, denied.text);
  const no = await waitForMail(w.server.dataDir, (m) => m.to === 'nina@notice.example', { since });
  expect(no.subject).toBe('Notice Co: your time off was denied');
});

test('a reason changed tells no one', async () => {
  const key = await ask();
  const since = await outboxSize(w.server.dataDir);
  const reason = await w.call('PATCH', `${REQUESTS}/${key}`, { ...as(nina), body: { reason: 'Other' } });
  assert.equal(reason.status, 200, reason.text);
  // A request asked right after is the next message: nothing came in between.
  await ask();
  const next = await waitForMail(w.server.dataDir, () => true, { since });
  expect(next.subject).toBe('Notice Co: Nina Newhire asks for time off');
  expect(await sentSince(since)).toHaveLength(1);
});

test('her approver hears of other days or hours asked while it waits, with what it was before', async () => {
  const key = await ask();
  const since = await outboxSize(w.server.dataDir);
  const moved = await w.call('PATCH', `${REQUESTS}/${key}`, {
    ...as(nina),
    body: { start_date: march(2), end_date: march(2), hours: 8 },
  });
  assert.equal(moved.status, 200, moved.text);
  const mail = await waitForMail(w.server.dataDir, (m) => m.to === 'alma@notice.example', { since });
  expect(mail.subject).toBe('Notice Co: Nina Newhire changed a request for time off');
  expect(mail.text).toContain(`Nina Newhire now asks for 8 hours of Vacation, Mar 2, ${year}.`);
  expect(mail.text).toContain(`Before, the request was for 16 hours of Vacation, Mar 1, ${year} to Mar 2, ${year}.`);
  expect((await sentSince(since)).map((m) => m.to)).toEqual(['alma@notice.example']);
});

test('her approver hears that she withdrew a request; she hears that her manager removed one', async () => {
  const mine = await ask();
  let since = await outboxSize(w.server.dataDir);
  const gone = await w.call('DELETE', `${REQUESTS}/${mine}`, as(nina));
  assert.equal(gone.status, 204, gone.text);
  const withdrawn = await waitForMail(w.server.dataDir, (m) => m.to === 'alma@notice.example', { since });
  expect(withdrawn.subject).toBe('Notice Co: Nina Newhire withdrew a request for time off');
  expect(withdrawn.text).toContain(
    `Nina Newhire withdrew the request for 16 hours of Vacation, Mar 1, ${year} to Mar 2, ${year}.`,
  );
  expect((await sentSince(since)).map((m) => m.to)).toEqual(['alma@notice.example']);

  const theirs = await ask();
  since = await outboxSize(w.server.dataDir);
  const removed = await w.call('DELETE', `${REQUESTS}/${theirs}`, as(manager));
  assert.equal(removed.status, 204, removed.text);
  const told = await waitForMail(w.server.dataDir, (m) => m.to === 'nina@notice.example', { since });
  expect(told.subject).toBe('Notice Co: your time off request was removed');
  expect(told.text).toContain(
    `Your request for 16 hours of Vacation, Mar 1, ${year} to Mar 2, ${year} was removed by your PTO manager.`,
  );
  expect((await sentSince(since)).map((m) => m.to)).toEqual(['nina@notice.example']);
});

test("without an approver of her own, her team's approvers hear of it, unless the team's preferences say not to", async () => {
  // A team is a group of the company (docs/pto.md).
  const group = await w.call('POST', '/auth/api/data/groups/', {
    ...as(manager),
    body: { name: 'Front desk', permissions: [], users: [nina.user] },
  });
  assert.equal(group.status, 201, group.text);
  const team = group.body.key as string;
  assert.equal((await enrol({ approver_id: null, team_id: team })).status, 400, 'an approver is a key or absent');
  const cleared = await w.call('POST', `/time/api/data/pto_employee/${nina.user}`, {
    ...as(manager),
    body: { status: 'active', plan_ids: [plan], team_id: team },
  });
  assert.equal(cleared.status, 200, cleared.text);
  const prefs = await w.call('POST', '/time/api/data/pto_prefs/', {
    ...as(manager),
    body: { team_id: team, approvers: [alma, nina.user], notify_approvers: true },
  });
  assert.equal(prefs.status, 201, prefs.text);
  let since = await outboxSize(w.server.dataDir);
  await ask();
  await waitForMail(w.server.dataDir, (m) => m.to === 'alma@notice.example', { since });
  // Nina is an approver of her team too, but is not told of her own request.
  expect((await sentSince(since)).map((m) => m.to)).toEqual(['alma@notice.example']);

  const quiet = await w.call('PATCH', `/time/api/data/pto_prefs/${prefs.body.key}`, {
    ...as(manager),
    body: { notify_approvers: false },
  });
  assert.equal(quiet.status, 200, quiet.text);
  since = await outboxSize(w.server.dataDir);
  const key = await ask();
  // The decision still reaches her: the only message after the quiet request.
  await w.call('PATCH', `${REQUESTS}/${key}`, { ...as(manager), body: { status: 'denied' } });
  await waitForMail(w.server.dataDir, (m) => m.to === 'nina@notice.example', { since });
  expect((await sentSince(since)).map((m) => m.to)).toEqual(['nina@notice.example']);
});
