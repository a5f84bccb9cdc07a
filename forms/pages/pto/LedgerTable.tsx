/**
 * PTO ledger lines as a table: date, plan, what happened and the hours it moved (credits as +,
 * debits as −), with the note or the request it comes from (named by its first day, the line's date).
 */
import { Link } from 'react-router';
import { epochToUs } from '../../../engine/masks.ts';
import { lineEffect } from '../../../engine/pto-ledger.ts';
import type { PtoRecord } from './pto-data.ts';
import { hoursText } from './pto-view.ts';

const TYPE_LABEL: Record<string, string> = {
  accrual: 'Accrual',
  use: 'Time off',
  balance_summary: 'Balance summary',
  plan_change: 'Plan change',
  manual_adjustment: 'Adjustment',
};

export function LedgerTable({
  lines,
  caption,
  planName,
}: {
  lines: readonly PtoRecord<'pto_register'>[];
  caption: string;
  planName: (key: string | undefined) => string;
}) {
  return (
    <table className="table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Plan</th>
          <th scope="col">Entry</th>
          <th scope="col">Hours</th>
          <th scope="col">Note</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => {
          const effect = lineEffect(l.data);
          return (
            <tr key={l.key}>
              <td data-label="Date">{epochToUs(l.data.effective_date)}</td>
              <td data-label="Plan">{planName(l.data.plan_id)}</td>
              <td data-label="Entry">
                {TYPE_LABEL[l.data.type] ?? l.data.type}
                {l.data.action === 'annotation' ? ' (note)' : ''}
              </td>
              <td data-label="Hours">
                {l.data.action === 'annotation' ? '' : `${effect > 0 ? '+' : ''}${hoursText(effect)}`}
              </td>
              <td data-label="Note">
                {l.data.note}
                {l.data.request_id && (
                  <>
                    {l.data.note ? ' ' : ''}
                    <Link to={`/time/pto_request/view/${l.data.request_id}`}>
                      The request of {epochToUs(l.data.effective_date)}
                    </Link>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
