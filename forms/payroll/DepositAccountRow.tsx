/**
 * One direct deposit account of DirectDepositField: bank name, routing and account numbers (digits
 * only), account type, split type and amount. The last account is a Percent Split of 100, read-only.
 */
import type { ReactNode } from 'react';
import { digits } from '../../engine/masks.ts';
import { FLAT_SPLIT, isMaskedAccount, PERCENT_SPLIT, type DepositAccount } from './employee_payment_information.ts';
import { useAmountText } from '../widgets/useAmountText.ts';

export interface DepositAccountRowProps {
  id: string;
  index: number;
  account: DepositAccount;
  last: boolean;
  /** What the last account receives, in words (employee_payment_information.ts restOfPay). */
  rest?: string;
  accountTypes: readonly string[];
  /** Messages per field name, already filtered to what may show. */
  errors: Readonly<Record<string, string[]>>;
  locked: boolean;
  onChange(next: DepositAccount): void;
  onBlur(field: string): void;
  onRemove?: () => void;
}

function Field(props: { id: string; label: string; errors?: string[]; children: ReactNode; className?: string }) {
  const errs = props.errors ?? [];
  return (
    <div className={`deposit-account__field ${props.className ?? ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {errs.length > 0 && (
        <ul id={`${props.id}__error`} className="field__errors">
          {errs.map((e) => (
            <li key={e} className="field__error">
              {e}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What typing into the account number stores: digits; typing over a masked value starts afresh. */
export function accountNumberInput(previous: string | undefined, text: string): string | undefined {
  const typed = isMaskedAccount(previous) && text.startsWith(previous!) ? text.slice(previous!.length) : text;
  const d = digits(typed).slice(0, 17);
  return d === '' ? undefined : d;
}

export function DepositAccountRow(p: DepositAccountRowProps) {
  const { id, index, account: a, last, errors, locked } = p;
  const set = (patch: Partial<DepositAccount>) => p.onChange({ ...a, ...patch });
  const invalid = (f: string) => (errors[f]?.length ? true : undefined);
  const described = (f: string) => (errors[f]?.length ? `${id}_${f}__error` : undefined);
  const percent = a.split_type !== FLAT_SPLIT;
  const amount = useAmountText(a.amount, percent ? 3 : 9);
  return (
    <fieldset className="deposit-account">
      <legend>
        Account {index + 1}
        {last && <span className="muted"> · receives the rest of the pay</span>}
      </legend>
      <div className="deposit-account__grid">
        <Field id={`${id}_account_nickname`} label="Bank name">
          <input
            id={`${id}_account_nickname`}
            className="input"
            type="text"
            maxLength={64}
            value={a.account_nickname ?? ''}
            readOnly={locked}
            onChange={(e) => set({ account_nickname: e.target.value || undefined })}
            onBlur={() => p.onBlur('account_nickname')}
          />
        </Field>
        <Field id={`${id}_routing_number`} label="Routing number" errors={errors.routing_number}>
          <input
            id={`${id}_routing_number`}
            className="input input--mono"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="9 digits"
            value={a.routing_number ?? ''}
            readOnly={locked}
            required
            aria-invalid={invalid('routing_number')}
            aria-describedby={described('routing_number')}
            onChange={(e) => set({ routing_number: digits(e.target.value).slice(0, 9) || undefined })}
            onBlur={() => p.onBlur('routing_number')}
          />
        </Field>
        <Field id={`${id}_account_number`} label="Account number" errors={errors.account_number}>
          <input
            id={`${id}_account_number`}
            className="input input--mono"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            value={a.account_number ?? ''}
            readOnly={locked}
            required
            aria-invalid={invalid('account_number')}
            aria-describedby={described('account_number')}
            onFocus={(e) => isMaskedAccount(a.account_number) && e.target.select()}
            onChange={(e) => set({ account_number: accountNumberInput(a.account_number, e.target.value) })}
            onBlur={() => p.onBlur('account_number')}
          />
        </Field>
        <Field id={`${id}_account_type`} label="Account type" errors={errors.account_type}>
          <select
            id={`${id}_account_type`}
            className="input"
            value={a.account_type ?? ''}
            disabled={locked}
            onChange={(e) => set({ account_type: (e.target.value || undefined) as DepositAccount['account_type'] })}
            onBlur={() => p.onBlur('account_type')}
          >
            {!a.account_type && <option value="">Choose…</option>}
            {p.accountTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </Field>
        <div className="deposit-account__field" role="radiogroup" aria-label={`Account ${index + 1} split type`}>
          <span className="deposit-account__label">Split type</span>
          {([PERCENT_SPLIT, FLAT_SPLIT] as const).map((s) => (
            <label key={s} className="radio-inline">
              <input
                type="radio"
                name={`${id}_split_type`}
                value={s}
                checked={(a.split_type ?? PERCENT_SPLIT) === s}
                disabled={locked || last}
                // A percent is no amount of dollars, nor the reverse: the other kind is typed anew.
                onChange={() => set({ split_type: s, amount: undefined })}
              />
              {s}
            </label>
          ))}
        </div>
        <Field
          id={`${id}_amount`}
          label={percent ? 'Amount (percent)' : 'Amount (dollars)'}
          errors={errors.amount}
          className={percent ? 'deposit-account__field--percent' : 'deposit-account__field--dollars'}
        >
          <span className="input-affix">
            {!percent && <span className="input-affix__text">$</span>}
            <input
              id={`${id}_amount`}
              className="input"
              type="text"
              inputMode="numeric"
              value={amount.text}
              readOnly={locked || last}
              aria-readonly={last || undefined}
              aria-describedby={
                [described('amount'), last && p.rest ? `${id}_rest` : undefined].filter(Boolean).join(' ') || undefined
              }
              aria-invalid={invalid('amount')}
              onChange={(e) => set({ amount: amount.type(e.target.value) })}
              onBlur={() => p.onBlur('amount')}
            />
            {percent && <span className="input-affix__text">%</span>}
          </span>
          {last && p.rest && (
            <p id={`${id}_rest`} className="field-description">
              {p.rest}
            </p>
          )}
        </Field>
      </div>
      {p.onRemove && (
        <button type="button" className="btn btn--small" onClick={p.onRemove}>
          Remove account {index + 1}
        </button>
      )}
    </fieldset>
  );
}
