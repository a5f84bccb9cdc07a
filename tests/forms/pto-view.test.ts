/**
 * What the PTO pages show (forms/pages/pto/pto-view.ts): hours and days as read, the order of
 * requests, hours used net of time given back, and a month laid out in weeks.
 */
import { describe, it } from 'vitest';
import assert from 'node:assert/strict';
import {
  daysText,
  hoursText,
  monthWeeks,
  onDay,
  todayEpoch,
  upcomingFirst,
  usedHours,
  yearBounds,
} from '../../forms/pages/pto/pto-view.ts';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000;
const req = (key: string, start: number, end = start) => ({ key, data: { start_date: start, end_date: end } });

describe('PTO pages: what they show', () => {
  it('reads hours in words', () => {
    assert.equal(hoursText(40), '40 hours');
    assert.equal(hoursText(1), '1 hour');
    assert.equal(hoursText(-1), '-1 hour');
    assert.equal(hoursText(7.5), '7.5 hours');
    assert.equal(hoursText(0.1 + 0.2), '0.3 hours');
    assert.equal(hoursText(1234), '1,234 hours');
  });

  it('reads a request as its day or its first and last days', () => {
    assert.equal(daysText({ start_date: day(2027, 3, 1), end_date: day(2027, 3, 1) }), '03/01/2027');
    assert.equal(daysText({ start_date: day(2027, 3, 1), end_date: day(2027, 3, 2) }), '03/01/2027 – 03/02/2027');
  });

  it("takes today as the reader's own date, stored as days are (UTC midnight)", () => {
    const zone = process.env.TZ;
    try {
      // Late on March 1 in Los Angeles is already March 2 in UTC; early on March 2 in Tokyo is still
      // March 1 in UTC: today is the reader's date either way.
      for (const [tz, hour] of [
        ['America/Los_Angeles', 23],
        ['Asia/Tokyo', 0],
        ['UTC', 12],
      ] as const) {
        process.env.TZ = tz;
        const now = new Date(2027, 2, tz === 'Asia/Tokyo' ? 2 : 1, hour, 30);
        assert.equal(todayEpoch(now), day(2027, 3, tz === 'Asia/Tokyo' ? 2 : 1), tz);
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it('lists requests not over yet soonest first, then past ones latest first', () => {
    const today = day(2027, 3, 10);
    const { upcoming, past } = upcomingFirst(
      [
        req('past-old', day(2027, 1, 5)),
        req('later', day(2027, 4, 1)),
        req('ongoing', day(2027, 3, 9), day(2027, 3, 11)),
        req('past-recent', day(2027, 3, 1)),
        req('today', day(2027, 3, 10)),
      ],
      today,
    );
    assert.deepEqual(
      upcoming.map((r) => r.key),
      ['ongoing', 'today', 'later'],
    );
    assert.deepEqual(
      past.map((r) => r.key),
      ['past-recent', 'past-old'],
    );
  });

  it('counts hours taken in a span as use debits less use credits (time given back), per plan', () => {
    const at = day(2027, 3, 10);
    const used = usedHours(
      [
        { plan_id: 'v', action: 'debit', type: 'use', hours: 16, effective_date: at },
        { plan_id: 'v', action: 'credit', type: 'use', hours: 8, effective_date: at },
        { plan_id: 'v', action: 'credit', type: 'accrual', hours: 40, effective_date: at },
        { plan_id: 'v', action: 'debit', type: 'manual_adjustment', hours: 4, effective_date: at },
        { plan_id: 's', action: 'debit', type: 'use', hours: 0.1, effective_date: day(2027, 1, 1) },
        { plan_id: 's', action: 'debit', type: 'use', hours: 0.2, effective_date: day(2027, 3, 11) },
        { plan_id: 's', action: 'annotation', type: 'use', hours: 99, effective_date: at },
        // Approved, still to come: not taken yet; and last year's.
        { plan_id: 's', action: 'debit', type: 'use', hours: 8, effective_date: day(2027, 3, 12) },
        { plan_id: 'v', action: 'debit', type: 'use', hours: 8, effective_date: day(2026, 12, 31) },
      ],
      day(2027, 1, 1),
      day(2027, 3, 11),
    );
    assert.deepEqual(
      [...used],
      [
        ['v', 8],
        ['s', 0.3],
      ],
    );
  });

  it('bounds a calendar year in UTC seconds', () => {
    assert.deepEqual(yearBounds(2027), { from: day(2027, 1, 1), to: day(2028, 1, 1) - 1 });
  });

  it('lays a month out in weeks from Sunday', () => {
    // March 2027 starts on a Monday and has 31 days: five weeks.
    const weeks = monthWeeks(2027, 2);
    assert.equal(weeks.length, 5);
    assert.ok(weeks.every((w) => w.length === 7));
    assert.equal(weeks[0][0], null);
    assert.deepEqual(weeks[0][1], { date: day(2027, 3, 1), day: 1 });
    assert.deepEqual(weeks[4][3], { date: day(2027, 3, 31), day: 31 });
    assert.equal(weeks[4][4], null);
    // February 2026 starts on a Sunday and has 28 days: exactly four weeks.
    assert.equal(monthWeeks(2026, 1).length, 4);
    assert.deepEqual(monthWeeks(2026, 1)[0][0], { date: day(2026, 2, 1), day: 1 });
  });

  it('finds the requests that fall on a day, first and last days included', () => {
    const rs = [req('a', day(2027, 3, 1), day(2027, 3, 2)), req('b', day(2027, 3, 2)), req('c', day(2027, 3, 4))];
    assert.deepEqual(
      onDay(rs, day(2027, 3, 2)).map((r) => r.key),
      ['a', 'b'],
    );
    assert.deepEqual(onDay(rs, day(2027, 3, 3)), []);
  });
});
