/**
 * The PTO accrual job (docs/pto.md, "Accruals"): at start and then every DFORM_PTO_ACCRUAL_SECONDS,
 * over every company with the TIME module and each of its enrolments, the ledger lines the plans'
 * schedules owe (engine/pto-accrual.ts) are written, each with the balance record it moves.
 *
 * Safe with several processes on one database and with runs repeated: a line's key is derived from
 * the employee, the plan and the period, and written only if no line holds it (expectVersion 0), so
 * a period is written once whoever gets there first; the balance record is moved from the version
 * read, so an approval or another process's accrual committed meanwhile makes the commit fail and
 * the employee's lines are worked out again over what is stored.
 *
 * What each enrolment has been settled through is kept per employee (`system/pto_accruals`): the day
 * of the last run that went over it and the plans that were accruing then. A plan accruing now and
 * then accrues from the day after (the periods of a stop between runs are caught up); one that was not
 * (added since, or made active again) accrues from the change, so a plan or enrolment left inactive
 * for a while gets nothing for that while.
 */
import {
  accrualEvents,
  accrualKey,
  accrualsDue,
  DAY,
  dayOf,
  eventId,
  type AccrualLine,
} from '../../engine/pto-accrual.ts';
import type { TimePtoEmployee } from '../../types/generated/time/pto_employee.ts';
import type { TimePtoPlan } from '../../types/generated/time/pto_plan.ts';
import type { TimePtoProgression } from '../../types/generated/time/pto_progression.ts';
import type { TimePtoRegister } from '../../types/generated/time/pto_register.ts';
import { getOrg, rootOrgId } from '../orgs.ts';
import { startPeriodic } from '../periodic.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../services.ts';
import { VersionConflictError, type DataObject, type StoredRecord } from '../storage/types.ts';
import { balanceOps, moveOf, readBalance } from './hooks/pto-balances.ts';
import { putOver, systemPut } from './system-write.ts';

const ENROLMENT = 'time/pto_employee';
const PLAN = 'time/pto_plan';
const PROGRESSION = 'time/pto_progression';
const LEDGER = 'time/pto_register';
const PAY_PROFILE = 'payroll/employee';
const CALENDAR = 'payroll/payroll_calendar';
const GLOBAL_CALENDAR = 'payroll/global_payroll_calendar';
const ROLLOUT = 'pto-accruals-v1';
const BY = 'system';
/** Lines per commit: a long stop caught up is several commits, not one huge one. */
const LINES_PER_COMMIT = 100;
/** Commits of one employee's plan found overtaken before the job leaves it to the next run. */
const RETRIES = 8;
/** Reads of a company's plans, progressions and pay dates stop here. */
const MOST = 5_000;

export interface AccrualRunOptions {
  /** Now, in epoch seconds (default: the services' clock). */
  now?: number;
  /** Enrolments one company gets per run; the rest are next (DFORM_PTO_ACCRUAL_BATCH). */
  perCompany?: number;
}

export interface AccrualRun {
  /** Ledger lines written. */
  written: number;
  /** Whether a company was left with enrolments not gone over (run again soon). */
  more: boolean;
}

/** Where each company's next run starts, in this process: a large company is gone over in turns. */
const resumeAt = new WeakMap<Services, Map<string, number>>();

interface Settled {
  through: number;
  plans: string[];
}

interface CompanyRun {
  org: string;
  now: number;
  rollout: number;
  plans: Map<string, StoredRecord>;
  steps: Map<string, TimePtoProgression['steps']>;
  /** Check days by pay frequency, and all of them. */
  payDays: Map<string, number[]>;
}

/**
 * The day accruals began on this store (its first run), so that enrolments made before the job
 * existed are not credited for the years before it: their past is their opening balance.
 */
async function rolloutDay(s: Services, now: number): Promise<number> {
  const stored = await s.storage.get(SYSTEM.migrations, SYSTEM_ORG, ROLLOUT);
  if (stored) return Number(stored.data.since);
  const since = dayOf(now);
  try {
    await s.storage.commit([putOver(SYSTEM.migrations, SYSTEM_ORG, ROLLOUT, { done: now, since }, undefined, now)]);
    return since;
  } catch (e) {
    if (!(e instanceof VersionConflictError)) throw e;
    return Number((await s.storage.get(SYSTEM.migrations, SYSTEM_ORG, ROLLOUT))!.data.since);
  }
}

const all = (criteria: { field: string; is: '=' | '<='; value: unknown }[] = []) => ({
  criteria,
  limit: MOST,
  offset: 0,
});

async function companyRun(s: Services, org: string, root: string | undefined, now: number, rollout: number) {
  const [plans, progressions, own, global] = await Promise.all([
    s.storage.find(PLAN, org, all()),
    s.storage.find(PROGRESSION, org, all()),
    s.storage.find(CALENDAR, org, {
      ...all([{ field: 'check_date', is: '<=', value: now }]),
      sort: [{ field: 'check_date', dir: 'desc' }],
    }),
    root && root !== org
      ? s.storage.find(GLOBAL_CALENDAR, root, {
          ...all([
            { field: 'organization', is: '=', value: org },
            { field: 'check_date', is: '<=', value: now },
          ]),
          sort: [{ field: 'check_date', dir: 'desc' }],
        })
      : { items: [] },
  ]);
  const payDays = new Map<string, number[]>([['', []]]);
  for (const { data } of [...own.items, ...global.items]) {
    if (typeof data.check_date !== 'number') continue;
    const frequency = String(data.frequency ?? '');
    payDays.set(frequency, [...(payDays.get(frequency) ?? []), data.check_date]);
    payDays.get('')!.push(data.check_date);
  }
  return {
    org,
    now,
    rollout,
    plans: new Map(plans.items.map((r) => [r.key, r])),
    steps: new Map(progressions.items.map((r) => [r.key, (r.data as unknown as TimePtoProgression).steps ?? []])),
    payDays,
  } satisfies CompanyRun;
}

const planOf = (run: CompanyRun, key: string) => run.plans.get(key)?.data as unknown as TimePtoPlan | undefined;

/** The ledger line of an accrual event, as stored. */
function registerLine(s: Services, user: string, plan: string, line: AccrualLine): TimePtoRegister {
  return {
    user_id: user,
    plan_id: plan,
    action: line.action,
    type: 'accrual',
    ...(line.action === 'annotation' ? {} : { hours: line.hours }),
    effective_date: line.date,
    note: line.note,
    created_by: BY,
    created_time: s.now(),
  };
}

/**
 * Writes what one plan owes one employee from `since`, a commit at a time (each with its balance
 * record's move); answers the lines written. An overtaken commit is worked out again over what is
 * stored: lines another process wrote meanwhile are not due any more.
 */
async function accruePlan(
  s: Services,
  run: CompanyRun,
  user: string,
  enrolment: TimePtoEmployee,
  start: number,
  planKey: string,
  since: number,
  payDates: number[],
): Promise<number> {
  const plan = planOf(run, planKey)!;
  const steps = plan.progression_id ? run.steps.get(plan.progression_id) : undefined;
  const schedule = { plan, steps, enrolment, start, since, now: run.now, payDates };
  const events = accrualEvents(schedule);
  if (!events.length) return 0;
  let written = 0;
  for (let overtaken = 0; overtaken < RETRIES;) {
    const stored = await s.storage.getMany(
      run.org,
      events.map((e) => ({ collection: LEDGER, key: accrualKey(user, planKey, e) })),
    );
    const done = new Set(events.filter((_, i) => stored[i]).map(eventId));
    const { hours } = await readBalance(s, run.org, user, planKey);
    const due = accrualsDue({ ...schedule, balance: hours, written: done }).slice(0, LINES_PER_COMMIT);
    if (!due.length) return written;
    const lines = due.map((l) => registerLine(s, user, planKey, l));
    const balance = await balanceOps(
      s,
      run.org,
      BY,
      lines.flatMap((l) => moveOf(l, 1)),
    );
    const ops = lines.map((l, i) =>
      systemPut(s, LEDGER, run.org, accrualKey(user, planKey, due[i]), l as unknown as DataObject, BY),
    );
    try {
      await s.storage.commit([...ops, ...balance.ops]);
      written += due.length;
    } catch (e) {
      if (!(e instanceof VersionConflictError)) throw e;
      overtaken++;
    }
  }
  return written;
}

/**
 * The write that records an enrolment settled through today's periods with `plans` accruing (over
 * `prior`, the record read, or none): the demo writes it for the enrolments it makes, settled as made.
 */
export function settledOp(org: string, user: string, plans: string[], prior: StoredRecord | undefined, now: number) {
  const settled: Settled = { through: dayOf(now), plans };
  return putOver(SYSTEM.ptoAccruals, org, user, settled, prior, now);
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Goes over one enrolment: each plan it accrues on, then what it is settled through. */
async function accrueEnrolment(s: Services, run: CompanyRun, record: StoredRecord): Promise<number> {
  const user = record.key;
  const enrolment = record.data as unknown as TimePtoEmployee;
  const today = dayOf(run.now);
  const [prior, account] = await s.storage.getMany(run.org, [
    { collection: SYSTEM.ptoAccruals, key: user },
    { collection: 'auth/users', key: user },
  ]);
  const settled = prior?.data as Settled | undefined;
  // An account no longer active (someone who left) accrues nothing, whatever the enrolment says.
  const accruing =
    enrolment.status === 'inactive' || (account && account.data.status !== 'active')
      ? []
      : (enrolment.plan_ids ?? []).filter((p) => {
          const plan = planOf(run, p);
          return plan && plan.status !== 'inactive';
        });
  // Gone over today already with the same plans: nothing is due before tomorrow.
  if (settled && settled.through >= today && sameSet(settled.plans, accruing)) return 0;
  const start = dayOf(enrolment.start_date ?? record.meta.created_time);
  let payDates = run.payDays.get('')!;
  if (accruing.some((p) => planOf(run, p)?.calc_period === 'payroll')) {
    const profile = await s.storage.get(PAY_PROFILE, run.org, user);
    const frequency = profile?.data.pay_frequency;
    if (typeof frequency === 'string' && frequency) payDates = run.payDays.get(frequency) ?? [];
  }
  let written = 0;
  for (const planKey of accruing) {
    // The day the last run went over is settled: its periods were written then.
    const since = !settled
      ? Math.max(run.rollout, dayOf(record.meta.created_time))
      : settled.plans.includes(planKey)
        ? settled.through + DAY
        : Math.max(
            settled.through + DAY,
            dayOf(record.meta.updated_time),
            dayOf(run.plans.get(planKey)!.meta.updated_time),
          );
    written += await accruePlan(s, run, user, enrolment, start, planKey, since, payDates);
  }
  try {
    await s.storage.commit([settledOp(run.org, user, accruing, prior, run.now)]);
  } catch (e) {
    // Another process went over it too: its record stands.
    if (!(e instanceof VersionConflictError)) throw e;
  }
  return written;
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One run over every company with the TIME module: up to `perCompany` enrolments each (the next run
 * goes on from there), each enrolment's plans brought up to `now`. An enrolment that fails is logged
 * and left to the next run; the others go on.
 */
export async function runPtoAccruals(s: Services, opts: AccrualRunOptions = {}): Promise<AccrualRun> {
  const now = opts.now ?? s.now();
  const perCompany = Math.max(1, opts.perCompany ?? s.config.ptoAccruals?.batch ?? 200);
  const rollout = await rolloutDay(s, now);
  const root = await rootOrgId(s);
  let resume = resumeAt.get(s);
  if (!resume) resumeAt.set(s, (resume = new Map()));
  const result: AccrualRun = { written: 0, more: false };
  const orgs = await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, {
    criteria: [],
    limit: Number.MAX_SAFE_INTEGER,
    offset: 0,
  });
  for (const { key: org } of orgs.items) {
    const info = await getOrg(s, org);
    if (!info || info.status === 'inactive' || !info.activeModules.includes('time')) continue;
    const offset = resume.get(org) ?? 0;
    const page = await s.storage.find(ENROLMENT, org, {
      criteria: [],
      sort: [{ field: '_user_uuid', dir: 'asc' }],
      limit: perCompany,
      offset,
    });
    if (!page.items.length && offset === 0) continue;
    const run = await companyRun(s, org, root, now, rollout);
    for (const record of page.items) {
      try {
        result.written += await accrueEnrolment(s, run, record);
      } catch (e) {
        s.log('warn', `pto accruals: ${org}/${record.key}: ${e instanceof Error ? e.message : String(e)}`);
      }
      await breathe();
    }
    if (offset + page.items.length < page.total) {
      resume.set(org, offset + page.items.length);
      result.more = true;
    } else resume.delete(org);
  }
  return result;
}

/**
 * Runs the job now and every `everySeconds` (0: at start only), and again a second after a run that
 * left companies part-way; never two runs of this process at once. `first` settles with the first run.
 */
export function startPtoAccruals(s: Services, everySeconds = s.config.ptoAccruals?.everySeconds ?? 3600) {
  return startPeriodic(s, 'pto accruals', everySeconds, async () => {
    const r = await runPtoAccruals(s);
    return { more: r.more, note: r.written ? `wrote ${r.written} ledger lines` : undefined };
  });
}
