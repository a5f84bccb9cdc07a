/**
 * A ledger line written or removed through the API (a manager's adjustment, an admin's removal)
 * moves the employee's balance record in the same commit (./pto-balances.ts, docs/pto.md). Nobody
 * writes or removes a line of their own balance: as nobody decides their own time off, a credit
 * by the person it benefits is no sign-off, and balances are money.
 */
import type { TimePtoRegister } from '../../../types/generated/time/pto_register.ts';
import { ApiError } from '../../http/errors.ts';
import type { EntityHooks } from '../hooks.ts';
import { balanceOps, moveOf } from './pto-balances.ts';

export const OWN_BALANCE = 'Your own balance is adjusted by another PTO manager.';

export const ptoRegisterHooks: EntityHooks = {
  validate({ caller, data }) {
    return data.user_id === caller.principal.userKey ? [{ path: '/user_id', message: OWN_BALANCE }] : [];
  },
  async extraOps({ s, caller, data, before }) {
    const moves = [...moveOf(data as Partial<TimePtoRegister>, 1)];
    if (before) moves.push(...moveOf(before as Partial<TimePtoRegister>, -1));
    return (await balanceOps(s, caller.org.id, caller.principal.userKey, moves)).ops;
  },
  async onDelete({ s, caller, record }) {
    if (record.data.user_id === caller.principal.userKey) {
      throw new ApiError(403, OWN_BALANCE, [{ path: '/user_id', message: OWN_BALANCE }]);
    }
    const moves = moveOf(record.data as Partial<TimePtoRegister>, -1);
    return (await balanceOps(s, caller.org.id, caller.principal.userKey, moves)).ops;
  },
};
