/**
 * The two onboarding views (docs/journeys.md), derived from the records on every call:
 *
 * - `GET /payroll/api/onboarding_checklist`: the caller's own checklist, the steps the company asks
 *   of them (types carrying `x-onboarding`, in step order, those whose `when` applies), each with
 *   its state, due day and what comes next. Only ever the caller's own records.
 * - `GET /payroll/api/onboarding_pipeline`: for those who manage onboarding or payroll data, the
 *   hires by status with what each is missing, the forms awaiting the employer's signature (I-9
 *   Section 2) due and overdue, and the dates about to lapse (`x-lapses`: exempt W-4s, work
 *   authorizations).
 *
 * Which forms are steps, their order, signatures and due days are the schemas' (`x-onboarding`);
 * this module only reads them.
 *
 * The pipeline reads what it shows, through finds with criteria and limits, so its cost follows the
 * work in progress rather than the size of the company: the count of each status, the first
 * HIRES_SHOWN hires of each (with their checklists), the forms still open (x-onboarding
 * `employer.open`) and the dates within their notice (range criteria on the x-lapses fields).
 */
import { Hono } from 'hono';
import { allows, moduleUsable, type Principal } from '../../engine/access.ts';
import type { Entity } from '../../engine/entity.ts';
import { i9Dates } from '../../engine/i9-deadlines.ts';
import { localDay } from '../../engine/local-day.ts';
import { orgTimeZone } from '../orgs.ts';
import { employmentOf } from './employment.ts';
import type { Caller } from '../auth/principal.ts';
import { signedIn } from '../auth/signed-in.ts';
import { notAuthorized } from '../http/errors.ts';
import type { AppEnv } from '../http/context.ts';
import type { Services } from '../services.ts';
import type { Criterion, DataObject, StoredRecord } from '../storage/types.ts';
import { claimOwner } from '../data/unique.ts';
import type { Checklist, ChecklistItem, StepState } from '../../engine/onboarding-checklist.ts';
export type { Checklist, ChecklistItem, StepState };
import { employeeCertificate } from './work-state.ts';
import { hooksFor } from '../data/hooks.ts';
import { HIRE_APPROVERS, nextStep } from '../../engine/hire-steps.ts';

/** The hire statuses of spec/001 section 4, in the pipeline's order. */
export const HIRE_STATUSES = [
  'created',
  'invited',
  'started',
  'pending_approval',
  'approved',
  'complete',
  'error',
  'cancelled',
] as const;

/** The states in which the employee's own part of a step is finished. */
const FINISHED: ReadonlySet<StepState> = new Set(['done', 'signed', 'waiting_employer']);

interface OnboardingRule {
  step: number;
  task: string;
  signature?: string;
  due?: string;
  employer?: { signature: string; task: string; due?: string; open?: string };
  when?: { employment_type?: { in?: string[]; notIn?: string[] }; state_certificate?: true };
  /** Every record of the type that is the employee's is an item (a document requested of them). */
  each?: { label: string; status: string; states: Record<string, StepState> };
}

const DAY = 86_400;
const MANAGERS = ['PAYROLL:CanManageOnboarding', 'PAYROLL:CanManageUserPayrollData'];

/**
 * The items of an `each` step: the employee's records of the type (x-owner) whose status the rule
 * maps to a state, oldest first; the due day is the record's own.
 */
async function eachItems(
  s: Services,
  org: string,
  userKey: string,
  entity: Entity,
  rule: OnboardingRule & { each: NonNullable<OnboardingRule['each']> },
  now: number,
  timeZone: string,
): Promise<ChecklistItem[]> {
  const owner = entity.file['x-owner'];
  if (!owner) return [];
  const found = await s.storage.find(entity.id, org, {
    criteria: [{ field: owner, is: '=', value: userKey }],
    limit: 1000,
    offset: 0,
  });
  const items: ChecklistItem[] = [];
  for (const r of [...found.items].sort((a, b) => (num(a.data.created_time) ?? 0) - (num(b.data.created_time) ?? 0))) {
    const state = rule.each.states[text(r.data[rule.each.status]) ?? ''];
    if (!state) continue;
    const label = text(r.data[rule.each.label]);
    const due = rule.due && !FINISHED.has(state) ? num(r.data[rule.due]) : undefined;
    items.push({
      module: entity.module,
      type: entity.type,
      // The record is opened on the type's own screen, which its owner may read and edit (x-access @owner).
      my_type: entity.type,
      title: entity.file.title,
      task: label ? `${rule.task}: ${label}` : rule.task,
      state,
      key: r.key,
      ...(due === undefined ? {} : { due, overdue: localDay(now, timeZone) > due }),
    });
  }
  return items;
}

function steps(s: Services): { entity: Entity; rule: OnboardingRule }[] {
  return s.catalogue.registry
    .all()
    .filter((e) => e.file['x-onboarding'] && e.file['x-my'])
    .map((entity) => ({ entity, rule: entity.file['x-onboarding'] as OnboardingRule }))
    .sort((a, b) => a.rule.step - b.rule.step);
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
const signed = (v: unknown) => !!v && typeof v === 'object' && num((v as DataObject).timestamp) !== undefined;

async function applies(
  s: Services,
  org: string,
  userKey: string,
  rule: OnboardingRule,
  employment: DataObject,
): Promise<boolean> {
  const type = text(employment.employment_type) ?? 'REGULAR';
  const et = rule.when?.employment_type;
  if (et?.in && !et.in.includes(type)) return false;
  if (et?.notIn && et.notIn.includes(type)) return false;
  if (rule.when?.state_certificate) {
    const c = await employeeCertificate(s, org, userKey);
    if (!c || c.because === 'none') return false;
  }
  return true;
}

function stateOf(rule: OnboardingRule, record: StoredRecord | undefined): StepState {
  if (!record) return 'not_started';
  if (!rule.signature) return 'done';
  const d = record.data;
  if (signed(d[rule.signature]))
    return rule.employer && !signed(d[rule.employer.signature]) ? 'waiting_employer' : 'signed';
  const history = Array.isArray(d.signature_history) ? (d.signature_history as DataObject[]) : [];
  if (history.some((h) => h.field === rule.signature && h.voided)) return 'needs_signing_again';
  return 'in_progress';
}

/**
 * The due day of the I-9-like deadline fields, derived from the hire date before the form exists;
 * overdue once the company's day (`now` in `timeZone`) is past it.
 */
function dueOf(
  field: string | undefined,
  record: StoredRecord | undefined,
  employment: DataObject,
  now: number,
  timeZone: string,
) {
  if (!field) return undefined;
  const stored = num(record?.data[field]);
  const derived = (i9Dates(record?.data ?? {}, employment, timeZone) as Record<string, unknown>)[field];
  const due = stored ?? num(derived);
  return due === undefined ? undefined : { due, overdue: localDay(now, timeZone) > due };
}

async function displayName(s: Services, org: string, userKey: string, employment: DataObject): Promise<string> {
  const name = [text(employment.first_name), text(employment.last_name)].filter(Boolean).join(' ');
  if (name) return name;
  const user = (await s.storage.get('auth/users', org, userKey))?.data;
  return text(user?.display_name) || text(user?.email) || userKey;
}

/**
 * The checklist of one employee, from the store as kept. `reader` sees only the steps whose type
 * they may read for this employee (the owner, or a manager of onboarding or payroll data), of the
 * modules the company uses and the reader may use (`modules`: the company's active modules).
 */
export async function checklistOf(
  s: Services,
  org: string,
  userKey: string,
  reader: Principal,
  modules: readonly string[],
  hire?: DataObject,
): Promise<Checklist> {
  const now = s.now();
  const timeZone = await orgTimeZone(s, org);
  const employment = await employmentOf(s, org, userKey, hire);
  const items: ChecklistItem[] = [];
  // Onboarding is an employee's (spec/000 section 4): an account that is not one has no steps.
  const employeeAccount = (await s.storage.get('auth/users', org, userKey))?.data.is_employee === true;
  for (const { entity, rule } of employeeAccount ? steps(s) : []) {
    if (!moduleUsable(entity.module, modules, reader)) continue;
    if (!allows(entity.file['x-access'].read, reader, reader.userKey === userKey)) continue;
    if (!(await applies(s, org, userKey, rule, employment))) continue;
    if (rule.each) {
      items.push(...(await eachItems(s, org, userKey, entity, { ...rule, each: rule.each }, now, timeZone)));
      continue;
    }
    // The employee's record of the type: for one kept per user and state, the certificate due.
    const key = (await hooksFor(entity.id)?.address?.({ s, org, key: userKey }))?.key ?? userKey;
    const record = await s.storage.get(entity.id, org, key);
    const state = stateOf(rule, record);
    const item: ChecklistItem = {
      module: entity.module,
      type: entity.type,
      my_type: `my_${entity.type}`,
      title: entity.file.title,
      task: rule.task,
      state,
    };
    const due = FINISHED.has(state) ? undefined : dueOf(rule.due, record, employment, now, timeZone);
    if (due) Object.assign(item, due);
    if (rule.employer && state === 'waiting_employer') {
      const part = dueOf(rule.employer.due, record, employment, now, timeZone);
      item.employer = { task: rule.employer.task, signed: false, ...part };
    } else if (rule.employer && state === 'signed') item.employer = { task: rule.employer.task, signed: true };
    items.push(item);
  }
  const done = items.filter((i) => FINISHED.has(i.state)).length;
  const next = items.find((i) => !FINISHED.has(i.state));
  return {
    user_key: userKey,
    name: await displayName(s, org, userKey, employment),
    items,
    done,
    total: items.length,
    ...(next ? { next: next.type } : {}),
    ...(next?.key ? { next_key: next.key } : {}),
  };
}

/** The hires the pipeline lists of each status (in the order they were added); `statuses` counts them all. */
export const HIRES_SHOWN = 20;

/** The records of a collection of the company matching `criteria` (a request's find: in slices, in the company's turn). */
async function matching(s: Services, collection: string, org: string, criteria: Criterion[], limit = 100_000) {
  return s.searches.run(org, () => s.storage.findInSlices(collection, org, { criteria, limit, offset: 0 }));
}

/** Any number: the criterion holds when the field holds a number. */
const A_NUMBER = { is: '>=', value: Number.MIN_SAFE_INTEGER } as const;

interface Lapse {
  user_key: string;
  name: string;
  module: string;
  type: string;
  field: string;
  label: string;
  /** YYYY-MM-DD */
  date: string;
  lapsed: boolean;
}

const isoDay = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

/** Dates of x-lapses fields within their notice period from today (the company's day), or passed. */
async function lapses(
  s: Services,
  org: string,
  timeZone: string,
  nameOf: (key: string) => Promise<string>,
): Promise<Lapse[]> {
  const day = localDay(s.now(), timeZone);
  const today = isoDay(day);
  const out: Lapse[] = [];
  for (const entity of s.catalogue.registry.all()) {
    const watched = Object.entries(entity.file.properties)
      .map(([field, p]) => [field, (p as { 'x-lapses'?: { label: string; notice_days: number } })['x-lapses']] as const)
      .filter((x): x is [string, { label: string; notice_days: number }] => !!x[1]);
    for (const [field, rule] of watched) {
      const horizon = isoDay(day + rule.notice_days * DAY);
      // The day after the horizon, as each form of a date is kept: epoch seconds or an ISO day.
      const after = Date.parse(`${horizon}T00:00:00Z`) / 1000 + DAY;
      const found = await Promise.all(
        [after, isoDay(after)].map((value) => matching(s, entity.id, org, [{ field, is: '<', value }])),
      );
      for (const r of found.flatMap((f) => f.items)) {
        const v = r.data[field];
        const date = typeof v === 'number' ? isoDay(v) : typeof v === 'string' ? v.slice(0, 10) : undefined;
        if (!date) continue;
        if (date > horizon) continue;
        out.push({
          user_key: r.key,
          name: await nameOf(r.key),
          module: entity.module,
          type: entity.type,
          field,
          label: rule.label,
          date,
          lapsed: date < today,
        });
      }
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * The count of hires in each status and the first HIRES_SHOWN of each. A hire without a status is
 * `created` (the schema's default), so that count is what the others leave.
 */
async function hiresByStatus(s: Services, org: string) {
  const HIRES = 'payroll/onboarding_user';
  const [all, ...each] = await Promise.all([
    matching(s, HIRES, org, [], 0),
    ...HIRE_STATUSES.map((status) =>
      matching(s, HIRES, org, [{ field: 'status', is: '=', value: status }], HIRES_SHOWN),
    ),
  ]);
  const others = each.reduce((n, f, i) => (HIRE_STATUSES[i] === 'created' ? n : n + f.total), 0);
  return {
    statuses: HIRE_STATUSES.map((status, i) => ({
      status,
      count: status === 'created' ? all.total - others : each[i].total,
    })),
    shown: each.flatMap((f) => f.items),
  };
}

/**
 * A hire's checklist as `caller` sees it: that of the hire's account (keyed as the hire, or the
 * account holding its e-mail); none while the hire has no account. The pipeline's `missing` and the
 * employer's moves of a hire (./hire-moves.ts) both read it: one rule, one place.
 */
export async function hireChecklist(
  s: Services,
  caller: Caller,
  hire: { key: string; data: DataObject },
): Promise<{ userKey?: string; list?: Checklist }> {
  const org = caller.org.id;
  const email = text(hire.data.email)?.toLowerCase();
  const userKey = (await s.storage.get('auth/users', org, hire.key))
    ? hire.key
    : email
      ? await claimOwner(s, org, 'email', email)
      : undefined;
  if (!userKey) return {};
  return { userKey, list: await checklistOf(s, org, userKey, caller.principal, caller.org.activeModules, hire.data) };
}

/** What a checklist still lacks: the employee's steps not finished, and the employer's parts not signed. */
export function missingParts(list: Checklist): { employee: string[]; employer: string[] } {
  return {
    employee: list.items.filter((i) => !FINISHED.has(i.state)).map((i) => i.task),
    employer: list.items.flatMap((i) => (i.employer && !i.employer.signed ? [i.employer.task] : [])),
  };
}

export async function pipelineOf(s: Services, caller: Caller) {
  const org = caller.org.id;
  const reader = caller.principal;
  const approver = allows(HIRE_APPROVERS, reader, false);
  const nextOf = (h: { data: DataObject }, account: boolean, parts: { employee: string[]; employer: string[] }) => {
    const next = nextStep(text(h.data.status) ?? 'created', {
      account,
      employeeMissing: parts.employee.length,
      employerMissing: parts.employer.length,
      approver,
    });
    return next ? { next } : {};
  };
  const now = s.now();
  const timeZone = await orgTimeZone(s, caller.org);
  const names = new Map<string, string>();
  const nameOf = async (key: string) => {
    let n = names.get(key);
    if (n === undefined) names.set(key, (n = await displayName(s, org, key, await employmentOf(s, org, key))));
    return n;
  };
  const { statuses, shown } = await hiresByStatus(s, org);
  const hires = await Promise.all(
    shown.map(async (h) => {
      const email = text(h.data.email)?.toLowerCase();
      const { userKey, list } = await hireChecklist(s, caller, h);
      const parts = list ? missingParts(list) : { employee: [], employer: [] };
      return {
        key: h.key,
        first_name: text(h.data.first_name) ?? '',
        last_name: text(h.data.last_name) ?? '',
        email: email ?? '',
        status: text(h.data.status) ?? 'created',
        hire_date: num(h.data.hire_date),
        ...(userKey ? { user_key: userKey } : {}),
        // The employee's steps not finished, then the employer's parts waiting.
        missing: [...parts.employee, ...parts.employer],
        ...nextOf(h, userKey !== undefined, parts),
        version: h.meta.version,
        done: list?.done ?? 0,
        total: list?.total ?? 0,
      };
    }),
  );
  const awaiting: {
    user_key: string;
    name: string;
    module: string;
    type: string;
    task: string;
    due?: number;
    overdue: boolean;
  }[] = [];
  for (const { entity, rule } of steps(s)) {
    const employer = rule.employer;
    if (!employer || !allows(entity.file['x-access'].edit, reader, false)) continue;
    const open: Criterion[] = employer.open ? [{ field: employer.open, ...A_NUMBER }] : [];
    for (const r of (await matching(s, entity.id, org, open)).items) {
      if (!rule.signature || !signed(r.data[rule.signature]) || signed(r.data[employer.signature])) continue;
      const due = dueOf(employer.due, r, await employmentOf(s, org, r.key), now, timeZone);
      awaiting.push({
        user_key: r.key,
        name: await nameOf(r.key),
        module: entity.module,
        type: entity.type,
        task: employer.task,
        ...(due ? { due: due.due } : {}),
        overdue: due?.overdue ?? false,
      });
    }
  }
  awaiting.sort((a, b) => (a.due ?? Infinity) - (b.due ?? Infinity));
  return { statuses, hires, awaiting_employer: awaiting, lapsing: await lapses(s, org, timeZone, nameOf) };
}

export function onboardingRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  const auth = signedIn(s);
  app.get('/onboarding_checklist', auth, async (c) => {
    const caller = c.var.caller;
    if (!moduleUsable('payroll', caller.org.activeModules, caller.principal)) throw notAuthorized();
    return c.json(
      await checklistOf(s, caller.org.id, caller.principal.userKey, caller.principal, caller.org.activeModules),
    );
  });
  app.get('/onboarding_pipeline', auth, async (c) => {
    const caller = c.var.caller;
    const p = caller.principal;
    if (!moduleUsable('payroll', caller.org.activeModules, p)) throw notAuthorized();
    if (!p.isAdmin && !MANAGERS.some((m) => p.permissions.has(m))) throw notAuthorized();
    return c.json(await pipelineOf(s, caller));
  });
  return app;
}
