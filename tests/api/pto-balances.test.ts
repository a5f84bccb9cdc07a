/**
 * The balance people read is the ledger's (docs/pto.md): the server keeps one balance record per
 * employee and plan in the commit of every ledger line, so whatever mix of asks, decisions, changes,
 * removals and manual lines happens, the record equals the sum of the lines; two approvals that each
 * fit the balance alone, but not together, never both pass; and nobody writes a balance by hand.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import assert from 'node:assert/strict';
import { planBalances, type LedgerLine } from '../../engine/pto-ledger.ts';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { createCompany, sudoInto } from '../helpers/hardening.ts';
import { ptoPerson, ptoPlan } from '../helpers/pto.ts';

const DATA = '/time/api/data';
const DAY = 86_400;
let w: DemoWorld;
let manager: Session;
let lena: Session;
let mark: Session;
let other: Session;
const start = Math.floor(Date.now() / 1000 / DAY) * DAY + 30 * DAY;

async function find(who: Session, type: string, criteria: unknown[]) {
  const r = await w.call('POST', `${DATA}/find/${type}`, { ...as(who), body: { criteria, limit: 500 } });
  assert.equal(r.status, 200, r.text);
  return r.body.items as { key: string; version: number; data: Record<string, unknown> }[];
}

/** The balance record of a person's plan, as she reads it (undefined: none). */
async function stored(who: Session, user: string, plan: string): Promise<number | undefined> {
  const found = await find(who, 'pto_balance', [
    { field: 'user_id', is: '=', value: user },
    { field: 'plan_id', is: '=', value: plan },
  ]);
  assert.ok(found.length <= 1, 'one balance per person and plan');
  return found[0]?.data.hours as number | undefined;
}

/** The sum of a person's ledger lines on a plan. */
async function summed(user: string, plan: string): Promise<number> {
  const lines = await find(manager, 'pto_register', [
    { field: 'user_id', is: '=', value: user },
    { field: 'plan_id', is: '=', value: plan },
  ]);
  return planBalances(lines.map((l) => l.data as unknown as LedgerLine)).get(plan) ?? 0;
}

async function adjust(user: string, plan: string, action: 'credit' | 'debit', hours: number): Promise<string> {
  const r = await w.call('POST', `${DATA}/pto_register/`, {
    ...as(manager),
    body: { user_id: user, plan_id: plan, action, type: 'manual_adjustment', hours, effective_date: start - DAY },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

/** Days not asked yet: a day is asked once (docs/pto.md), so each request is on a day of its own. */
let nextDay = start;
async function ask(who: Session, plan: string, hours: number): Promise<string> {
  const day = nextDay;
  nextDay += DAY;
  const r = await w.call('POST', `${DATA}/pto_request/`, {
    ...as(who),
    body: { user_id: who.user, plan_id: plan, start_date: day, end_date: day, hours },
  });
  assert.equal(r.status, 201, r.text);
  return r.body.key;
}

const decide = (key: string, status: string, ifMatch?: number) =>
  w.call('PATCH', `${DATA}/pto_request/${key}`, {
    ...as(manager),
    body: { status },
    headers: ifMatch === undefined ? {} : { 'If-Match': String(ifMatch) },
  });

beforeAll(async () => {
  w = await demoWorld();
  const org = await createCompany(w, 'Balance Co', 'balance.dform.app', ['auth', 'payroll', 'time']);
  manager = await sudoInto(w, w.staff, org);
  lena = await ptoPerson(w, manager, 'lena@balance.example', 'Lena Balance', 'paid-pass-1');
  mark = await ptoPerson(w, manager, 'mark@balance.example', 'Mark Balance', 'paid-pass-2');
  const elsewhere = await createCompany(w, 'Other Co', 'otherbalance.dform.app', ['auth', 'payroll', 'time']);
  other = await sudoInto(w, w.staff, elsewhere);
});
afterAll(async () => {
  await w?.server.stop();
});

describe('the balance record is the sum of the ledger', () => {
  test('after every kind of move, in any order', async () => {
    const plan = await ptoPlan(w, manager, 'Mixed moves', { allow_negative: true, negative_limit: 1000 });
    await adjust(lena.user, plan, 'credit', 40);
    expect(await stored(lena, lena.user, plan)).toBe(40);

    // A fixed pseudo-random walk over what people do, checked after every step.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const requests: string[] = [];
    const lines: string[] = [];
    for (let step = 0; step < 30; step++) {
      const move = next(6);
      if (move === 0 || !requests.length) requests.push(await ask(lena, plan, 1 + next(16) / 4));
      else if (move === 1) await decide(requests[next(requests.length)], 'approved');
      else if (move === 2) await decide(requests[next(requests.length)], 'denied');
      else if (move === 3) {
        const key = requests.splice(next(requests.length), 1)[0];
        const r = await w.call('DELETE', `${DATA}/pto_request/${key}`, as(manager));
        assert.equal(r.status, 204, r.text);
      } else if (move === 4) lines.push(await adjust(lena.user, plan, next(2) ? 'credit' : 'debit', next(900) / 100));
      else if (lines.length) {
        const key = lines.splice(next(lines.length), 1)[0];
        const r = await w.call('DELETE', `${DATA}/pto_register/${key}`, as(manager));
        assert.equal(r.status, 204, r.text);
      }
      expect(await stored(lena, lena.user, plan), `step ${step}`).toBe(await summed(lena.user, plan));
    }
  });

  test('a plan removed once nothing is on it takes its empty balances with it', async () => {
    const plan = await ptoPlan(w, manager, 'Short-lived');
    const line = await adjust(mark.user, plan, 'credit', 8);
    expect(await stored(manager, mark.user, plan)).toBe(8);
    const gone = await w.call('DELETE', `${DATA}/pto_register/${line}`, as(manager));
    assert.equal(gone.status, 204, gone.text);
    expect(await stored(manager, mark.user, plan)).toBe(0);
    const del = await w.call('DELETE', `${DATA}/pto_plan/${plan}`, as(manager));
    assert.equal(del.status, 204, del.text);
    expect(await stored(manager, mark.user, plan)).toBeUndefined();
  });
});

describe('two approvals that fit the balance one at a time', () => {
  for (const ifMatch of [true, false]) {
    test(`do not both pass (${ifMatch ? 'each with its If-Match' : 'without If-Match'})`, async () => {
      for (let round = 0; round < 4; round++) {
        const plan = await ptoPlan(w, manager, `Race ${ifMatch} ${round}`);
        await adjust(mark.user, plan, 'credit', 24);
        const a = await ask(mark, plan, 16);
        const b = await ask(mark, plan, 16);
        const [ra, rb] = await Promise.all([
          decide(a, 'approved', ifMatch ? 1 : undefined),
          decide(b, 'approved', ifMatch ? 1 : undefined),
        ]);
        const statuses = [ra.status, rb.status].sort();
        expect(statuses, `${ra.text} ${rb.text}`).toEqual([200, 400]);
        const refused = ra.status === 400 ? ra : rb;
        expect(refused.body.errors).toEqual([
          {
            path: '/status',
            message: `The balance is 8 hours of Race ${ifMatch} ${round}: approving 16 hours would leave -8, and Race ${ifMatch} ${round} does not allow a negative balance.`,
          },
        ]);
        expect(await stored(mark, mark.user, plan)).toBe(8);
        expect(await summed(mark.user, plan)).toBe(8);
      }
    });
  }
});

describe('nobody writes a balance by hand', () => {
  test('the employee reads her own, not a colleague’s; another company reads none', async () => {
    const plan = await ptoPlan(w, manager, 'Readable');
    await adjust(lena.user, plan, 'credit', 12);
    await adjust(mark.user, plan, 'credit', 20);
    const mine = await find(lena, 'pto_balance', [{ field: 'plan_id', is: '=', value: plan }]);
    expect(mine.map((b) => [b.data.user_id, b.data.hours])).toEqual([[lena.user, 12]]);
    const marks = await find(manager, 'pto_balance', [{ field: 'user_id', is: '=', value: mark.user }]);
    const key = marks.find((b) => b.data.plan_id === plan)!.key;
    expect((await w.call('GET', `${DATA}/pto_balance/${key}`, as(lena))).status).toBe(403);
    expect((await w.call('GET', `${DATA}/pto_balance/${key}`, as(other))).status).toBe(404);
    expect(await find(other, 'pto_balance', [])).toEqual([]);
  });

  test('neither the employee nor her PTO manager creates, changes or removes one', async () => {
    const plan = await ptoPlan(w, manager, 'Untouchable');
    await adjust(lena.user, plan, 'credit', 4);
    const [own] = await find(lena, 'pto_balance', [{ field: 'plan_id', is: '=', value: plan }]);
    for (const who of [lena, manager]) {
      const made = await w.call('POST', `${DATA}/pto_balance/`, {
        ...as(who),
        body: { user_id: lena.user, plan_id: plan, hours: 400 },
      });
      expect(made.status, made.text).toBe(403);
      const changed = await w.call('PATCH', `${DATA}/pto_balance/${own.key}`, { ...as(who), body: { hours: 400 } });
      expect(changed.status, changed.text).toBe(403);
      const removed = await w.call('DELETE', `${DATA}/pto_balance/${own.key}`, as(who));
      expect(removed.status, removed.text).toBe(403);
    }
    expect(await stored(lena, lena.user, plan)).toBe(4);
  });
});
