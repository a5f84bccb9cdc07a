/**
 * Form W-4 behaviour (spec/001 sections 2, 4 and 5), as the schema's save transform and validate rule
 * do it on the server:
 * - Step 3: the dependent amount is the credit per qualifying child under 17 ($2,000 on the 2020-2025
 *   forms, $2,200 from 2026) times the children plus $500 per other dependent; typing an amount by
 *   hand clears the counts. The counts are not saved (the server drops them).
 * - Fixed and extra federal withholding cannot both be set.
 * - A record of a year other than 2020 is read-only; Edit moves it to 2020 and drops w4_2019.
 */
import type { FieldError } from '../../engine/messages.ts';
import type { FormBehaviour, FormData, Patch, PatchFn } from '../behaviour/behaviour.ts';

export const W4_CURRENT_YEAR = '2020';
export const OTHER_DEPENDENT_CREDIT = 500;
export const BOTH_WITHHOLDINGS_MESSAGE = 'You cannot enter both fixed and extra withholding at the same time.';

/** The IRS pages linked from the W-4 screen (the current form; the IRS replaces the file each year). */
export const W4_LINKS = {
  form: { label: 'Form W-4 (PDF, IRS)', url: 'https://www.irs.gov/pub/irs-pdf/fw4.pdf' },
  about: { label: 'About Form W-4', url: 'https://www.irs.gov/forms-pubs/about-form-w-4' },
} as const;

/** Step 3's credit per qualifying child on the form of `year` (the schema's save transform agrees). */
export function childCredit(year: unknown): number {
  const y = typeof year === 'string' && /^20\d{2}$/.test(year) ? Number(year) : Number(W4_CURRENT_YEAR);
  return y >= 2026 ? 2200 : 2000;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);

export function dependentAmount(children: unknown, others: unknown, year: unknown): number {
  return count(children) * childCredit(year) + count(others) * OTHER_DEPENDENT_CREDIT;
}

const fromCounts: PatchFn = (next) => ({
  dependent_amount: dependentAmount(next.number_of_dependents_under_17, next.number_of_other_dependents, next.w4_year),
});

/** Field -> patch: what else changes when the user changes a field. */
export const w4Patches: Readonly<Record<string, PatchFn>> = {
  number_of_dependents_under_17: fromCounts,
  number_of_other_dependents: fromCounts,
  dependent_amount: () => ({ number_of_dependents_under_17: 0, number_of_other_dependents: 0 }),
};

const positive = (v: unknown) => typeof v === 'number' && v > 0;

export function validateW4(data: FormData): FieldError[] {
  if (positive(data.federal_withholding_fixed) && positive(data.federal_withholding_extra)) {
    return [{ path: '/federal_withholding_fixed', message: BOTH_WITHHOLDINGS_MESSAGE }];
  }
  return [];
}

/** A record of another form year is read-only until Edit. */
export function isW4Locked(data: FormData): boolean {
  return typeof data.w4_year === 'string' && data.w4_year !== W4_CURRENT_YEAR;
}

/** The Edit action of a locked record: onto the current form, without the legacy 2019 answers. */
export function editOnCurrentForm(): Patch {
  return { w4_year: W4_CURRENT_YEAR, w4_2019: undefined };
}

export const w4Behaviour: FormBehaviour = { patches: w4Patches, validate: validateW4, isLocked: isW4Locked };
