import { describe, expect, it } from 'vitest';
import { pendingHours, planBalances } from '../../engine/pto-ledger.ts';

describe('PTO balances from the ledger', () => {
  it('credits less debits per plan; annotations and lines without a plan move nothing', () => {
    const b = planBalances([
      { plan_id: 'v', action: 'credit', hours: 40 },
      { plan_id: 'v', action: 'debit', hours: 16 },
      { plan_id: 'v', action: 'annotation', hours: 99 },
      { plan_id: 's', action: 'credit', hours: 8 },
      { action: 'credit', hours: 5 },
    ]);
    expect([...b]).toEqual([
      ['v', 24],
      ['s', 8],
    ]);
  });
  it('keeps hours to the hundredth (ten credits of 0.1 are 1)', () => {
    const b = planBalances(Array.from({ length: 10 }, () => ({ plan_id: 'v', action: 'credit' as const, hours: 0.1 })));
    expect(b.get('v')).toBe(1);
  });
  it('a balance may go below zero', () => {
    expect(planBalances([{ plan_id: 'v', action: 'debit', hours: 4 }]).get('v')).toBe(-4);
  });
  it('pending counts only requests not decided yet', () => {
    const p = pendingHours([
      { plan_id: 'v', status: 'requested', hours: 8 },
      { plan_id: 'v', status: 'approved', hours: 16 },
      { plan_id: 'v', status: 'denied', hours: 4 },
      { plan_id: 'v', status: 'requested', hours: 2.5 },
    ]);
    expect(p.get('v')).toBe(10.5);
  });
});

describe('sums that floats would drift', () => {
  it('a thousand lines of 0.07 are 70, whatever their order', () => {
    const lines = Array.from({ length: 1000 }, () => ({
      plan_id: 'v',
      action: 'credit' as const,
      hours: 0.07,
    }));
    expect(planBalances(lines).get('v')).toBe(70);
    expect(pendingHours(lines.map((l) => ({ ...l, status: 'requested' as const }))).get('v')).toBe(70);
  });
});
