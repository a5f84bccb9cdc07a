/**
 * Payment information (spec/000 sections 3 to 5): paper check, or direct deposit into one to four
 * accounts paid in order, the last taking the rest (forced to a Percent Split of 100). Routing numbers
 * are 9 digits with a valid ABA check digit; account numbers are digits (a masked value read back from
 * the server is kept as it is). The company feature hide_direct_deposit offers only Paper Check.
 */
import type { FieldError } from '../../engine/messages.ts';
import type { FormBehaviour, FormData, PatchFn } from '../behaviour/behaviour.ts';

export const DIRECT_DEPOSIT = 'Direct Deposit';
export const PAPER_CHECK = 'Paper Check';
export const PERCENT_SPLIT = 'Percent Split';
export const FLAT_SPLIT = 'Flat Split';
export const MAX_ACCOUNTS = 4;

export const MESSAGES = {
  routingLength: 'Routing number must be 9 digits.',
  routingCheck: 'Routing number check digit is not valid.',
  accountDigits: 'Account number must be digits only.',
  accountRequired: 'Account number is required.',
  percent: 'A Percent Split amount must be a whole number from 0 to 100.',
  flat: 'A Flat Split amount must be a whole number of dollars, 0 or more.',
  amountRequired: 'Amount is required.',
} as const;

export interface DepositAccount {
  /** Given by the server; keeps a masked account number tied to its own account. */
  id?: string;
  account_nickname?: string;
  routing_number?: string;
  account_number?: string;
  account_type?: string;
  split_type?: string;
  amount?: number;
}

/** ABA routing number check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function abaCheckDigitValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0;
}

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

/** The last account takes the rest: Percent Split, 100. */
export function forceLastAccount(accounts: readonly DepositAccount[]): DepositAccount[] {
  if (!accounts.length) return [];
  const out = accounts.map((a) => ({ ...a }));
  out[out.length - 1] = { ...out[out.length - 1], split_type: PERCENT_SPLIT, amount: 100 };
  return out;
}

export function isLastAccount(index: number, accounts: readonly unknown[]): boolean {
  return index === accounts.length - 1;
}

/** The rules the account rows check as the user types (the server checks the same and the rest). */
export function accountErrors(accounts: readonly DepositAccount[] | undefined): FieldError[] {
  const out: FieldError[] = [];
  (accounts ?? []).forEach((a, i) => {
    const at = (f: string) => `/direct_deposit_accounts/${i}/${f}`;
    const routing = a.routing_number ?? '';
    if (routing !== '' || a.account_number !== undefined) {
      if (!/^\d{9}$/.test(routing)) out.push({ path: at('routing_number'), message: MESSAGES.routingLength });
      else if (!abaCheckDigitValid(routing)) out.push({ path: at('routing_number'), message: MESSAGES.routingCheck });
    }
    const account = a.account_number;
    if (account !== undefined && account !== '' && !isMaskedAccount(account) && !/^\d{1,17}$/.test(account)) {
      out.push({ path: at('account_number'), message: MESSAGES.accountDigits });
    }
    if (typeof a.amount === 'number') {
      const whole = Number.isInteger(a.amount) && a.amount >= 0;
      if (a.split_type === PERCENT_SPLIT && (!whole || a.amount > 100)) {
        out.push({ path: at('amount'), message: MESSAGES.percent });
      } else if (a.split_type === FLAT_SPLIT && !whole) out.push({ path: at('amount'), message: MESSAGES.flat });
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

export const paymentInformationPatches: Readonly<Record<string, PatchFn>> = {
  desired_payment_method: methodPatch,
  direct_deposit_accounts: (next) =>
    Array.isArray(next.direct_deposit_accounts)
      ? { direct_deposit_accounts: forceLastAccount(next.direct_deposit_accounts as DepositAccount[]) }
      : {},
};

export function validatePaymentInformation(data: FormData): FieldError[] {
  if (data.desired_payment_method !== DIRECT_DEPOSIT) return [];
  return accountErrors(data.direct_deposit_accounts as DepositAccount[] | undefined);
}

export const paymentInformationBehaviour: FormBehaviour = {
  patches: paymentInformationPatches,
  validate: validatePaymentInformation,
};
