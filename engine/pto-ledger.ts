/**
 * An employee's PTO balance, read from their ledger (`time/pto_register`): a plan's balance is its
 * credits less its debits; annotations and balance summaries move nothing. An approved request is
 * in the ledger as a `use` debit the server writes with the decision (docs/pto.md), so hours asked
 * and not yet decided are counted apart, as pending.
 */
import type { TimePtoRegister } from '../types/generated/time/pto_register.ts';
import type { TimePtoRequest } from '../types/generated/time/pto_request.ts';

export type LedgerLine = Pick<TimePtoRegister, 'plan_id' | 'action' | 'hours'>;
export type RequestLine = Pick<TimePtoRequest, 'plan_id' | 'status' | 'hours'>;

/** Hours are kept to the hundredth, as a timesheet shows them: sums of 0.1s stay exact. */
export function roundHours(hours: number): number {
  return Math.round(hours * 100) / 100;
}

/** What one ledger line does to its plan's balance, in hours. */
export function lineEffect(line: LedgerLine): number {
  const hours = typeof line.hours === 'number' && Number.isFinite(line.hours) ? line.hours : 0;
  if (line.action === 'credit') return hours;
  if (line.action === 'debit') return -hours;
  return 0;
}

/**
 * Each plan's balance from its ledger lines (lines without a plan belong to none), summed in whole
 * hundredths so that no order of lines and no count of them drifts the total.
 */
export function planBalances(lines: readonly LedgerLine[]): Map<string, number> {
  const cents = new Map<string, number>();
  for (const line of lines) {
    if (!line.plan_id) continue;
    cents.set(line.plan_id, (cents.get(line.plan_id) ?? 0) + Math.round(lineEffect(line) * 100));
  }
  return new Map([...cents].map(([plan, c]) => [plan, c / 100]));
}

/** Each plan's hours asked for and not decided yet. */
export function pendingHours(requests: readonly RequestLine[]): Map<string, number> {
  const cents = new Map<string, number>();
  for (const r of requests) {
    if (r.status !== 'requested' || !r.plan_id || typeof r.hours !== 'number' || !Number.isFinite(r.hours)) continue;
    cents.set(r.plan_id, (cents.get(r.plan_id) ?? 0) + Math.round(r.hours * 100));
  }
  return new Map([...cents].map(([plan, c]) => [plan, c / 100]));
}
