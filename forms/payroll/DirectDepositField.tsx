/**
 * Split direct deposits ("ui:field": "directDeposit" on direct_deposit_accounts): one to four
 * accounts, the last forced to a Percent Split of 100. Hidden unless the payment method is Direct
 * Deposit (read from the form's root, see FormBehaviourField), and always hidden when the company's
 * feature hide_direct_deposit is on.
 */
import { useEffect, useRef, useState } from 'react';
import type { ErrorSchema, FieldProps, RJSFSchema } from '@rjsf/utils';
import { errorsAt, mergeErrors } from '../behaviour/behaviour.ts';
import { useRootData } from '../behaviour/RootData.tsx';
import { useFormsEnv } from '../env.tsx';
import { useFormsStyles } from '../styles/load-styles.ts';
import { DepositAccountRow } from './DepositAccountRow.tsx';
import {
  accountErrors,
  DIRECT_DEPOSIT,
  forceLastAccount,
  MAX_ACCOUNTS,
  newAccount,
  PAPER_CHECK,
  PERCENT_SPLIT,
  restOfPay,
  withAccountAdded,
  type DepositAccount,
} from './employee_payment_information.ts';

const FIELDS = ['account_nickname', 'routing_number', 'account_number', 'account_type', 'split_type', 'amount'];

function accountTypesOf(schema: FieldProps['schema']): string[] {
  const items = schema.items as { properties?: { account_type?: { enum?: unknown[] } } } | undefined;
  const list = items?.properties?.account_type?.enum;
  return Array.isArray(list) ? list.map(String) : ['Checking', 'Savings'];
}

/** The account item's properties, each with its shared definition resolved (the routing number's). */
function itemProperties(schema: FieldProps['schema'], registry: FieldProps['registry']) {
  const items = (schema.items ?? {}) as RJSFSchema;
  const props = (items.properties ?? {}) as Record<string, RJSFSchema>;
  return Object.fromEntries(
    Object.entries(props).map(([k, p]) => [k, registry.schemaUtils.retrieveSchema(p) as Record<string, unknown>]),
  );
}

export function DirectDepositField(props: FieldProps) {
  useFormsStyles();
  const { formData, onChange, onBlur, fieldPathId, schema, registry, readonly, disabled, errorSchema } = props;
  const root = useRootData();
  const env = useFormsEnv();
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const typedBefore = useRef<DepositAccount[] | undefined>(undefined);
  /** The account just added, whose first field takes the keyboard once it shows (the button moved down). */
  const [added, setAdded] = useState<number | undefined>();
  useEffect(() => {
    if (added === undefined) return;
    document.getElementById(`${fieldPathId.$id}_${added}_account_nickname`)?.focus();
    setAdded(undefined);
  }, [added, fieldPathId.$id]);
  const hidden = env.features.hide_direct_deposit === true;
  const method = root?.data.desired_payment_method;
  const shown = !hidden && (!root || method === DIRECT_DEPOSIT);
  const locked = !!(readonly || disabled);
  // Hidden accounts (rjsf fills a default one in) would fail validation out of sight: drop them, as
  // the server does on save. Only once a method is known: a screen may render once with empty data
  // before the record arrives, and a change made then would be reported over the record.
  const stale = !shown && typeof method === 'string' && Array.isArray(formData) && formData.length > 0 && !locked;
  useEffect(() => {
    if (stale) onChange(undefined, fieldPathId.path);
  }, [stale]);
  // The last account takes the rest of the pay, however the accounts came (a first account the form
  // filled in has no amount of its own): it is forced as soon as it shows.
  const list = (Array.isArray(formData) ? formData : []) as DepositAccount[];
  const lastOne = list.at(-1);
  const unforced = shown && !locked && !!lastOne && (lastOne.amount !== 100 || lastOne.split_type !== PERCENT_SPLIT);
  useEffect(() => {
    if (unforced) onChange(forceLastAccount(list), fieldPathId.path);
  }, [unforced]);

  // Paper Check drops the accounts (the behaviour's patch, as the server does on save); the accounts
  // typed before are kept here, and choosing Direct Deposit again while nothing has been typed into
  // the new empty account brings them back rather than making her type them anew.
  const untouched = JSON.stringify(list) === JSON.stringify(forceLastAccount([newAccount()]));
  if (shown && list.length && !untouched) typedBefore.current = list;
  const restore = shown && !locked && untouched && typedBefore.current !== undefined;
  useEffect(() => {
    if (restore && typedBefore.current) onChange(typedBefore.current, fieldPathId.path);
  }, [restore]);

  if (!shown) {
    const note = hidden
      ? 'Your employer pays by paper check.'
      : method === PAPER_CHECK
        ? 'Paid by paper check: no direct deposit accounts.'
        : 'Choose Direct Deposit to add bank accounts.';
    return <p className="direct-deposit__note muted">{note}</p>;
  }

  const accounts = (Array.isArray(formData) ? formData : []) as DepositAccount[];
  const showAll = !!(registry.formContext as { showAll?: boolean } | undefined)?.showAll;
  // The fields' patterns as the user types, plus the schema rule's and the server's messages.
  const local = accountErrors(accounts, itemProperties(schema, registry)).map((e) => ({
    ...e,
    path: e.path.replace('/direct_deposit_accounts', ''),
  }));
  const errors = mergeErrors(errorSchema as ErrorSchema | undefined, local);
  const emit = (next: DepositAccount[]) => onChange(forceLastAccount(next), fieldPathId.path);
  const title = schema.title ?? 'Direct deposit accounts';

  return (
    <div className="direct-deposit" id={fieldPathId.$id}>
      <h3 className="direct-deposit__title">{title}</h3>
      <p className="muted">
        Up to {MAX_ACCOUNTS} accounts, paid in order. The last account receives the rest of the pay.
      </p>
      {errorsAt(errors).length > 0 && (
        <ul className="field__errors">
          {errorsAt(errors).map((e) => (
            <li key={e} className="field__error">
              {e}
            </li>
          ))}
        </ul>
      )}
      {accounts.map((a, i) => {
        const rowErrors: Record<string, string[]> = {};
        for (const f of FIELDS) {
          if (showAll || touched.has(`${i}/${f}`)) rowErrors[f] = errorsAt(errors, i, f);
        }
        return (
          <DepositAccountRow
            key={a.id ?? i}
            id={`${fieldPathId.$id}_${i}`}
            index={i}
            account={a}
            last={i === accounts.length - 1}
            rest={i === accounts.length - 1 ? restOfPay(accounts) : undefined}
            accountTypes={accountTypesOf(schema)}
            errors={rowErrors}
            locked={locked}
            onChange={(next) => emit(accounts.map((x, j) => (j === i ? next : x)))}
            onBlur={(f) => {
              setTouched((t) => new Set(t).add(`${i}/${f}`));
              onBlur(`${fieldPathId.$id}_${i}_${f}`, a[f as keyof DepositAccount]);
            }}
            onRemove={!locked && accounts.length > 1 ? () => emit(accounts.filter((_, j) => j !== i)) : undefined}
          />
        );
      })}
      {!locked && accounts.length < MAX_ACCOUNTS && (
        <button
          type="button"
          className="btn"
          onClick={() => {
            emit(withAccountAdded(accounts));
            setAdded(accounts.length);
          }}
        >
          Add account
        </button>
      )}
    </div>
  );
}
