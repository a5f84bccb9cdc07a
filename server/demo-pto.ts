/**
 * The demo's time off (docs/pto.md): two plans, Emma and Carla in both with opening balances, a
 * past vacation of Emma's approved (its ledger line written as an approval writes it) and a request
 * of Carla's waiting for the company admin's decision, so each PTO page has something to show. Each
 * balance record is written with them, as the server keeps it, and the enrolments are settled for
 * accruals through the day they are made (their opening balances cover it).
 */
import { randomUUID } from 'node:crypto';
import { systemPut } from './data/system-write.ts';
import { balancePut } from './data/hooks/pto-balances.ts';
import { settledOp } from './data/pto-accruals.ts';
import { planBalances } from '../engine/pto-ledger.ts';
import type { Services } from './services.ts';
import type { DataObject, WriteOp } from './storage/types.ts';
import type { TimePtoEmployee, TimePtoPlan, TimePtoRegister, TimePtoRequest } from '../types/generated/index.ts';

const DAY = 86_400;
const day = (t: number) => Math.floor(t / DAY) * DAY;

export function ptoOps(s: Services, org: string, keys: Map<string, string>, by: string): WriteOp[] {
  const now = s.now();
  const today = day(now);
  const put = (type: string, key: string, data: object) => systemPut(s, type, org, key, data as DataObject, by);
  const stamp = { created_by: by, created_time: now };
  const vacation = randomUUID();
  const sick = randomUUID();
  const ops: WriteOp[] = [
    put('time/pto_plan', vacation, {
      name: 'Vacation',
      description: 'Paid vacation, accrued each payroll.',
      plan_type: 'Vacation',
      calc_period: 'payroll',
      accrual_hours: 4,
      max_balance: 160,
      carryover_limit: 40,
      waiting_period_days: 0,
      allow_negative: false,
      status: 'active',
      ...stamp,
    } satisfies TimePtoPlan),
    put('time/pto_plan', sick, {
      name: 'Sick leave',
      description: 'Paid sick leave, accrued each month.',
      plan_type: 'Sick',
      calc_period: 'month',
      accrual_hours: 4,
      waiting_period_days: 0,
      allow_negative: false,
      status: 'active',
      ...stamp,
    } satisfies TimePtoPlan),
  ];
  const lines: TimePtoRegister[] = [];
  const line = (
    user: string,
    plan: string,
    action: 'credit' | 'debit',
    type: TimePtoRegister['type'],
    hours: number,
    at: number,
    extra: Partial<TimePtoRegister> = {},
  ) => {
    const entry = {
      user_id: user,
      plan_id: plan,
      action,
      type,
      hours,
      effective_date: at,
      ...extra,
      ...stamp,
    } satisfies TimePtoRegister;
    lines.push(entry);
    return put('time/pto_register', randomUUID(), entry);
  };
  for (const email of ['emma@acme.example', 'carla@acme.example']) {
    const user = keys.get(email)!;
    ops.push(
      put('time/pto_employee', user, {
        _user_uuid: user,
        status: 'active',
        plan_ids: [vacation, sick],
        approver_id: keys.get('admin@acme.example'),
        start_date: today - 90 * DAY,
        hours_per_day: 8,
      } satisfies TimePtoEmployee),
      line(user, vacation, 'credit', 'manual_adjustment', 40, today - 90 * DAY, { note: 'Opening balance.' }),
      line(user, sick, 'credit', 'manual_adjustment', 24, today - 90 * DAY, { note: 'Opening balance.' }),
      // Their opening balances hold until today: they accrue from tomorrow's periods on.
      settledOp(org, user, [vacation, sick], undefined, now),
    );
  }
  const emma = keys.get('emma@acme.example')!;
  const carla = keys.get('carla@acme.example')!;
  const taken = randomUUID();
  const past = today - 20 * DAY;
  ops.push(
    put('time/pto_request', taken, {
      user_id: emma,
      plan_id: vacation,
      start_date: past,
      end_date: past + DAY,
      hours: 16,
      partial_day: false,
      reason: 'Long weekend.',
      status: 'approved',
      approver_id: by,
      decision_time: past - 7 * DAY,
      created_time: past - 10 * DAY,
    } satisfies TimePtoRequest),
    line(emma, vacation, 'debit', 'use', 16, past, { request_id: taken, note: 'Time off approved.' }),
    put('time/pto_request', randomUUID(), {
      user_id: carla,
      plan_id: vacation,
      start_date: today + 14 * DAY,
      end_date: today + 16 * DAY,
      hours: 24,
      partial_day: false,
      reason: 'Family visit.',
      status: 'requested',
      created_time: now,
    } satisfies TimePtoRequest),
  );
  // Each balance as the ledger's lines leave it, kept as the server keeps it with every line.
  for (const user of [emma, carla]) {
    for (const plan of [vacation, sick]) {
      const its = lines.filter((l) => l.user_id === user && l.plan_id === plan);
      ops.push(balancePut(s, org, user, plan, planBalances(its).get(plan) ?? 0));
    }
  }
  return ops;
}
