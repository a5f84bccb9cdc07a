/**
 * A ledger line written or removed through the API (a manager's adjustment, an admin's removal)
 * moves the employee's balance record in the same commit (./pto-balances.ts, docs/pto.md).
 */
import type { TimePtoRegister } from '../../../types/generated/time/pto_register.ts';
import type { EntityHooks } from '../hooks.ts';
import { balanceOps, moveOf } from './pto-balances.ts';

export const ptoRegisterHooks: EntityHooks = {
  async extraOps({ s, caller, data, before }) {
    const moves = [...moveOf(data as Partial<TimePtoRegister>, 1)];
    if (before) moves.push(...moveOf(before as Partial<TimePtoRegister>, -1));
    return (await balanceOps(s, caller.org.id, caller.principal.userKey, moves)).ops;
  },
  async onDelete({ s, caller, record }) {
    const moves = moveOf(record.data as Partial<TimePtoRegister>, -1);
    return (await balanceOps(s, caller.org.id, caller.principal.userKey, moves)).ops;
  },
};
