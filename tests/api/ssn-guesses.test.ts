/**
 * A hire's SSN is unique in the company, and a duplicate is refused: to someone who may not read
 * SSNs whole, that refusal would tell whether a number they try is someone's. An onboarding manager,
 * who sees each hire's last four, could otherwise find the rest by trying numbers: each new number
 * she tries is counted as a reveal is, and refused past its allowance (429) before it is compared.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, onboardingManager, type DemoWorld } from '../helpers/demo.ts';

const H = '/payroll/api/data/onboarding_user';
/** The reveal throttle's allowance per caller in its window (server/config.ts, DFORM_THROTTLE_ACCOUNT). */
const ALLOWANCE = 4;
let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld({ DFORM_THROTTLE_ACCOUNT: String(ALLOWANCE) });
});
afterAll(async () => {
  await w.server.stop();
});

const ssn = (n: number) => `123-45-${String(7700 + n).padStart(4, '0')}`;

async function newHire(by: ReturnType<typeof as>, tag: string, number?: string) {
  const r = await w.call('POST', `${H}/`, {
    ...by,
    body: {
      first_name: 'Guess',
      last_name: tag,
      email: `guess.${tag}.${Date.now()}@acme.example`,
      ...(number ? { ssn: number } : {}),
    },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key as string;
}

test('an onboarding manager trying SSNs on a hire is stopped after the allowance; a payroll data manager is not', async () => {
  const olga = await onboardingManager(w);
  // Someone's number, held by another hire.
  await newHire(as(w.payroll), 'held', ssn(1));
  const probe = await newHire(as(olga), 'probe');
  const tries: number[] = [];
  for (let n = 2; n < 2 + ALLOWANCE; n++) {
    tries.push((await w.call('PATCH', `${H}/${probe}`, { ...as(olga), body: { ssn: ssn(n) } })).status);
  }
  expect(tries).toEqual(Array(ALLOWANCE).fill(200));
  // The next number, the one held among them, is not compared: refused for the tries.
  const held = await w.call('PATCH', `${H}/${probe}`, { ...as(olga), body: { ssn: ssn(1) } });
  assert.equal(held.status, 429, held.text);
  assert.ok(Number(held.headers.get('retry-after')) > 0);
  // A save that keeps the stored number tries nothing.
  const kept = await w.call('PATCH', `${H}/${probe}`, { ...as(olga), body: { first_name: 'Kept' } });
  assert.equal(kept.status, 200, kept.text);
  // Whoever may read SSNs whole learns nothing new from the refusal, and is not counted.
  const statuses: number[] = [];
  for (let n = 20; n < 22 + ALLOWANCE; n++) {
    statuses.push((await w.call('PATCH', `${H}/${probe}`, { ...as(w.payroll), body: { ssn: ssn(n) } })).status);
  }
  expect(statuses).toEqual(Array(ALLOWANCE + 2).fill(200));
  const dup = await w.call('PATCH', `${H}/${probe}`, { ...as(w.payroll), body: { ssn: ssn(1) } });
  assert.equal(dup.status, 409, dup.text);
});

test("a duplicate refused to whoever may read SSNs whole is in the audit log as a reveal of the other hire's number", async () => {
  // The refusal confirms the number is someone's, as retrieve_ssn would answer it: it is audited
  // as retrieve_ssn's answers are, so trying numbers leaves no unaudited trace of what was learned.
  const held = await newHire(as(w.payroll), 'held-audited', ssn(40));
  const probe = await newHire(as(w.payroll), 'probe-audited');
  const find = async () => {
    const r = await w.call('POST', '/auth/api/data/find/audit_log', {
      ...as(w.admin),
      body: { criteria: [{ field: 'action_type', is: '=', value: 'reveal' }], limit: 500 },
    });
    assert.equal(r.status, 200, r.text);
    return (r.body.items as { data: Record<string, any> }[]).map((i) => i.data).filter((a) => a.detail.key === held);
  };
  const wrong = await w.call('PATCH', `${H}/${probe}`, { ...as(w.payroll), body: { ssn: ssn(41) } });
  assert.equal(wrong.status, 200, wrong.text);
  assert.deepEqual(await find(), [], 'a number nobody holds reveals nothing');
  const dup = await w.call('PATCH', `${H}/${probe}`, { ...as(w.payroll), body: { ssn: ssn(40) } });
  assert.equal(dup.status, 409, dup.text);
  const [entry, ...more] = await find();
  assert.equal(more.length, 0);
  assert.ok(entry, 'the confirming refusal is audited');
  assert.equal(entry.logged_in_username, 'Paul Payroll');
  assert.equal(entry.message, `reveal payroll/onboarding_user ${held} (ssn): matched`);
  assert.equal(entry.detail.tried_on, probe);
  assert.doesNotMatch(JSON.stringify(entry), /7740/, 'the number itself is not in the log');
});
