/**
 * Paystubs (/paystubs and /inactive/paystubs): the signed-in person's own pay statements, newest
 * first, with pay date, period, gross and net pay, each opening its printable statement; or, while
 * the company has paystubs blocked, a plain sentence saying so. The design is docs/paystubs.md.
 */
import { epochToUs } from '../../engine/masks.ts';
import { dollars } from '../../engine/money.ts';
import { Pager } from '../screens/list/Pager.tsx';
import { usePaystubs, type Paystub, PAYSTUBS_PAGE_SIZE } from './paystubs/usePaystubs.ts';

function PaystubRow({ stub, open }: { stub: Paystub; open(key: string): void }) {
  const d = stub.data;
  const payDate = epochToUs(d.pay_date);
  return (
    <tr>
      <th scope="row" data-label="Pay date">
        {payDate}
      </th>
      <td data-label="Period">
        {epochToUs(d.period_start)} to {epochToUs(d.period_end)}
      </td>
      <td data-label="Gross pay">{dollars(d.gross_pay)}</td>
      <td data-label="Net pay">{dollars(d.net_pay)}</td>
      <td data-label="Statement">
        <button type="button" className="btn btn--small" onClick={() => open(stub.key)}>
          Open statement<span className="visually-hidden"> of {payDate} (PDF, new tab)</span>
        </button>
      </td>
    </tr>
  );
}

export function PaystubsPage() {
  const { state, setPage, open, openError } = usePaystubs();
  return (
    <section className="page" aria-labelledby="ps-title" aria-busy={state.status === 'loading'}>
      <h1 id="ps-title">Paystubs</h1>
      {state.status === 'refused' && <p className="empty">{state.message}</p>}
      {state.status === 'loading' && (
        <p className="loading" role="status">
          Loading your paystubs…
        </p>
      )}
      {state.status === 'error' && (
        <p className="banner banner--negative" role="alert">
          {state.message}
        </p>
      )}
      {openError && (
        <p className="banner banner--negative" role="alert">
          {openError}
        </p>
      )}
      {state.status === 'ready' && state.total === 0 && (
        <div className="empty">No paystubs yet. Your pay statements appear here after each payday.</div>
      )}
      {state.status === 'ready' && state.total > 0 && (
        <>
          <table className="table">
            <caption className="visually-hidden">Your pay statements, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Pay date</th>
                <th scope="col">Period</th>
                <th scope="col">Gross pay</th>
                <th scope="col">Net pay</th>
                <th scope="col">Statement</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((stub) => (
                <PaystubRow key={stub.key} stub={stub} open={open} />
              ))}
            </tbody>
          </table>
          {state.pageCount > 1 && (
            <Pager
              page={state.page}
              pageCount={state.pageCount}
              total={state.total}
              size={PAYSTUBS_PAGE_SIZE}
              onPage={setPage}
            />
          )}
        </>
      )}
    </section>
  );
}
