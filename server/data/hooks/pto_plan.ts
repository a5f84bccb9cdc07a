/**
 * A PTO plan that people are in, asked time off on, or hold hours of is not deleted: its requests and
 * ledger lines would name nothing, and balances would show hours on no plan. It is set inactive
 * instead (docs/pto.md), which keeps its history and offers it no more.
 */
import { ApiError } from '../../http/errors.ts';
import type { EntityHooks } from '../hooks.ts';

const USES = [
  ['time/pto_employee', 'plan_ids', 'contains'],
  ['time/pto_request', 'plan_id', '='],
  ['time/pto_register', 'plan_id', '='],
] as const;

export const ptoPlanHooks: EntityHooks = {
  async onDelete({ s, caller, record }) {
    for (const [collection, field, is] of USES) {
      const found = await s.storage.find(collection, caller.org.id, {
        criteria: [{ field, is, value: record.key }],
        limit: 1,
        offset: 0,
      });
      if (found.total > 0) {
        const name = typeof record.data.name === 'string' ? record.data.name : 'This plan';
        throw new ApiError(
          409,
          `${name} has employees, requests or ledger lines: set its status to inactive instead of deleting it.`,
        );
      }
    }
    // What is left of the plan's balances is zero (no ledger line moves them): they go with it.
    const balances = await s.storage.find('time/pto_balance', caller.org.id, {
      criteria: [{ field: 'plan_id', is: '=', value: record.key }],
      limit: Number.MAX_SAFE_INTEGER,
      offset: 0,
    });
    return balances.items.map((b) => ({
      op: 'delete' as const,
      collection: b.collection,
      org: b.org,
      key: b.key,
      expectVersion: b.meta.version,
    }));
  },
};
