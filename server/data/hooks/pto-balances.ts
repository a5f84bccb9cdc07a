/**
 * Each employee's balance on each PTO plan, kept by the server as a `time/pto_balance` record in the
 * commit of every ledger line that moves it (docs/pto.md). A balance is then read at once however
 * long the ledger is, and two decisions spending one balance cannot both pass its floor: each commit
 * moves the balance record on from the version it read, so the second is run again over the first
 * (../write-lifecycle.ts runAgainOnRace) and sees what the first took.
 *
 * A pair without its record (a ledger older than balance records) is summed from its ledger once,
 * by the start-up pass below or by the first line that moves it.
 */
import { v5 as nameBasedUuid } from 'uuid';
import { planBalances, roundHours, type LedgerLine } from '../../../engine/pto-ledger.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../../services.ts';
import type { StoredRecord, WriteOp } from '../../storage/types.ts';
import type { TimePtoBalance } from '../../../types/generated/time/pto_balance.ts';
import type { TimePtoRegister } from '../../../types/generated/time/pto_register.ts';
import { commitUnlessTaken, markPassDone, passDone } from '../record-walk.ts';
import { validationFailed } from '../../http/errors.ts';
import { systemPut, systemUpdate } from '../system-write.ts';

const BALANCE = 'time/pto_balance';
const LEDGER = 'time/pto_register';
const ALL = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };
/** The largest balance either way (the schema's bound on pto_balance.hours). */
const BALANCE_BOUND = 1_000_000_000;

/** One record per employee and plan, at a key derived from the two, so two writers of it meet. */
export const balanceKey = (user: string, plan: string): string => nameBasedUuid(new TextEncoder().encode(plan), user);

/** What a ledger line does to one employee's plan, signed: a line written adds it, one removed takes it off. */
export interface BalanceMove {
  user: string;
  plan: string;
  hours: number;
}

/** The move of a ledger line (`sign` -1 for a line removed or replaced); none for a line on no plan. */
export function moveOf(line: Partial<TimePtoRegister>, sign: 1 | -1): BalanceMove[] {
  if (typeof line.user_id !== 'string' || typeof line.plan_id !== 'string') return [];
  const hours = sign * (planBalances([line as LedgerLine]).get(line.plan_id) ?? 0);
  return hours ? [{ user: line.user_id, plan: line.plan_id, hours }] : [];
}

async function ledgerSum(s: Services, org: string, user: string, plan: string): Promise<number> {
  const lines = await s.storage.find(LEDGER, org, {
    criteria: [
      { field: 'user_id', is: '=', value: user },
      { field: 'plan_id', is: '=', value: plan },
    ],
    ...ALL,
  });
  return planBalances(lines.items.map((r) => r.data as unknown as LedgerLine)).get(plan) ?? 0;
}

/** The balance as stored, and the record holding it (none yet: summed from the ledger). */
export async function readBalance(
  s: Services,
  org: string,
  user: string,
  plan: string,
): Promise<{ hours: number; record?: StoredRecord }> {
  const record = await s.storage.get(BALANCE, org, balanceKey(user, plan));
  if (record) return { hours: (record.data as unknown as TimePtoBalance).hours, record };
  return { hours: await ledgerSum(s, org, user, plan) };
}

const pairOf = (user: string, plan: string) => `${user} ${plan}`;

/**
 * The writes of the balance records `moves` change, each from the version read here, and each
 * balance after them (by `pairOf`). Moves that cancel out write nothing.
 */
export async function balanceOps(
  s: Services,
  org: string,
  by: string,
  moves: readonly BalanceMove[],
): Promise<{ ops: WriteOp[]; after: Map<string, number> }> {
  const cents = new Map<string, { user: string; plan: string; cents: number }>();
  for (const m of moves) {
    const pair = pairOf(m.user, m.plan);
    const sum = cents.get(pair) ?? { user: m.user, plan: m.plan, cents: 0 };
    sum.cents += Math.round(m.hours * 100);
    cents.set(pair, sum);
  }
  const ops: WriteOp[] = [];
  const after = new Map<string, number>();
  for (const [pair, { user, plan, cents: moved }] of cents) {
    const { hours, record } = await readBalance(s, org, user, plan);
    const next = roundHours(hours + moved / 100);
    after.set(pair, next);
    if (!moved) continue;
    if (Math.abs(next) > BALANCE_BOUND) {
      throw validationFailed([
        {
          path: '/hours',
          message: `A balance stays within ${BALANCE_BOUND.toLocaleString('en-US')} hours either way.`,
        },
      ]);
    }
    if (record) ops.push(systemUpdate(s, record, by, { hours: next }));
    else ops.push(balancePut(s, org, user, plan, next));
  }
  return { ops, after };
}

export const balanceAfter = (after: Map<string, number>, user: string, plan: string): number | undefined =>
  after.get(pairOf(user, plan));

/**
 * A new balance record (the commit fails if another writer made it first), created by the server:
 * the person whose line moved the balance first did not write it, and holds no creator's claim on it.
 */
export function balancePut(s: Services, org: string, user: string, plan: string, hours: number): WriteOp {
  const data: TimePtoBalance = { user_id: user, plan_id: plan, hours };
  return systemPut(s, BALANCE, org, balanceKey(user, plan), data as unknown as StoredRecord['data'], 'system');
}

const BACKFILL_MARKER = 'pto-balances-v1';

/**
 * Once per store: every employee and plan with ledger lines and no balance record gets one, summed
 * from the ledger. A record another process made meanwhile stands (the write of it fails here and is
 * left). Answers how many were made.
 */
export async function backfillPtoBalances(s: Services): Promise<number> {
  if (await passDone(s, BACKFILL_MARKER)) return 0;
  let made = 0;
  for (const org of (await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, { criteria: [], ...ALL })).items) {
    const lines = (await s.storage.find(LEDGER, org.key, { criteria: [], ...ALL })).items;
    const pairs = new Map<string, { user: string; plan: string; lines: LedgerLine[] }>();
    for (const { data } of lines) {
      const line = data as unknown as TimePtoRegister;
      if (typeof line.user_id !== 'string' || typeof line.plan_id !== 'string') continue;
      const pair = pairs.get(pairOf(line.user_id, line.plan_id)) ?? {
        user: line.user_id,
        plan: line.plan_id,
        lines: [],
      };
      pair.lines.push(line);
      pairs.set(pairOf(line.user_id, line.plan_id), pair);
    }
    for (const { user, plan, lines: its } of pairs.values()) {
      if (await s.storage.get(BALANCE, org.key, balanceKey(user, plan))) continue;
      const hours = planBalances(its).get(plan) ?? 0;
      if (await commitUnlessTaken(s, [balancePut(s, org.key, user, plan, hours)])) made++;
    }
  }
  await markPassDone(s, BACKFILL_MARKER, { made });
  return made;
}
