/**
 * Which Form W-4 edition applies, the one copy of the rule: a form year reads the last edition up
 * to it (the first for an older or unknown year), and a new W-4 is on the edition in effect on its
 * day (the last whose effective date has come, the day read in UTC). The editions themselves are
 * data, schemas/common/w4-editions.json; the schema's transforms and the printable layout call these
 * as `$w4EditionOf(year)` and `$w4EditionInEffect($now)` (engine/reference-bindings.ts), and the
 * W-4 screen calls them directly, so the three cannot disagree.
 */

/** One edition of Form W-4, as schemas/common/w4-editions.json describes its fields. */
export interface W4Edition {
  year: string;
  /** YYYY-MM-DD: a new W-4 from this day on is on this edition. */
  effective: string;
  child_credit: number;
  other_credit: number;
  /** Step 3 is split into 3(a) children and 3(b) other dependents. */
  split_step3: boolean;
  /** The exempt claim is a checkbox rather than "Exempt" written below Step 4(c). */
  exempt_checkbox: boolean;
  step4_optional: boolean;
  deductions_worksheet_page: number;
}

/** The file's shape: its editions, oldest first. */
export interface W4Editions {
  editions: readonly W4Edition[];
}

const YEAR = /^\d{4}$/;

function first(editions: readonly W4Edition[]): W4Edition {
  if (editions.length === 0) throw new Error('w4-editions: the editions list is empty');
  return editions[0];
}

/** The edition of a form year: the last edition up to it (the first for an older or unknown year). */
export function w4EditionOf(editions: readonly W4Edition[], year: unknown): W4Edition {
  const y = typeof year === 'number' ? String(year) : year;
  if (typeof y !== 'string' || !YEAR.test(y)) return first(editions);
  return editions.filter((e) => e.year <= y).at(-1) ?? first(editions);
}

/** The edition in effect at an instant (Unix seconds): the last whose effective day has come, in UTC. */
export function w4EditionInEffect(editions: readonly W4Edition[], now: unknown): W4Edition {
  if (typeof now !== 'number' || !Number.isFinite(now)) return first(editions);
  const day = new Date(now * 1000).toISOString().slice(0, 10);
  return editions.filter((e) => e.effective <= day).at(-1) ?? first(editions);
}

/** Step 3 as the form fills it from the counts: the amounts of an edition's credits. */
export interface W4Step3 {
  dependent_amount: number;
  /** Step 3(a) and 3(b), on an edition that splits Step 3. */
  dependents_under_17_amount?: number;
  other_dependents_amount?: number;
}

/**
 * Step 3 from the counts of qualifying children and other dependents on an edition: each count times
 * its credit, split into 3(a) and 3(b) where the edition splits Step 3. The schema's save calls it
 * as `$w4Step3FromCounts(year, children, others)`, the W-4 screen as the user types.
 */
export function w4Step3FromCounts(edition: W4Edition, children: number, others: number): W4Step3 {
  const a = children * edition.child_credit;
  const b = others * edition.other_credit;
  return edition.split_step3
    ? { dependents_under_17_amount: a, other_dependents_amount: b, dependent_amount: a + b }
    : { dependent_amount: a + b };
}
