/**
 * A ledger written before balance records were kept gets them at the first start (server/data/hooks/
 * pto-balances.ts): each employee's plan summed from its lines, an existing record left as it is, and
 * the next start finds nothing left to do. In-process, to write ledger lines as the old code did.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { backfillPtoBalances, balanceKey } from '../../server/data/hooks/pto-balances.ts';
import { systemPut } from '../../server/data/system-write.ts';
import type { Services } from '../../server/services.ts';
import { inProcessDemo } from '../helpers/in-process.ts';

let services: Services;
let acme: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, acme, close } = await inProcessDemo('dform-pto-backfill-'));
});
afterAll(() => close());

test('ledgers without balance records get them once, summed from their lines', async () => {
  const user = randomUUID();
  const plan = randomUUID();
  const line = (action: 'credit' | 'debit', hours: number) =>
    systemPut(services, 'time/pto_register', acme, randomUUID(), {
      user_id: user,
      plan_id: plan,
      action,
      type: 'manual_adjustment',
      hours,
      effective_date: 1_790_000_000,
    });
  // As the code before balance records wrote a ledger: lines alone.
  await services.storage.commit([line('credit', 40), line('debit', 12.5), line('credit', 0.1), line('debit', 0.2)]);
  // The demo's four balances were written with its ledger, so this one alone is made.
  expect(await backfillPtoBalances(services)).toBe(1);
  const made = await services.storage.get('time/pto_balance', acme, balanceKey(user, plan));
  expect(made?.data).toEqual({ user_id: user, plan_id: plan, hours: 27.4 });
  expect(await backfillPtoBalances(services)).toBe(0);
});
