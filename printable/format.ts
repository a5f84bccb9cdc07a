/**
 * How a mapped value is printed: pure functions from whatever an expression answered to the text
 * on the form. Dates are MM/DD/YYYY (a calendar date as stored, at 00:00 UTC); a signature's date
 * (signedDate) is the day its instant falls on in the company's time zone; phones (###) ###-####.
 */
import { DEFAULT_TIME_ZONE, localDay } from '../engine/local-day.ts';
import { epochToUs, formatPhone, isoToUs } from '../engine/masks.ts';
import type { ValueFormat } from './layout.ts';

export function isBlank(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.every(isBlank));
}

function plainText(v: unknown): string {
  if (isBlank(v)) return '';
  if (Array.isArray(v))
    return v
      .filter((x) => !isBlank(x))
      .map(plainText)
      .join(', ');
  if (typeof v === 'object') return ''; // an object is never printed as such
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  return String(v);
}

function formatDate(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return epochToUs(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return epochToUs(Number(v));
  return typeof v === 'string' ? isoToUs(v.slice(0, 10)) : plainText(v);
}

/** An instant (a signature's timestamp, epoch seconds) as the company's calendar day it fell on. */
function formatSignedDate(v: unknown, timeZone: string): string {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n === 'number' && Number.isFinite(n)) return epochToUs(localDay(n, timeZone));
  return formatDate(v);
}

/** Whole dollars with thousands separators; cents only when there are some. */
function formatMoney(v: unknown): string {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v.replace(/[$,\s]/g, '')) : v;
  if (typeof n !== 'number' || !Number.isFinite(n)) return plainText(v);
  const cents = Math.round(n * 100) % 100 !== 0;
  return n.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 });
}

function formatSsn(v: unknown): string {
  const s = plainText(v);
  const d = s.replace(/[^0-9xX]/g, '');
  return d.length === 9 ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : s;
}

/**
 * The text printed for a value: formatted, or the layout's blank text when there is nothing;
 * `timeZone` is the company's, for signedDate.
 */
export function formatValue(
  v: unknown,
  format: ValueFormat = 'text',
  blank = '',
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  if (isBlank(v)) return blank;
  let out: string;
  switch (format) {
    case 'date':
      out = formatDate(v);
      break;
    case 'signedDate':
      out = formatSignedDate(v, timeZone);
      break;
    case 'money':
      out = formatMoney(v);
      break;
    case 'number':
      out = typeof v === 'number' ? String(v) : plainText(v);
      break;
    case 'ssn':
      out = formatSsn(v);
      break;
    case 'phone':
      out = formatPhone(plainText(v));
      break;
    case 'upper':
      out = plainText(v).toUpperCase();
      break;
    default:
      out = plainText(v);
  }
  return out === '' ? blank : out;
}

/** A check box is ticked by true, a non-zero number or a non-empty text other than false/no/0. */
export function isTicked(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(isTicked);
  if (typeof v === 'string') return !['', 'false', 'no', '0', 'off'].includes(v.trim().toLowerCase());
  return v === true || (typeof v === 'number' && v !== 0);
}
