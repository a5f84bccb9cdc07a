/**
 * Form W-4 behaviour (spec/001 sections 2, 4 and 5), as the schema's save transform and validate rule
 * do it on the server:
 * - W-4 editions are data (W4_EDITIONS, the same figures as the save rule's table): Step 3's credit
 *   per qualifying child ($2,000 on the 2020 edition, $2,200 on the 2026 one) and per other dependent
 *   ($500), and whether Step 3 is split into 3(a) and 3(b). A form year uses the latest edition up to it.
 * - Counts fill the amounts; typing an amount by hand clears the counts. The counts are not saved.
 * - Fixed and extra federal withholding cannot both be set.
 * - The company's current edition (employer_info w4_edition, 2020 by default) is the one a new W-4
 *   is on; a record of another edition is read-only, and Edit moves it onto the current edition and
 *   drops w4_2019.
 */
import type { FieldError } from '../../engine/messages.ts';
import {
  EMPTY_ENV,
  type BehaviourEnv,
  type FormBehaviour,
  type FormData,
  type Patch,
  type PatchFn,
} from '../behaviour/behaviour.ts';

export interface W4Edition {
  childCredit: number;
  otherCredit: number;
  /** Step 3 is split into 3(a) children and 3(b) other dependents. */
  splitStep3: boolean;
  /** The exempt claim is a checkbox (2026) rather than "Exempt" written below Step 4(c). */
  exemptCheckbox: boolean;
}

/** The editions of Form W-4 the product knows (research/domain-forms.md section 2.2). */
export const W4_EDITIONS: Readonly<Record<string, W4Edition>> = {
  '2020': {
    childCredit: 2000,
    otherCredit: 500,
    splitStep3: false,
    exemptCheckbox: false,
  },
  '2026': {
    childCredit: 2200,
    otherCredit: 500,
    splitStep3: true,
    exemptCheckbox: true,
  },
};

/** The spec's edition, used when a company names none. */
export const W4_DEFAULT_EDITION = '2020';
/** @deprecated the spec's fixed year; the current edition is the company's (currentW4Edition). */
export const W4_CURRENT_YEAR = W4_DEFAULT_EDITION;
export const OTHER_DEPENDENT_CREDIT = 500;
export const BOTH_WITHHOLDINGS_MESSAGE = 'You cannot enter both fixed and extra withholding at the same time.';

/** The IRS pages linked from the W-4 screen (the current form; the IRS replaces the file each year). */
export const W4_LINKS = {
  form: { label: 'Form W-4 (PDF, IRS)', url: 'https://www.irs.gov/pub/irs-pdf/fw4.pdf' },
  about: { label: 'About Form W-4', url: 'https://www.irs.gov/forms-pubs/about-form-w-4' },
} as const;

const isYear = (y: unknown): y is string => typeof y === 'string' && /^20\d{2}$/.test(y);

/** The company's current edition: its employer_info w4_edition, else the default. */
export function currentW4Edition(env: BehaviourEnv = EMPTY_ENV): string {
  const v = env.employer.w4_edition;
  const year = Array.isArray(v) ? v[0] : v;
  return isYear(year) && year in W4_EDITIONS ? year : W4_DEFAULT_EDITION;
}

/** The edition in force for a form year: the latest edition up to it. */
export function editionOf(year: unknown): W4Edition {
  const y = isYear(year) ? year : W4_DEFAULT_EDITION;
  const upTo = Object.keys(W4_EDITIONS)
    .filter((k) => k <= y)
    .sort();
  return W4_EDITIONS[upTo.at(-1) ?? W4_DEFAULT_EDITION];
}

/** Step 3's credit per qualifying child on the form of `year` (the schema's save transform agrees). */
export function childCredit(year: unknown): number {
  return editionOf(year).childCredit;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
const amount = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function dependentAmount(children: unknown, others: unknown, year: unknown): number {
  const e = editionOf(year);
  return count(children) * e.childCredit + count(others) * e.otherCredit;
}

const fromCounts: PatchFn = (next) => {
  const e = editionOf(next.w4_year);
  const a = count(next.number_of_dependents_under_17) * e.childCredit;
  const b = count(next.number_of_other_dependents) * e.otherCredit;
  return e.splitStep3
    ? { dependents_under_17_amount: a, other_dependents_amount: b, dependent_amount: a + b }
    : { dependent_amount: a + b };
};

const fromSplitAmounts: PatchFn = (next) => ({
  number_of_dependents_under_17: 0,
  number_of_other_dependents: 0,
  dependent_amount: amount(next.dependents_under_17_amount) + amount(next.other_dependents_amount),
});

/** Field -> patch: what else changes when the user changes a field. */
export const w4Patches: Readonly<Record<string, PatchFn>> = {
  number_of_dependents_under_17: fromCounts,
  number_of_other_dependents: fromCounts,
  dependents_under_17_amount: fromSplitAmounts,
  other_dependents_amount: fromSplitAmounts,
  dependent_amount: () => ({ number_of_dependents_under_17: 0, number_of_other_dependents: 0 }),
};

const positive = (v: unknown) => typeof v === 'number' && v > 0;

export function validateW4(data: FormData): FieldError[] {
  if (positive(data.federal_withholding_fixed) && positive(data.federal_withholding_extra)) {
    return [{ path: '/federal_withholding_fixed', message: BOTH_WITHHOLDINGS_MESSAGE }];
  }
  return [];
}

/** A record of another edition than the company's current one is read-only until Edit. */
export function isW4Locked(data: FormData, env: BehaviourEnv = EMPTY_ENV): boolean {
  return !env.isNew && typeof data.w4_year === 'string' && data.w4_year !== currentW4Edition(env);
}

/** The Edit action of a locked record: onto the current edition, without the legacy 2019 answers. */
export function editOnCurrentForm(env: BehaviourEnv = EMPTY_ENV): Patch {
  return { w4_year: currentW4Edition(env), w4_2019: undefined };
}

/** A new W-4 is on the company's current edition (the server sets it too). */
export function initW4(data: FormData, env: BehaviourEnv): Patch {
  const current = currentW4Edition(env);
  return env.isNew && data.w4_year !== current ? { w4_year: current } : {};
}

/** The fields of the record's edition: 3(a) and 3(b) only where Step 3 is split; the exempt wording. */
export function w4Ui(data: FormData): Record<string, Record<string, unknown>> {
  const e = editionOf(data.w4_year);
  const hidden = { 'ui:widget': 'hidden' };
  return {
    dependents_under_17_amount: e.splitStep3 ? {} : hidden,
    other_dependents_amount: e.splitStep3 ? {} : hidden,
    dependent_amount: e.splitStep3 ? { 'ui:readonly': true, 'ui:help': 'Step 3 total: 3(a) + 3(b).' } : {},
    exempt_from_federal_withholding: {
      'ui:help': e.exemptCheckbox
        ? 'The exempt checkbox of the form: you had no federal income tax liability last year and expect none this year.'
        : 'Written as "Exempt" below Step 4(c) on the printed form.',
    },
  };
}

export const w4Behaviour: FormBehaviour = {
  patches: w4Patches,
  validate: validateW4,
  isLocked: isW4Locked,
  init: initW4,
  ui: w4Ui,
  usesEmployer: true,
};
