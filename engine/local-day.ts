/**
 * The company's calendar day of an instant (docs/signatures.md). Form dates (first day, hire date,
 * date of birth) are calendar dates stored as epoch seconds at 00:00 UTC; a signature's timestamp
 * and the clock are instants. Before an instant is compared with a date or printed as one, it is
 * turned into the calendar day it falls on in the company's time zone: a W-4 signed at 5 pm in
 * California on November 27 was signed on November 27, though it is already the 28th in UTC. The
 * company's time zone is its own (auth/organizations time_zone, one of defs.json's timeZone), else
 * the zone most of its state lives in (schemas/common/time-zones.json), else America/New_York. Pure;
 * Intl only, so the same in Node and the browser.
 */
import defs from '../schemas/common/defs.json';
import zones from '../schemas/common/time-zones.json';

/** The time zones a company may choose (defs.json's timeZone). */
export const TIME_ZONES: readonly string[] = defs.definitions.timeZone.enum;
/** The time zone of a company with neither a time zone nor a state. */
export const DEFAULT_TIME_ZONE: string = zones.default;
const STATE_ZONES: Readonly<Record<string, string>> = zones.states;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The calendar date `epochSeconds` falls on in `timeZone`, as the forms store dates: the epoch seconds
 * of 00:00 UTC of that date (NaN for a time no date holds). A zone this product does not know is taken
 * as DEFAULT_TIME_ZONE.
 */
export function localDay(epochSeconds: number, timeZone: string): number {
  const zone = TIME_ZONES.includes(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
  const at = new Date(epochSeconds * 1000);
  if (Number.isNaN(at.getTime())) return NaN;
  const parts = formatter(zone).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / 1000;
}

/** The company's time zone: its own when it set one, else its state's, else America/New_York. */
export function companyTimeZone(org: { time_zone?: unknown; state?: unknown } | undefined): string {
  const own = org?.time_zone;
  if (typeof own === 'string' && TIME_ZONES.includes(own)) return own;
  const state = org?.state;
  return (typeof state === 'string' && STATE_ZONES[state]) || DEFAULT_TIME_ZONE;
}
