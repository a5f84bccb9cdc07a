/**
 * Input masks and display formats of spec/000 sections 5 and 9, as pure functions shared by the
 * widgets, the screens and the printed forms: phones (###) ###-####, SSN ###-##-####, dates MM/DD/YYYY.
 */

export const digits = (s: string): string => s.replace(/\D+/g, '');

/**
 * An amount typed where whole numbers are asked for (dollars, percents, counts): the digits, the
 * first decimal point and a leading minus sign are kept, so "50.50" stays 50.5 and "-500" stays
 * -500, which the schema refuses with its own message (not whole, not 0 or more), instead of
 * becoming 5050 or a positive 500 that claims what was not meant. `text` is what the input shows.
 */
export function amountInput(typed: string, maxDigits = 15): { text: string; value: number | undefined } {
  const sign = /^\s*-/.test(typed) ? '-' : '';
  const [whole, ...rest] = typed.replace(/[^\d.]+/g, '').split('.');
  const int = whole.replace(/^0+(?=\d)/, '').slice(0, maxDigits);
  const number = rest.length ? `${int}.${rest.join('').slice(0, 4)}` : int;
  const value =
    number === '' || number === '.' ? undefined : Number(`${sign}${number.startsWith('.') ? `0${number}` : number}`);
  return { text: sign + number, value };
}

/**
 * A phone's digits without the country code: a leading 1 is dropped whatever the length, since no
 * North American area code begins with 1, so that 1 916 555 0188 typed a digit at a time is
 * (916) 555-0188 and not (191) 655-5018.
 */
function nationalDigits(value: string): string {
  const d = digits(value);
  return d.startsWith('1') ? d.slice(1) : d;
}

/** Stored phone digits as (###) ###-####; a leading 1 is dropped. Partial input is formatted as far as it goes. */
export function formatPhone(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const d = nationalDigits(String(value));
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 10)}`;
}

/** What a phone input stores: its digits without formatting, at most 10 (a leading 1 dropped). */
export function parsePhone(input: string): string {
  return nationalDigits(input).slice(0, 10);
}

/** SSN typed as digits (or x in the first five) shown and stored as ###-##-####. */
export function maskSsn(input: string): string {
  const chars = input.replace(/[^0-9xX]/g, '').toLowerCase();
  const head = chars.slice(0, 5);
  const tail = digits(chars.slice(5)).slice(0, 4);
  const all = head + tail;
  if (all.length <= 3) return all;
  if (all.length <= 5) return `${all.slice(0, 3)}-${all.slice(3)}`;
  return `${all.slice(0, 3)}-${all.slice(3, 5)}-${all.slice(5)}`;
}

/** A date typed with the mask ##/##/####. */
export function maskDate(input: string): string {
  const d = digits(input).slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

function validYmd(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1000) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/**
 * MM/DD/YYYY to YYYY-MM-DD; undefined when it is not a real date. The year has four digits: a
 * two-digit year (07/04/88) could be either century, and a birth date read as 2088 is worse than asking.
 */
export function parseUsDate(input: string): string | undefined {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(input);
  if (!m) return undefined;
  const y = Number(m[3]);
  const mo = Number(m[1]);
  const d = Number(m[2]);
  if (!validYmd(y, mo, d)) return undefined;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** YYYY-MM-DD as MM/DD/YYYY; anything else unchanged. */
export function isoToUs(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** Epoch seconds as MM/DD/YYYY (UTC, so a stored day is the shown day everywhere). */
export function epochToUs(seconds: number): string {
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return '';
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/**
 * Epoch seconds as the reader's local date and time, MM/DD/YYYY, h:mm AM/PM: when a record or an
 * audit entry changed. Built from the Date's own fields rather than `toLocaleString`, whose first
 * call in a page loads the locale's calendar data, a visible part of an edit screen's first render.
 */
export function epochToUsDateTime(seconds: number): string {
  const d = new Date(seconds * 1000);
  if (Number.isNaN(d.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const h = d.getHours() % 12 || 12;
  const half = d.getHours() < 12 ? 'AM' : 'PM';
  return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()}, ${h}:${two(d.getMinutes())} ${half}`;
}

/** Epoch seconds as YYYY-MM-DD, for `<input type="date">`. */
export function epochToIso(seconds: number | undefined): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '';
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD as epoch seconds at UTC midnight. */
export function isoToEpoch(value: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m || !validYmd(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000;
}
