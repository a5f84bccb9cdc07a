/**
 * Payment information (spec/000 sections 3 to 5): paper check, or direct deposit into one to four
 * accounts paid in order, the last taking the rest (forced to a Percent Split of 100). The rules of
 * routing and account numbers and of the split amounts are the schema's (employee_payment_information.json);
 * a masked account number read back from the server is kept as it is. The company feature
 * hide_direct_deposit offers only Paper Check.
 */
import type { FieldError } from '../../engine/messages.ts';
import type { FormBehaviour, PatchFn } from '../behaviour/behaviour.ts';
import type { Account } from '../../types/generated/payroll/employee_payment_information.ts';

export const DIRECT_DEPOSIT = 'Direct Deposit';
export const PAPER_CHECK = 'Paper Check';
export const PERCENT_SPLIT = 'Percent Split';
export const FLAT_SPLIT = 'Flat Split';
export const MAX_ACCOUNTS = 4;

/** One account row as the form holds it while it is filled in: the schema's account, any part missing. */
export type DepositAccount = Partial<Account>;

/** An account number as the server answers it masked (x…x and the last digits). */
export function isMaskedAccount(value: unknown): boolean {
  return typeof value === 'string' && /^x{4,}\d{0,4}$/.test(value);
}

/** The payment methods the company offers. */
export function paymentMethods(features: Readonly<Record<string, boolean>>): string[] {
  return features.hide_direct_deposit === true ? [PAPER_CHECK] : [DIRECT_DEPOSIT, PAPER_CHECK];
}

export function newAccount(): DepositAccount {
  return { account_type: 'Checking', split_type: PERCENT_SPLIT, amount: 100 };
}

/**
 * The accounts with a new one last. The account that was last took the rest of the pay (100%) only
 * because it was last: kept, it would make the splits before the new one add up past 100, so its
 * amount is left for the person to give.
 */
export function withAccountAdded(accounts: readonly DepositAccount[]): DepositAccount[] {
  const kept = accounts.map((a, i) => {
    if (i !== accounts.length - 1) return a;
    const { amount: _rest, ...rest } = a;
    return rest;
  });
  return forceLastAccount([...kept, newAccount()]);
}

/** The last account takes the rest: Percent Split, 100. */
export function forceLastAccount(accounts: readonly DepositAccount[]): DepositAccount[] {
  if (!accounts.length) return [];
  const out = accounts.map((a) => ({ ...a }));
  out[out.length - 1] = { ...out[out.length - 1], split_type: PERCENT_SPLIT, amount: 100 };
  return out;
}

/**
 * The patterns of an account's fields (`props`: the schema item's properties, references resolved),
 * checked as
 * the user types, with the schema's own messages (x-messages.pattern). The rules across fields (the
 * ABA check digit, split amounts, the last account) are the schema's validate rule, which the form
 * runs in the browser as the server does (FormBehaviour.ruleBindings).
 */
export function accountErrors(
  accounts: readonly DepositAccount[] | undefined,
  props: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): FieldError[] {
  const out: FieldError[] = [];
  (accounts ?? []).forEach((a, i) => {
    for (const [field, prop] of Object.entries(props)) {
      const value = (a as Record<string, unknown>)[field];
      if (typeof prop.pattern !== 'string' || typeof value !== 'string' || value === '') continue;
      if (new RegExp(prop.pattern, 'u').test(value)) continue;
      const messages = (prop['x-messages'] ?? {}) as Record<string, string>;
      out.push({
        path: `/direct_deposit_accounts/${i}/${field}`,
        message: messages.pattern ?? 'Has an invalid format',
      });
    }
  });
  return out;
}

/**
 * Choosing Paper Check drops the accounts (the server drops them on save too); choosing Direct
 * Deposit starts with one account if there is none.
 */
const methodPatch: PatchFn = (next) => {
  if (next.desired_payment_method === PAPER_CHECK) return { direct_deposit_accounts: undefined };
  const accounts = next.direct_deposit_accounts;
  if (next.desired_payment_method === DIRECT_DEPOSIT && (!Array.isArray(accounts) || !accounts.length)) {
    return { direct_deposit_accounts: [newAccount()] };
  }
  return {};
};

const paymentInformationPatches: Readonly<Record<string, PatchFn>> = {
  desired_payment_method: methodPatch,
  direct_deposit_accounts: (next) =>
    Array.isArray(next.direct_deposit_accounts)
      ? { direct_deposit_accounts: forceLastAccount(next.direct_deposit_accounts as DepositAccount[]) }
      : {},
};

export const paymentInformationBehaviour: FormBehaviour = {
  patches: paymentInformationPatches,
  // The schema's rule needs no binding: it reads the accounts only.
  ruleBindings: () => NO_BINDINGS,
};

const NO_BINDINGS = {};

/**
 * What the last account receives, in words: the accounts before it take their percents or amounts
 * in order, and it takes what is left (its stored Percent Split of 100 is 100 % of that, not of the
 * pay). With percents alone before it, that is a share of the pay; with an amount among them it
 * depends on the pay.
 */
export function restOfPay(accounts: readonly DepositAccount[]): string {
  const before = accounts.slice(0, -1);
  if (!before.length) return 'All of the pay.';
  if (before.some((a) => a.split_type === FLAT_SPLIT)) return 'What is left of the pay after the accounts above.';
  const taken = before.reduce((n, a) => n + (typeof a.amount === 'number' ? a.amount : 0), 0);
  return taken >= 100 ? 'Nothing: the accounts above take all of the pay.' : `The rest: ${100 - taken} % of the pay.`;
}
