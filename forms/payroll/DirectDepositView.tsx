/**
 * The direct deposit accounts on a read-only view: each account as the person reads it, in the
 * order the pay goes, with what it receives in words ("30% of the pay", "$250", "The rest of the
 * pay") and without the id the server keeps for each account.
 */
import { useFormsStyles } from '../styles/load-styles.ts';
import { FLAT_SPLIT, type DepositAccount } from './employee_payment_information.ts';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** What an account receives: the last one the rest, the others their split. */
export function receives(account: DepositAccount, last: boolean): string {
  if (last) return 'The rest of the pay';
  if (typeof account.amount !== 'number') return '—';
  return account.split_type === FLAT_SPLIT ? dollars.format(account.amount) : `${account.amount}% of the pay`;
}

export function DirectDepositView({ value }: { value: unknown }) {
  useFormsStyles();
  const accounts = (Array.isArray(value) ? value : []) as DepositAccount[];
  if (!accounts.length) return <span className="muted">—</span>;
  return (
    <ol className="view-list">
      {accounts.map((a, i) => (
        <li key={a.id ?? i}>
          <dl className="details">
            <div>
              <dt>Bank name</dt>
              <dd>{a.account_nickname || '—'}</dd>
            </div>
            <div>
              <dt>Routing number</dt>
              <dd>{a.routing_number ?? '—'}</dd>
            </div>
            <div>
              <dt>Account number</dt>
              <dd>{a.account_number ?? '—'}</dd>
            </div>
            <div>
              <dt>Account type</dt>
              <dd>{a.account_type ?? '—'}</dd>
            </div>
            <div>
              <dt>Receives</dt>
              <dd>{receives(a, i === accounts.length - 1)}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
