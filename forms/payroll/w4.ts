/**
 * Form W-4 behaviour (spec/001 sections 2, 4 and 5), as the schema's save transform and validate rule
 * do it on the server:
 * - The editions are data, schemas/common/w4-editions.json, and which one applies is
 *   engine/w4-editions.ts (the server's rules and the printed form call the same functions as
 *   $w4EditionOf and $w4EditionInEffect): Step 3's credits per qualifying child and per other
 *   dependent, whether Step 3 is split into 3(a) and 3(b), the exempt checkbox. A form year reads the
 *   last edition up to it.
 * - A new W-4 is on the edition in effect on its date, for every company. A W-4 of another edition
 *   is read-only; Edit moves it onto the edition in effect, drops w4_2019 and asks for Step 3 again
 *   (the server does not carry the stored Step 3 or the signature onto another edition).
 * - Counts fill the amounts; typing an amount by hand clears the counts. The counts are not saved.
 * - Fixed and extra federal withholding cannot both be set; an exempt W-4 leaves Steps 2 to 4 empty:
 *   rules of the schema, which the browser runs as the server does (ruleBindings).
 */
import w4Editions from '../../schemas/common/w4-editions.json';
import { referenceBindings } from '../../engine/reference-bindings.ts';
import { w4EditionInEffect, w4EditionOf, w4Step3FromCounts, type W4Edition } from '../../engine/w4-editions.ts';
import {
  EMPTY_ENV,
  type BehaviourEnv,
  type FormBehaviour,
  type FormData,
  type Patch,
  type PatchFn,
} from '../behaviour/behaviour.ts';

/** The editions of Form W-4, oldest first (the data file's own order). */
const EDITIONS: readonly W4Edition[] = w4Editions.editions;

/** The IRS pages linked from the W-4 screen (the current form; the IRS replaces the file each year). */
export const W4_LINKS = {
  form: { label: 'Form W-4 (PDF, IRS)', url: 'https://www.irs.gov/pub/irs-pdf/fw4.pdf' },
  about: { label: 'About Form W-4', url: 'https://www.irs.gov/forms-pubs/about-form-w-4' },
} as const;

/** The edition in effect at an instant (Unix seconds): engine/w4-editions.ts, as the server's rule asks it. */
export function editionInEffect(now: number): W4Edition {
  return w4EditionInEffect(EDITIONS, now);
}

/** The year of the edition a new W-4 is on now (the env's clock, else the browser's). */
export function currentW4Edition(env: BehaviourEnv = EMPTY_ENV): string {
  return editionInEffect(env.now ?? Math.floor(Date.now() / 1000)).year;
}

/** The edition of a form year: engine/w4-editions.ts, as the server's rule and the printed form ask it. */
export function editionOf(year: unknown): W4Edition {
  return w4EditionOf(EDITIONS, year);
}

/** Step 3's credit per qualifying child on the form of `year`. */
export function childCredit(year: unknown): number {
  return editionOf(year).child_credit;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
const amount = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function dependentAmount(children: unknown, others: unknown, year: unknown): number {
  return w4Step3FromCounts(editionOf(year), count(children), count(others)).dependent_amount;
}

/**
 * A count changed: on a form with one Step 3 amount, that amount from both counts; on the 2026 form
 * (3(a) and 3(b)), its own line's amount, the other line's too where its count made it (an amount
 * typed by hand there, its count cleared, stays), and the total of both.
 */
const fromCount =
  (line: 'dependents_under_17_amount' | 'other_dependents_amount'): PatchFn =>
  (next) => {
    const children = count(next.number_of_dependents_under_17);
    const others = count(next.number_of_other_dependents);
    const step3 = w4Step3FromCounts(editionOf(next.w4_year), children, others);
    if (step3.dependents_under_17_amount === undefined || step3.other_dependents_amount === undefined)
      return { ...step3 };
    const fromItsCount = (l: typeof line, n: number) => l === line || n > 0;
    const a = fromItsCount('dependents_under_17_amount', children)
      ? step3.dependents_under_17_amount
      : amount(next.dependents_under_17_amount);
    const b = fromItsCount('other_dependents_amount', others)
      ? step3.other_dependents_amount
      : amount(next.other_dependents_amount);
    return {
      ...(fromItsCount('dependents_under_17_amount', children) ? { dependents_under_17_amount: a } : {}),
      ...(fromItsCount('other_dependents_amount', others) ? { other_dependents_amount: b } : {}),
      dependent_amount: a + b,
    };
  };

/**
 * A line's amount typed by hand: its own count no longer says how it was made (cleared); the other
 * line's count and amount stay as they are (clearing both left "0 other dependents" beside $500).
 */
const fromLineAmount =
  (countField: 'number_of_dependents_under_17' | 'number_of_other_dependents'): PatchFn =>
  (next) => ({
    [countField]: 0,
    dependent_amount: amount(next.dependents_under_17_amount) + amount(next.other_dependents_amount),
  });

/** Field -> patch: what else changes when the user changes a field. */
export const w4Patches: Readonly<Record<string, PatchFn>> = {
  number_of_dependents_under_17: fromCount('dependents_under_17_amount'),
  number_of_other_dependents: fromCount('other_dependents_amount'),
  dependents_under_17_amount: fromLineAmount('number_of_dependents_under_17'),
  other_dependents_amount: fromLineAmount('number_of_other_dependents'),
  dependent_amount: () => ({ number_of_dependents_under_17: 0, number_of_other_dependents: 0 }),
};

/** A stored W-4 of another edition than the one in effect is read-only until Edit. */
export function isW4Locked(data: FormData, env: BehaviourEnv = EMPTY_ENV): boolean {
  return !env.isNew && typeof data.w4_year === 'string' && data.w4_year !== currentW4Edition(env);
}

/** Step 3 as the form holds it: what a move onto another edition asks for again. */
const STEP_3 = [
  'number_of_dependents_under_17',
  'number_of_other_dependents',
  'dependents_under_17_amount',
  'other_dependents_amount',
  'dependent_amount',
];

/**
 * The Edit action of a locked W-4: onto the edition in effect, without the legacy 2019 answers and
 * with Step 3 empty, to be answered on the new form (the server drops the old signature on save).
 */
export function editOnCurrentForm(env: BehaviourEnv = EMPTY_ENV): Patch {
  const patch: Patch = { w4_year: currentW4Edition(env), w4_2019: undefined };
  for (const field of STEP_3) patch[field] = undefined;
  return patch;
}

/**
 * A new W-4 is on the edition in effect (the server sets it too). A stored one split into 3(a) and
 * 3(b) shows the counts its amounts were made of (the counts are not saved): "0" beside $4,400 read
 * as a contradiction; an amount that is no whole number of credits was typed, and keeps no count.
 */
export function initW4(data: FormData, env: BehaviourEnv): Patch {
  const current = currentW4Edition(env);
  if (env.isNew) return data.w4_year !== current ? { w4_year: current } : {};
  const e = editionOf(data.w4_year);
  if (!e.split_step3) return {};
  const patch: Patch = {};
  const counted = (field: string, total: unknown, credit: number) => {
    const n = amount(total) / credit;
    if (count(data[field]) === 0 && credit > 0 && n > 0 && Number.isInteger(n)) patch[field] = n;
  };
  counted('number_of_dependents_under_17', data.dependents_under_17_amount, e.child_credit);
  counted('number_of_other_dependents', data.other_dependents_amount, e.other_credit);
  return patch;
}

/** The fields of the record's edition: 3(a) and 3(b) only where Step 3 is split; the exempt wording. */
export function w4Ui(data: FormData): Record<string, Record<string, unknown>> {
  const e = editionOf(data.w4_year);
  const hidden = { 'ui:widget': 'hidden' };
  return {
    dependents_under_17_amount: e.split_step3 ? {} : hidden,
    other_dependents_amount: e.split_step3 ? {} : hidden,
    dependent_amount: e.split_step3 ? { 'ui:readonly': true, 'ui:help': 'Step 3 total: 3(a) + 3(b).' } : {},
    exempt_from_federal_withholding: {
      'ui:help': e.exempt_checkbox
        ? 'The exempt checkbox of the form: you had no federal income tax liability last year and expect none this year. Leave Steps 2 to 4 empty.'
        : 'Written as "Exempt" below Step 4(c) on the printed form. Leave Steps 2 to 4 empty.',
    },
    exempt_expires: data.exempt_from_federal_withholding === true ? {} : hidden,
  };
}

/** What the schema's rules read besides the record: the editions and the functions over them, as on the server. */
const RULE_DATA = referenceBindings({ w4Editions });

export const w4Behaviour: FormBehaviour = {
  patches: w4Patches,
  // The schema's rule reads the editions and the clock; a stored W-4's lock is the header's.
  ruleBindings: (env) => ({ ...RULE_DATA, now: env.now ?? Math.floor(Date.now() / 1000), before: null }),
  isLocked: isW4Locked,
  init: initW4,
  ui: w4Ui,
  // The counts fill Step 3's amounts and are not saved (spec/001): a view would show 0 beside them.
  notViewed: ['number_of_dependents_under_17', 'number_of_other_dependents'],
};
