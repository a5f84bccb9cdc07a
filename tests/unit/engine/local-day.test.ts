/**
 * The company's calendar day of an instant (engine/local-day.ts): a signature's timestamp read in the
 * company's time zone, answered as a stored date (00:00 UTC of that day); the company's zone from its
 * own setting, else its state, else America/New_York; and the I-9 deadlines read through it.
 */
import { expect, test } from 'vitest';
import { i9Dates, overdueSections } from '../../../engine/i9-deadlines.ts';
import { companyTimeZone, localDay, TIME_ZONES } from '../../../engine/local-day.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 1000;

test.each([
  // 5 pm Pacific on November 27 is already the 28th in UTC.
  ['2026-11-28T01:00:00Z', 'America/Los_Angeles', '2026-11-27'],
  ['2026-11-28T01:00:00Z', 'America/New_York', '2026-11-27'],
  ['2026-11-28T06:00:00Z', 'America/Los_Angeles', '2026-11-27'],
  ['2026-11-28T06:00:00Z', 'America/New_York', '2026-11-28'],
  // Day edges on either side of UTC.
  ['2026-11-28T07:59:59Z', 'America/Los_Angeles', '2026-11-27'],
  ['2026-11-28T08:00:00Z', 'America/Los_Angeles', '2026-11-28'],
  ['2026-11-27T13:59:59Z', 'Pacific/Guam', '2026-11-27'],
  ['2026-11-27T14:00:00Z', 'Pacific/Guam', '2026-11-28'],
  ['2026-11-28T10:59:59Z', 'Pacific/Pago_Pago', '2026-11-27'],
  ['2026-11-28T11:00:00Z', 'Pacific/Pago_Pago', '2026-11-28'],
  // Daylight saving time begins (March 8, 2026): midnight is 08:00 UTC before, 07:00 UTC after.
  ['2026-03-08T07:59:59Z', 'America/Los_Angeles', '2026-03-07'],
  ['2026-03-08T08:00:00Z', 'America/Los_Angeles', '2026-03-08'],
  ['2026-03-09T06:59:59Z', 'America/Los_Angeles', '2026-03-08'],
  ['2026-03-09T07:00:00Z', 'America/Los_Angeles', '2026-03-09'],
  // ... and ends (November 1, 2026): the 25-hour day.
  ['2026-11-01T06:59:59Z', 'America/Los_Angeles', '2026-10-31'],
  ['2026-11-01T07:00:00Z', 'America/Los_Angeles', '2026-11-01'],
  ['2026-11-02T07:59:59Z', 'America/Los_Angeles', '2026-11-01'],
  ['2026-11-02T08:00:00Z', 'America/Los_Angeles', '2026-11-02'],
  ['2026-11-01T04:30:00Z', 'America/New_York', '2026-11-01'],
  // Phoenix keeps standard time all year: midnight is 07:00 UTC in summer too.
  ['2026-07-01T06:59:59Z', 'America/Phoenix', '2026-06-30'],
  ['2026-07-01T07:00:00Z', 'America/Phoenix', '2026-07-01'],
  ['2026-07-01T06:59:59Z', 'America/Denver', '2026-07-01'],
  // A year's last evening.
  ['2027-01-01T04:59:59Z', 'America/New_York', '2026-12-31'],
  ['2027-01-01T05:00:00Z', 'America/New_York', '2027-01-01'],
  // A zone the product does not list is read as America/New_York.
  ['2026-11-28T03:00:00Z', 'Europe/Paris', '2026-11-27'],
  ['2026-11-28T03:00:00Z', 'Not/AZone', '2026-11-27'],
])('%s in %s is %s', (instant, zone, date) => {
  expect(localDay(at(instant), zone)).toBe(day(date));
});

test('a time no date holds has no day', () => {
  expect(localDay(Number.NaN, 'America/New_York')).toBeNaN();
  expect(localDay(1e20, 'America/Los_Angeles')).toBeNaN();
});

test('every listed time zone is one this runtime knows', () => {
  for (const zone of TIME_ZONES) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
});

test("the company's time zone: its own, else its state's, else America/New_York", () => {
  expect(companyTimeZone({ time_zone: 'America/Chicago', state: 'CA' })).toBe('America/Chicago');
  expect(companyTimeZone({ state: 'CA' })).toBe('America/Los_Angeles');
  expect(companyTimeZone({ state: 'AZ' })).toBe('America/Phoenix');
  expect(companyTimeZone({ state: 'TX' })).toBe('America/Chicago');
  expect(companyTimeZone({ state: 'CO' })).toBe('America/Denver');
  expect(companyTimeZone({ state: 'HI' })).toBe('Pacific/Honolulu');
  expect(companyTimeZone({ state: 'AK' })).toBe('America/Anchorage');
  expect(companyTimeZone({ state: 'NY' })).toBe('America/New_York');
  expect(companyTimeZone({ time_zone: 'Europe/Paris', state: 'OR' })).toBe('America/Los_Angeles');
  expect(companyTimeZone({})).toBe('America/New_York');
  expect(companyTimeZone(undefined)).toBe('America/New_York');
});

test('Section 1 signed at 5 pm Pacific on the first day is on time in California', () => {
  const i9 = { first_day: day('2026-11-27'), employee_signature: { name: 'A', timestamp: at('2026-11-28T01:00:00Z') } };
  expect(i9Dates(i9, {}, 'America/Los_Angeles').late).toBeUndefined();
  // 10 pm Pacific is 1 am the next day in New York.
  const late = { ...i9, employee_signature: { name: 'A', timestamp: at('2026-11-28T06:00:00Z') } };
  expect(i9Dates(late, {}, 'America/Los_Angeles').late).toBeUndefined();
  expect(i9Dates(late, {}, 'America/New_York').late).toEqual(['Section 1']);
  // The next morning in California is late.
  const next = { ...i9, employee_signature: { name: 'A', timestamp: at('2026-11-28T08:00:00Z') } };
  expect(i9Dates(next, {}, 'America/Los_Angeles').late).toEqual(['Section 1']);
});

test("a section is overdue once the company's day is past its due day", () => {
  const dates = { section1_due: day('2026-11-27'), section2_due: day('2026-12-02') };
  const none = { 'Section 1': false, 'Section 2': false };
  expect(overdueSections(dates, none, at('2026-11-28T01:00:00Z'), 'America/Los_Angeles')).toEqual([]);
  expect(overdueSections(dates, none, at('2026-11-28T07:59:59Z'), 'America/Los_Angeles')).toEqual([]);
  expect(overdueSections(dates, none, at('2026-11-28T08:00:00Z'), 'America/Los_Angeles')).toEqual(['Section 1']);
  expect(overdueSections(dates, none, at('2026-11-28T05:00:00Z'), 'America/New_York')).toEqual(['Section 1']);
});
