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
 * - a day is asked once: a request over days its employee has already asked for (waiting or approved)
 *   is refused, so two approvals never take one day twice from the balance; two partial days may
 *   share a day;
 * - a PTO manager does not decide her own request (approve or deny it): another PTO manager does, as
 *   nobody signs off their own time off;
 * - approved time off that has begun (its first day, a stored date, is the company's today or past)
 *   is the PTO manager's to change or withdraw: the employee would otherwise get back hours
 *   she has taken.
 */
import { randomUUID } from 'node:crypto';
import type { FieldError } from '../../../engine/messages.ts';
import { DAY, dayOf, longDate } from '../../../engine/pto-accrual.ts';
import { roundHours } from '../../../engine/pto-ledger.ts';
import { SYSTEM, type Services } from '../../services.ts';
import { orgTimeZone } from '../../orgs.ts';
import { localDay } from '../../../engine/local-day.ts';
import type { DataObject, WriteOp } from '../../storage/types.ts';
import type { TimePtoEmployee } from '../../../types/generated/time/pto_employee.ts';
import type { TimePtoPlan } from '../../../types/generated/time/pto_plan.ts';
import type { TimePtoRegister } from '../../../types/generated/time/pto_register.ts';
import type { TimePtoRequest } from '../../../types/generated/time/pto_request.ts';
import { putOver, systemPut } from '../system-write.ts';
import type { EntityHooks } from '../hooks.ts';
import type { Caller } from '../../auth/principal.ts';
import { ApiError, validationFailed } from '../../http/errors.ts';
import { balanceAfter, balanceOps, moveOf } from './pto-balances.ts';
import { deliverPtoNotices, ptoNoticeOps, ptoWithdrawalOps } from './pto-notices.ts';

const PLAN = 'time/pto_plan';
const ENROLMENT = 'time/pto_employee';
const LEDGER = 'time/pto_register';
const USERS = 'auth/users';

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

/**
 * Time off is asked for someone who works here and is in PTO: an account that is not active, or an
 * enrolment set inactive, takes no new request (one already made can still be decided).
 */
async function personErrors(s: Services, org: string, request: TimePtoRequest): Promise<FieldError[]> {
  const [user, enrolment] = await s.storage.getMany(org, [
    { collection: USERS, key: request.user_id },
    { collection: ENROLMENT, key: request.user_id },
  ]);
  // A key of nothing, or of another company's user, is the reference check's to name.
  if (!user) return [];
  const name = typeof user.data.display_name === 'string' ? user.data.display_name : 'This person';
  if (user.data.status !== 'active') {
    return [
      { path: '/user_id', message: `${name}'s account is not active: time off is asked for active people only.` },
    ];
  }
  if ((enrolment?.data as TimePtoEmployee | undefined)?.status === 'inactive') {
    return [
      {
        path: '/user_id',
        message: `${name}'s PTO enrolment is inactive: a PTO manager makes it active before time off is asked.`,
      },
    ];
  }
  return [];
}

/** A decided field's value, a partial day left out being a full day (its default). */
const valueOf = (r: TimePtoRequest, k: keyof TimePtoRequest) => (k === 'partial_day' ? r[k] === true : (r[k] ?? null));

/** The fields that say which days a request holds: changed, its days are checked again. */
const DAYS_FIELDS = ['user_id', 'start_date', 'end_date', 'partial_day'] as const;

const hoursText = (h: number) => `${h} hour${h === 1 ? '' : 's'}`;

/** A work day when the enrolment gives none (`hours_per_day`'s default). */
const WORK_DAY_HOURS = 8;

/**
 * Whether a write brings a request to hold days it did not: made, moved to other days or another
 * person, or denied and asked or approved again (and, for a partial day, its hours changed).
 */
function holdsNewDays(request: TimePtoRequest, previous: TimePtoRequest | undefined): boolean {
  if (request.status === 'denied' || typeof request.start_date !== 'number' || typeof request.end_date !== 'number')
    return false;
  const held = previous !== undefined && previous.status !== 'denied';
  const sameDays =
    held && DAYS_FIELDS.every((k) => JSON.stringify(valueOf(previous, k)) === JSON.stringify(valueOf(request, k)));
  return !sameDays || (request.partial_day === true && previous.hours !== request.hours);
}

/**
 * Another request of the same employee, waiting or approved, on one of this request's days (both
 * partial days excepted: a morning and an afternoon), for a request coming to hold days
 * (holdsNewDays). Partial days of one day together hold at most the employee's work day (her
 * enrolment's `hours_per_day`).
 */
async function overlapErrors(
  s: Services,
  org: string,
  key: string,
  request: TimePtoRequest & { start_date: number; end_date: number },
): Promise<FieldError[]> {
  const partial = request.partial_day === true;
  const found = await s.storage.find('time/pto_request', org, {
    criteria: [
      { field: 'user_id', is: '=', value: request.user_id },
      { field: 'status', is: 'in', value: ['requested', 'approved'] },
      { field: 'start_date', is: '<', value: dayOf(request.end_date) + DAY },
      { field: 'end_date', is: '>=', value: dayOf(request.start_date) },
    ],
    sort: [{ field: 'start_date', dir: 'asc' }],
    limit: 50,
    offset: 0,
  });
  const others = found.items.filter((r) => r.key !== key).map((r) => r.data as unknown as TimePtoRequest);
  const other = others.find((r) => !(r.partial_day === true && partial));
  if (other) {
    const days =
      dayOf(other.start_date) === dayOf(other.end_date)
        ? longDate(other.start_date)
        : `${longDate(other.start_date)} to ${longDate(other.end_date)}`;
    return [
      {
        path: '/start_date',
        message: `Time off is already asked for some of these days: the request of ${days} (${other.status}). Change that request, or choose other days.`,
      },
    ];
  }
  // Partial days of a single day: together, no more than a work day.
  if (!partial || !others.length || dayOf(request.start_date) !== dayOf(request.end_date)) return [];
  const enrolment = (await s.storage.get(ENROLMENT, org, request.user_id))?.data as TimePtoEmployee | undefined;
  const workDay = enrolment?.hours_per_day || WORK_DAY_HOURS;
  const already = roundHours(others.reduce((sum, r) => sum + (typeof r.hours === 'number' ? r.hours : 0), 0));
  const total = roundHours(already + request.hours);
  if (total <= workDay) return [];
  return [
    {
      path: '/hours',
      message: `${longDate(request.start_date)} already holds ${hoursText(already)} of time off: with these ${hoursText(request.hours)} it would hold ${total}, more than the ${workDay}-hour work day.`,
    },
  ];
}

/**
 * An approval the plan's balance rules refuse, said to the manager deciding: `after` is the balance
 * the approval would leave (an earlier approval of the request given back first).
 */
async function approvalErrors(s: Services, org: string, request: TimePtoRequest, after: number): Promise<FieldError[]> {
  const plan = (await s.storage.get(PLAN, org, request.plan_id))?.data as TimePtoPlan | undefined;
  if (!plan)
    return [
      { path: '/status', message: 'The plan of this request no longer exists: deny it, or move it to another plan.' },
    ];
  const floor = plan.allow_negative ? -(plan.negative_limit ?? Infinity) : 0;
  if (after >= floor) return [];
  const allowed = plan.allow_negative
    ? `${plan.name} allows at most ${hoursText(-floor)} below zero`
    : `${plan.name} does not allow a negative balance`;
  return [
    {
      path: '/status',
      message: `The balance is ${hoursText(roundHours(after + request.hours))} of ${plan.name}: approving ${hoursText(request.hours)} would leave ${after}, and ${allowed}.`,
    },
  ];
}

/** The ledger line that takes an approval's hours (`debit`) or gives them back (`credit`). */
function useLine(s: Services, by: string, requestKey: string, request: TimePtoRequest, action: 'debit' | 'credit') {
  return {
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
  } satisfies TimePtoRegister;
}

/** The ledger lines and the balance records' moves of `lines`, for one commit. */
async function ledgerOps(s: Services, org: string, by: string, lines: TimePtoRegister[]) {
  const balances = await balanceOps(
    s,
    org,
    by,
    lines.flatMap((l) => moveOf(l, 1)),
  );
  const ops = lines.map((l) => systemPut(s, LEDGER, org, randomUUID(), l as unknown as DataObject, by));
  return { ops: [...ops, ...balances.ops], after: balances.after };
}

const approved = (r: TimePtoRequest | undefined): r is TimePtoRequest => r?.status === 'approved';

const TAKEN = 'Time off that has begun is changed or withdrawn by your PTO manager: ask them.';

/**
 * Approved time off whose first day has come, for someone who does not manage PTO: its day (a stored
 * date), not its second, against today in the company's time zone. Against the UTC day, an employee
 * in California could no longer withdraw tomorrow's time off from 4 or 5 pm.
 */
async function takenBySomeoneElse(s: Services, caller: Caller, r: TimePtoRequest | undefined): Promise<boolean> {
  const manages = caller.principal.isAdmin || caller.principal.permissions.has('TIME:CanManagePTO');
  if (manages || !approved(r)) return false;
  return dayOf(r.start_date) <= localDay(s.now(), await orgTimeZone(s, caller.org.id));
}
export const OWN_DECISION = 'Your own time off is decided by another PTO manager.';

/** A decision (approved or denied) a PTO manager would make on her own request: not hers to make. */
function decidesOwn(caller: Caller, request: TimePtoRequest, previous: TimePtoRequest | undefined): boolean {
  const own = caller.principal.userKey;
  const decides = request.status === 'approved' || request.status === 'denied';
  return decides && request.status !== previous?.status && (request.user_id === own || previous?.user_id === own);
}
const decidedOn = (r: TimePtoRequest) => JSON.stringify([r.user_id, r.plan_id, r.hours, r.start_date]);

/**
 * The overlap check (overlapErrors) for a request coming to hold days, made so that it holds under
 * concurrent writes: the employee's days record (SYSTEM.ptoRequestDays) is read before her other
 * requests are, and this commit moves it on from the version read. Two requests for one day sent at
 * the same instant each found the other not yet stored, and both were taken; now the second commit
 * meets the record the first moved, is run again over it (write-lifecycle's race retry) and is
 * refused, naming the first.
 */
async function daysHeldOps(
  s: Services,
  org: string,
  key: string,
  request: TimePtoRequest,
  previous: TimePtoRequest | undefined,
): Promise<WriteOp[]> {
  if (!holdsNewDays(request, previous)) return [];
  const stamp = await s.storage.get(SYSTEM.ptoRequestDays, org, request.user_id);
  const errors = await overlapErrors(s, org, key, request as TimePtoRequest & { start_date: number; end_date: number });
  if (errors.length) throw validationFailed(errors);
  return [putOver(SYSTEM.ptoRequestDays, org, request.user_id, { request: key }, stamp, s.now())];
}

export const ptoRequestHooks: EntityHooks = {
  async validate({ s, caller, data, before }) {
    const request = data as unknown as TimePtoRequest;
    const previous = before as unknown as TimePtoRequest | undefined;
    // Without a plan or an employee the schema's own messages say what is missing.
    if (typeof request.plan_id !== 'string' || typeof request.user_id !== 'string') return [];
    if (decidesOwn(caller, request, previous)) return [{ path: '/status', message: OWN_DECISION }];
    const org = caller.org.id;
    if (previous && (await takenBySomeoneElse(s, caller, previous))) {
      const changed = (['plan_id', 'start_date', 'end_date', 'hours', 'partial_day'] as const).filter(
        (k) => JSON.stringify(valueOf(previous, k)) !== JSON.stringify(valueOf(request, k)),
      );
      if (changed.length) return changed.map((k) => ({ path: `/${k}`, message: TAKEN }));
    }
    // A request already on a plan keeps it, so one asked before the plan closed can still be decided.
    const samePlan = previous && previous.plan_id === request.plan_id && previous.user_id === request.user_id;
    const errors = previous?.user_id === request.user_id ? [] : await personErrors(s, org, request);
    if (!samePlan) errors.push(...(await planErrors(s, org, request)));
    // Its days are checked with the commit (daysHeldOps), once for whom and on what have passed.
    return errors;
  },
  async extraOps({ s, caller, key, data, before, record }) {
    const now = data as unknown as TimePtoRequest;
    const was = before as unknown as TimePtoRequest | undefined;
    const org = caller.org.id;
    const by = caller.principal.userKey;
    const days = await daysHeldOps(s, org, key, now, was);
    const lines: TimePtoRegister[] = [];
    if (!(approved(was) && approved(now) && decidedOn(was) === decidedOn(now))) {
      if (approved(was)) lines.push(useLine(s, by, key, was, 'credit'));
      if (approved(now)) lines.push(useLine(s, by, key, now, 'debit'));
    }
    const ledger = await ledgerOps(s, org, by, lines);
    // The floor is checked here, against the balance record this commit moves on from the version
    // read: an approval committed meanwhile makes this commit fail and run again over it.
    if (approved(now) && lines.length) {
      const after = balanceAfter(ledger.after, now.user_id, now.plan_id) ?? 0;
      const errors = await approvalErrors(s, org, now, after);
      if (errors.length) throw validationFailed(errors);
    }
    return [...days, ...ledger.ops, ...(await ptoNoticeOps(s, caller, record, was)).ops];
  },
  afterCommit: ({ s, record }) => deliverPtoNotices(s, record),
  async onDelete({ s, caller, record }) {
    const request = record.data as unknown as TimePtoRequest;
    if (await takenBySomeoneElse(s, caller, request)) throw new ApiError(403, TAKEN);
    const notices = (await ptoWithdrawalOps(s, caller, record)).ops;
    if (!approved(request)) return notices;
    const by = caller.principal.userKey;
    return [
      ...(await ledgerOps(s, caller.org.id, by, [useLine(s, by, record.key, request, 'credit')])).ops,
      ...notices,
    ];
  },
  afterDelete: ({ s, record }) => deliverPtoNotices(s, record, 'removed'),
};
