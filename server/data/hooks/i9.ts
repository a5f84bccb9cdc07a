/**
 * Form I-9: the dates the server derives on every save (Section 1 and Section 2 due, the next due
 * day, the sections signed late, the retention date; engine/i9-deadlines.ts over
 * schemas/common/i9-deadlines.json), and the retention rule on delete: an I-9 is kept until 3 years
 * after the first day or 1 year after employment ends, whichever is later (409 before then),
 * decided from the employee record as it stands at the delete. The rules that need a date of birth
 * or date arithmetic live here too: "Individual under age 18" only for a minor, and Supplement B's
 * dates (docs/i9.md).
 */
import { epochToUs } from '../../../engine/masks.ts';
import { i9Dates, retainUntil, type I9Dates } from '../../../engine/i9-deadlines.ts';
import { ApiError } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import type { DataObject, WriteOp } from '../../storage/types.ts';
import type { FieldError } from '../../../engine/messages.ts';
import type { EntityHooks } from '../hooks.ts';
import { employmentOf } from '../../payroll/employment.ts';
import { orgTimeZone } from '../../orgs.ts';
import { localDay } from '../../../engine/local-day.ts';
import { sameValue } from '../signatures.ts';
import defs from '../../../schemas/common/defs.json';

const DERIVED: readonly (keyof I9Dates)[] = ['section1_due', 'section2_due', 'next_due', 'late', 'retain_until'];

/** The employee's hire and termination dates (not sensitive: read as stored): the payroll record's, else the hire's. */
const employment = (s: Services, org: string, key: string): Promise<DataObject> => employmentOf(s, org, key);

/** Why this I-9 may not be deleted yet, or undefined once its retention has passed. */
export async function retentionRefusal(
  s: Services,
  org: string,
  key: string,
  i9: DataObject,
): Promise<string | undefined> {
  const emp = await employment(s, org, key);
  const first = typeof i9.first_day === 'number' ? i9.first_day : (emp.hire_date as number | undefined);
  const until = retainUntil(first, emp.term_date as number | undefined);
  if (until === undefined) {
    return 'This I-9 must be kept while the employee is employed, then until 3 years after the first day of employment or 1 year after employment ends, whichever is later.';
  }
  // The day it may be destroyed begins at the company's midnight, not at 00:00 UTC.
  if (localDay(s.now(), await orgTimeZone(s, org)) >= until) return undefined;
  return `This I-9 must be kept until ${epochToUs(until)} (3 years after the first day of employment or 1 year after employment ends, whichever is later).`;
}

function withDates(i9: DataObject, emp: DataObject, timeZone: string): DataObject {
  const out = { ...i9 };
  for (const field of DERIVED) delete out[field];
  return { ...out, ...i9Dates(i9, emp, timeZone) };
}

/**
 * The employee's I-9 with its dates derived anew, written in the same commit as an employee record
 * whose hire or termination date changed; nothing when there is no I-9 or its dates stay the same.
 */
export async function i9DatesOps(
  s: Services,
  org: string,
  key: string,
  emp: DataObject,
  by: string,
): Promise<WriteOp[]> {
  const stored = await s.storage.get('payroll/i9', org, key);
  if (!stored) return [];
  const data = withDates(stored.data, emp, await orgTimeZone(s, org));
  if (DERIVED.every((f) => JSON.stringify(data[f]) === JSON.stringify(stored.data[f]))) return [];
  const meta = { ...stored.meta, updated_by: by, updated_time: s.now(), version: stored.meta.version + 1 };
  return [{ op: 'put', expectVersion: stored.meta.version, record: { ...stored, data, meta } }];
}

const DAY = 86400;
/** The UTC day a time falls on, as the forms store dates (midnight UTC). */
const dayOf = (t: number) => Math.floor(t / DAY) * DAY;

/** The same day `years` later (a 29 February moves to 1 March), epoch seconds. */
function yearsAfter(t: number, years: number): number {
  const d = new Date(dayOf(t) * 1000);
  return Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()) / 1000;
}

/** The day a person born on `dob` (YYYY-MM-DD) turns 18, epoch seconds; undefined for no date. */
function eighteenth(dob: unknown): number | undefined {
  const m = typeof dob === 'string' ? /^(\d{4})-(\d\d)-(\d\d)$/.exec(dob) : null;
  return m ? Date.UTC(Number(m[1]) + 18, Number(m[2]) - 1, Number(m[3])) / 1000 : undefined;
}

/**
 * List B's "Individual under age 18" is for an employee under 18 on the first day of employment
 * (before it is entered, on the day Section 1 was signed). The date of birth is the one Section 1
 * attests (frozen with the employee's signature), else the employee's basic information. The
 * message does not say the date: a manager of onboarding may not read it.
 */
async function minorErrors(
  s: Services,
  org: string,
  key: string,
  data: DataObject,
  timeZone: string,
): Promise<FieldError[]> {
  const docs = Array.isArray(data.documentation) ? (data.documentation as DataObject[]) : [];
  const at = docs.flatMap((d, i) => (d?.document_type === 'individual_under_age_18' ? [i] : []));
  if (!at.length) return [];
  const sig = data.employee_signature as
    { timestamp?: number; evidence?: { printed?: { basic_info?: { dob?: string } } } } | undefined;
  const frozen = sig?.evidence?.printed?.basic_info?.dob;
  const dob = frozen ?? (await s.storage.get('payroll/basic_info', org, key))?.data.dob;
  const on = typeof data.first_day === 'number' ? data.first_day : localDay(sig?.timestamp ?? s.now(), timeZone);
  const adult = eighteenth(dob);
  const what = typeof data.first_day === 'number' ? 'the first day of employment' : 'the day Section 1 was signed';
  const message =
    adult === undefined
      ? "Individual under age 18 needs the employee's date of birth: enter it on the basic information screen first."
      : `Individual under age 18 is only for an employee under 18 on ${what} (${epochToUs(on)}); by the date of birth this employee is 18 or older. Record a List B document instead.`;
  return adult !== undefined && on < adult
    ? []
    : at.map((i) => ({ path: `/documentation/${i}/document_type`, message }));
}

/**
 * Supplement B's dates, for each block added or changed by this write (a block keeps the rules of
 * the day it was signed): a rehire is on or after the first day of employment and within three
 * years of the date this Form I-9 was completed (Section 2 signed), else a new Form I-9 is needed;
 * a document examined must be unexpired on the block's date (the rehire date, else the day it was
 * signed).
 */
function supplementBErrors(data: DataObject, before: DataObject | undefined, timeZone: string): FieldError[] {
  const blocks = Array.isArray(data.supplement_b) ? (data.supplement_b as DataObject[]) : [];
  const olds = Array.isArray(before?.supplement_b) ? (before!.supplement_b as DataObject[]) : [];
  const signedAt = (data.employer_signature as { timestamp?: number } | undefined)?.timestamp;
  // The day this Form I-9 was completed: the company's day Section 2 was signed on.
  const completed = signedAt === undefined ? undefined : localDay(signedAt, timeZone);
  const out: FieldError[] = [];
  blocks.forEach((b, i) => {
    const old = olds.find((o) => o?.id === b?.id);
    if (!b || (old && sameValue(old, b))) return;
    const rehire = typeof b.rehire_date === 'number' ? b.rehire_date : undefined;
    if (rehire !== undefined && typeof data.first_day === 'number' && rehire < data.first_day) {
      out.push({
        path: `/supplement_b/${i}/rehire_date`,
        message: `A rehire comes after the first day of employment (${epochToUs(data.first_day)}).`,
      });
    }
    if (rehire !== undefined && completed !== undefined) {
      if (rehire > yearsAfter(completed, 3)) {
        out.push({
          path: `/supplement_b/${i}/rehire_date`,
          message: `More than three years after this Form I-9 was completed (${epochToUs(completed)}): complete a new Form I-9 for the rehire.`,
        });
      }
    }
    const signedOn = (b.signature as { timestamp?: number } | undefined)?.timestamp;
    const on = rehire ?? (signedOn !== undefined ? localDay(signedOn, timeZone) : undefined);
    if (typeof b.expiration_date === 'number' && on !== undefined && b.expiration_date < on) {
      out.push({
        path: `/supplement_b/${i}/expiration_date`,
        message: `Expired before this block's date (${epochToUs(on)}): the document examined must be unexpired.`,
      });
    }
  });
  return out;
}

/** The last moment a stored date holds (defs.json's epochSeconds). */
const LAST_DATE = defs.definitions.epochSeconds.maximum;

/**
 * The dates the server derives from the first day (Section 2 due three business days later, the
 * retention date years later) must be dates a record can hold: a first day so far on that they are
 * not would be stored with them, and every later save of the I-9, the employee's too, would then
 * fail on a date nobody can enter.
 */
function firstDayErrors(data: DataObject, emp: DataObject): FieldError[] {
  if (typeof data.first_day !== 'number') return [];
  const dates = i9Dates(data, emp);
  const last = Math.max(dates.section2_due ?? 0, dates.retain_until ?? 0);
  if (last <= LAST_DATE) return [];
  return [
    {
      path: '/first_day',
      message: `The first day of employment (${epochToUs(data.first_day)}) is too far in the future: Section 2 would fall due after ${epochToUs(LAST_DATE)}.`,
    },
  ];
}

export const i9Hooks: EntityHooks = {
  async validate({ s, caller, key, data, before }) {
    const timeZone = await orgTimeZone(s, caller.org);
    return [
      ...firstDayErrors(data, await employment(s, caller.org.id, key)),
      ...(await minorErrors(s, caller.org.id, key, data, timeZone)),
      ...supplementBErrors(data, before, timeZone),
    ];
  },
  async amend({ s, caller, key, data }) {
    return withDates(data, await employment(s, caller.org.id, key), await orgTimeZone(s, caller.org));
  },
  async onDelete({ s, caller, record }) {
    const refusal = await retentionRefusal(s, caller.org.id, record.key, record.data);
    if (refusal) throw new ApiError(409, refusal);
    return [];
  },
};
