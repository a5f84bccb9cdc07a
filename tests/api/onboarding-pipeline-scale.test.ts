/**
 * The manager's pipeline reads what it shows (server/payroll/onboarding.ts): each status counted,
 * the first HIRES_SHOWN hires of each listed, the open forms and the dates within their notice.
 * Checked against the data API's own finds, on the demo and once 2,000 more hires are added: the
 * counts follow, the rows are the first of each status, and nothing else of the answer moves.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';
import { HIRE_STATUSES, HIRES_SHOWN } from '../../server/payroll/onboarding.ts';

interface Pipeline {
  statuses: { status: string; count: number }[];
  hires: { key: string; status: string; email: string; missing: string[]; done: number; total: number }[];
  awaiting_employer: unknown[];
  lapsing: unknown[];
}

const ADDED = 2_000;
/** Of the hires added, those moved on from created: more than HIRES_SHOWN in each status. */
// The statuses a new hire is in without its onboarding: invited, or cancelled by the employer
// (started and error are the server's; opened again, a hire is where it was: invited).
const MOVED_TO = ['invited', 'cancelled'];
const MOVED = MOVED_TO.length * (HIRES_SHOWN + 5);

let w: DemoWorld;
beforeAll(async () => {
  // Thousands of invitations from one manager: past the budgets' defaults (tests/api/invitation-limits.test.ts).
  w = await demoWorld({ DFORM_INVITATIONS_USER: '100000', DFORM_INVITATIONS_COMPANY: '100000' });
});
afterAll(async () => {
  await w.server.stop();
});

const pipeline = async (): Promise<Pipeline> => {
  const r = await w.call('GET', '/payroll/api/onboarding_pipeline', as(w.payroll));
  assert.equal(r.status, 200, r.text);
  return r.body as Pipeline;
};

/** The hires of a status as the data API lists them (in the order they were added): the total and the first keys. */
const listed = async (status: string) => {
  const r = await w.call('POST', '/payroll/api/data/find/onboarding_user', {
    ...as(w.payroll),
    body: { criteria: [{ field: 'status', is: '=', value: status }], limit: HIRES_SHOWN },
  });
  assert.equal(r.status, 200, r.text);
  return { total: r.body.total as number, keys: (r.body.items as { key: string }[]).map((i) => i.key) };
};

/** Each status's count and first rows agree with the data API's finds. */
async function agreesWithFinds(p: Pipeline): Promise<void> {
  assert.deepEqual(
    p.statuses.map((s) => s.status),
    [...HIRE_STATUSES],
  );
  for (const { status, count } of p.statuses) {
    const found = await listed(status);
    assert.equal(count, found.total, `${status}: count`);
    assert.deepEqual(
      p.hires.filter((h) => h.status === status).map((h) => h.key),
      found.keys,
      `${status}: the first ${HIRES_SHOWN} in the order they were added`,
    );
  }
}

describe('GET /payroll/api/onboarding_pipeline as the company grows', () => {
  let demo: Pipeline;

  test('on the demo: every hire listed, each count the data API’s, the story’s stages as before', async () => {
    demo = await pipeline();
    await agreesWithFinds(demo);
    const all = await w.call('POST', '/payroll/api/data/find/onboarding_user', {
      ...as(w.payroll),
      body: { criteria: [], limit: 500 },
    });
    assert.equal(demo.hires.length, all.body.total, 'fewer than the rows shown per status: all of them');
    const sam = demo.hires.find((h) => h.email === 'sam@acme.example')!;
    assert.deepEqual(sam.missing, ['Form I-9, Section 2']);
    const carla = demo.hires.find((h) => h.email === 'carla@acme.example')!;
    assert.equal(carla.done, carla.total);
    assert.ok(demo.awaiting_employer.length > 0 && demo.lapsing.length > 0, 'the demo has work due and dates lapsing');
  });

  test(`with ${ADDED} more hires: counts follow, the first rows of each status are listed, the rest is unchanged`, async () => {
    const added = new Map<string, number>();
    // A hire starts as created (whatever its creator says), invited once its invitation is sent; the first hundred or so are then moved
    // on to the statuses that ask for nothing more (approval asks for the pay and job facts and the hire's forms), more
    // than the rows shown of each.
    const one = async (i: number) => {
      const r = await w.call('POST', '/payroll/api/data/onboarding_user/', {
        ...as(w.payroll),
        body: { first_name: `Hire${i}`, last_name: 'Many', email: `hire${i}@many.example` },
      });
      assert.equal(r.status, 201, r.text);
      // Once its invitation went out, a new hire is invited.
      const status = i < MOVED ? MOVED_TO[i % MOVED_TO.length] : 'invited';
      if (status !== 'invited') {
        const moved = await w.call('PATCH', `/payroll/api/data/onboarding_user/${r.body.key}`, {
          ...as(w.payroll),
          body: { status },
        });
        assert.equal(moved.status, 200, moved.text);
      }
      added.set(status, (added.get(status) ?? 0) + 1);
    };
    for (let i = 0; i < ADDED; i += 8) await Promise.all([...Array(8).keys()].map((j) => one(i + j)));

    const grown = await pipeline();
    await agreesWithFinds(grown);
    for (const { status, count } of grown.statuses) {
      const before = demo.statuses.find((s) => s.status === status)!.count;
      assert.equal(count, before + (added.get(status) ?? 0), status);
    }
    assert.ok(grown.hires.length <= HIRE_STATUSES.length * HIRES_SHOWN, 'at most the rows shown of each status');
    // The demo's hires came first: they are still the first rows of their statuses, as they were.
    for (const h of demo.hires)
      assert.deepEqual(
        grown.hires.find((g) => g.key === h.key),
        h,
        h.email,
      );
    // A new hire's account, made with the invitation, has every form still to do.
    const newcomer = grown.hires.find((h) => h.email.endsWith('@many.example'))!;
    assert.equal(newcomer.done, 0);
    assert.equal(newcomer.missing.length, newcomer.total);
    assert.ok(newcomer.missing.includes('Personal details'), String(newcomer.missing));
    assert.deepEqual(grown.awaiting_employer, demo.awaiting_employer);
    assert.deepEqual(grown.lapsing, demo.lapsing);
  });
});
