/**
 * PTO requests (docs/pto.md):
 * - a request is on a plan of the company, active when it is asked (or moved to it), and one the
 *   employee is in when their PTO enrolment lists plans;
 * - an approval may not take a balance below what the plan allows (none below zero unless it allows a
 *   negative balance, then down to its limit);
 * - an approval is written to the employee's ledger (`time/pto_register`) in the same commit as the
 *   decision: a `use` debit of the hours on the plan. An approval that goes (denied after all, the
 *   request changed and asked again, or deleted) is given back by a `use` credit, so a balance read
 *   from the ledger is never off by a decision;
 * - the approver hears of a request asked, the employee of a decision (./pto-notices.ts);
 * - approved time off that has begun (its first day is today or past, in UTC days as dates are
 *   stored) is the PTO manager's to change or withdraw: the employee would otherwise get back hours
 *   she has taken.
 */
import { randomUUID } from 'node:crypto';
import type { FieldError } from '../../../engine/messages.ts';
import { planBalances, roundHours } from '../../../engine/pto-ledger.ts';
import type { Services } from '../../services.ts';
import type { DataObject, WriteOp } from '../../storage/types.ts';
import type { TimePtoEmployee } from '../../../types/generated/time/pto_employee.ts';
import type { TimePtoPlan } from '../../../types/generated/time/pto_plan.ts';
import type { TimePtoRegister } from '../../../types/generated/time/pto_register.ts';
import type { TimePtoRequest } from '../../../types/generated/time/pto_request.ts';
import { systemPut } from '../system-write.ts';
import type { EntityHooks } from '../hooks.ts';
import type { Caller } from '../../auth/principal.ts';
import { ApiError } from '../../http/errors.ts';
import { deliverPtoNotices, ptoNoticeOps } from './pto-notices.ts';

const PLAN = 'time/pto_plan';
const ENROLMENT = 'time/pto_employee';
const LEDGER = 'time/pto_register';

async function planErrors(s: Services, org: string, request: TimePtoRequest): Promise<FieldError[]> {
  const stored = await s.storage.get(PLAN, org, request.plan_id);
  const plan = stored?.data as TimePtoPlan | undefined;
  if (!plan) return [{ path: '/plan_id', message: "Choose one of the company's plans." }];
  if (plan.status === 'inactive') {
    return [{ path: '/plan_id', message: `${plan.name} is no longer offered: choose an active plan.` }];
  }
  const enrolment = (await s.storage.get(ENROLMENT, org, request.user_id))?.data as TimePtoEmployee | undefined;
  const plans = enrolment?.plan_ids ?? [];
  if (plans.length && !plans.includes(request.plan_id)) {
    return [{ path: '/plan_id', message: `The employee is not in ${plan.name}: choose one of their plans.` }];
  }
  return [];
}

/** The employee's balance on a plan, from every line of her ledger for it. */
async function balanceOf(s: Services, org: string, user: string, plan: string): Promise<number> {
  const lines = await s.storage.find(LEDGER, org, {
    criteria: [
      { field: 'user_id', is: '=', value: user },
      { field: 'plan_id', is: '=', value: plan },
    ],
    limit: Infinity,
    offset: 0,
  });
  return planBalances(lines.items.map((r) => r.data as unknown as TimePtoRegister)).get(plan) ?? 0;
}

const hoursText = (h: number) => `${h} hour${h === 1 ? '' : 's'}`;

/** An approval the plan's balance rules refuse, said to the manager deciding. */
async function approvalErrors(s: Services, org: string, request: TimePtoRequest): Promise<FieldError[]> {
  const plan = (await s.storage.get(PLAN, org, request.plan_id))?.data as TimePtoPlan | undefined;
  if (!plan)
    return [
      { path: '/status', message: 'The plan of this request no longer exists: deny it, or move it to another plan.' },
    ];
  const floor = plan.allow_negative ? -(plan.negative_limit ?? Infinity) : 0;
  const balance = await balanceOf(s, org, request.user_id, request.plan_id);
  const after = roundHours(balance - request.hours);
  if (after >= floor) return [];
  const allowed = plan.allow_negative
    ? `${plan.name} allows at most ${hoursText(-floor)} below zero`
    : `${plan.name} does not allow a negative balance`;
  return [
    {
      path: '/status',
      message: `The balance is ${hoursText(balance)} of ${plan.name}: approving ${hoursText(request.hours)} would leave ${after}, and ${allowed}.`,
    },
  ];
}

/** The ledger line that takes an approval's hours (`debit`) or gives them back (`credit`). */
function useLine(
  s: Services,
  org: string,
  by: string,
  requestKey: string,
  request: TimePtoRequest,
  action: 'debit' | 'credit',
): WriteOp {
  const line: TimePtoRegister = {
    user_id: request.user_id,
    plan_id: request.plan_id,
    action,
    type: 'use',
    hours: request.hours,
    effective_date: request.start_date,
    request_id: requestKey,
    note: action === 'debit' ? 'Time off approved.' : 'Approval withdrawn: hours given back.',
    created_by: by,
    created_time: s.now(),
  };
  return systemPut(s, LEDGER, org, randomUUID(), line as unknown as DataObject, by);
}

const approved = (r: TimePtoRequest | undefined): r is TimePtoRequest => r?.status === 'approved';

const DAY = 86_400;
const TAKEN = 'Time off that has begun is changed or withdrawn by your PTO manager: ask them.';
/** A decided field's value, a partial day left out being a full day (its default). */
const valueOf = (r: TimePtoRequest, k: keyof TimePtoRequest) => (k === 'partial_day' ? r[k] === true : (r[k] ?? null));

/** Approved time off whose first day has come, for someone who does not manage PTO. */
function takenBySomeoneElse(s: Services, caller: Caller, r: TimePtoRequest | undefined): r is TimePtoRequest {
  const manages = caller.principal.isAdmin || caller.principal.permissions.has('TIME:CanManagePTO');
  return !manages && approved(r) && r.start_date <= Math.floor(s.now() / DAY) * DAY;
}
const decidedOn = (r: TimePtoRequest) => JSON.stringify([r.user_id, r.plan_id, r.hours, r.start_date]);

export const ptoRequestHooks: EntityHooks = {
  async validate({ s, caller, data, before }) {
    const request = data as unknown as TimePtoRequest;
    const previous = before as unknown as TimePtoRequest | undefined;
    // Without a plan or an employee the schema's own messages say what is missing.
    if (typeof request.plan_id !== 'string' || typeof request.user_id !== 'string') return [];
    const org = caller.org.id;
    if (takenBySomeoneElse(s, caller, previous)) {
      const changed = (['plan_id', 'start_date', 'end_date', 'hours', 'partial_day'] as const).filter(
        (k) => JSON.stringify(valueOf(previous, k)) !== JSON.stringify(valueOf(request, k)),
      );
      if (changed.length) return changed.map((k) => ({ path: `/${k}`, message: TAKEN }));
    }
    // A request already on a plan keeps it, so one asked before the plan closed can still be decided.
    const samePlan = previous && previous.plan_id === request.plan_id && previous.user_id === request.user_id;
    const errors = samePlan ? [] : await planErrors(s, org, request);
    const approving = approved(request) && !(approved(previous) && decidedOn(previous) === decidedOn(request));
    if (!errors.length && approving) errors.push(...(await approvalErrors(s, org, request)));
    return errors;
  },
  async extraOps({ s, caller, key, data, before, record }) {
    const now = data as unknown as TimePtoRequest;
    const was = before as unknown as TimePtoRequest | undefined;
    const by = caller.principal.userKey;
    const ops: WriteOp[] = [];
    if (!(approved(was) && approved(now) && decidedOn(was) === decidedOn(now))) {
      if (approved(was)) ops.push(useLine(s, caller.org.id, by, key, was, 'credit'));
      if (approved(now)) ops.push(useLine(s, caller.org.id, by, key, now, 'debit'));
    }
    ops.push(...(await ptoNoticeOps(s, caller, record, was)).ops);
    return ops;
  },
  afterCommit: ({ s, record }) => deliverPtoNotices(s, record),
  onDelete({ s, caller, record }) {
    const request = record.data as unknown as TimePtoRequest;
    if (takenBySomeoneElse(s, caller, request)) throw new ApiError(403, TAKEN);
    return approved(request)
      ? [useLine(s, caller.org.id, caller.principal.userKey, record.key, request, 'credit')]
      : [];
  },
};
