/**
 * /pto/admin/calendar: a month as a table of weeks, each day listing who is off: approved time off
 * and requests still waiting, by employee name. The month shown is in the address (`?month=2027-03`)
 * so it can be shared and comes back on reload; the buttons move a month at a time. On a phone
 * (forms.css, `.pto-calendar`) the weeks become a list of days, each named by its weekday and date.
 */
import { Link, useSearchParams } from 'react-router';
import { useServices } from '../../../renderers/session/session.tsx';
import { useUserNames } from '../../../renderers/users/useUserNames.ts';
import { useFormsStyles } from '../../styles/load-styles.ts';
import { Answer, PartialNote } from './PtoParts.tsx';
import { usePlans, usePtoAll } from './pto-data.ts';
import { hoursText, monthWeeks, MONTH_NAMES, onDay } from './pto-view.ts';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;
/** Requests read at most for one month. */
const MONTH_CAP = 1000;

/** The month of `?month=YYYY-MM`, else the reader's current one. */
function monthOf(param: string | null, now: Date): { year: number; month: number } {
  const m = param ? /^(\d{4})-(\d{2})$/.exec(param) : null;
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return { year: Number(m[1]), month: Number(m[2]) - 1 };
  return { year: now.getFullYear(), month: now.getMonth() };
}

const monthParam = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

export function CalendarPage() {
  useFormsStyles();
  const { client } = useServices();
  const plans = usePlans();
  const [search, setSearch] = useSearchParams();
  const { year, month } = monthOf(search.get('month'), new Date());
  const first = Date.UTC(year, month, 1) / 1000;
  const last = Date.UTC(year, month + 1, 0) / 1000;
  const requests = usePtoAll(
    'pto_request',
    [
      { field: 'status', is: 'in', value: ['approved', 'requested'] },
      { field: 'start_date', is: '<=', value: last },
      { field: 'end_date', is: '>=', value: first },
    ],
    [
      { field: 'start_date', dir: 'asc' },
      { field: 'created_time', dir: 'asc' },
    ],
    { cap: MONTH_CAP },
  );
  const { nameOf } = useUserNames(client, [...new Set((requests.data?.items ?? []).map((r) => r.data.user_id))]);
  const title = `${MONTH_NAMES[month]} ${year}`;
  const go = (delta: number) => setSearch({ month: monthParam(year, month + delta) });

  return (
    <section className="page" aria-labelledby="pto-calendar-title">
      <div className="page__head">
        <h1 id="pto-calendar-title">Time off calendar</h1>
      </div>
      <div className="row-actions">
        <button type="button" className="btn" onClick={() => go(-1)}>
          Previous month
        </button>
        <h2 aria-live="polite">{title}</h2>
        <button type="button" className="btn" onClick={() => go(1)}>
          Next month
        </button>
      </div>
      <Answer query={requests} what="the time off of this month">
        {(found) => (
          <>
            <PartialNote shown={found.items.length} total={found.total} what="requests of the month" />
            {found.items.length === 0 && <div className="empty">No time off approved or asked for in {title}.</div>}
            <table className="table pto-calendar">
              <caption>Time off in {title}: approved, and waiting for a decision</caption>
              <thead>
                <tr>
                  {WEEKDAYS.map(([short, long]) => (
                    <th key={short} scope="col">
                      <abbr title={long}>{short}</abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {monthWeeks(year, month).map((week, i) => (
                  <tr key={i}>
                    {week.map((day, j) => {
                      if (!day) return <td key={j} className="pto-calendar__outside" />;
                      const off = onDay(found.items, day.date);
                      return (
                        <td key={j}>
                          <div className="muted">
                            <span className="pto-calendar__number" aria-hidden="true">
                              {day.day}
                            </span>
                            <span className="pto-calendar__date">
                              {WEEKDAYS[j][1]}, {MONTH_NAMES[month]} {day.day}
                            </span>
                          </div>
                          {off.length > 0 && (
                            <ul className="view-list">
                              {off.map((r) => (
                                <li key={r.key}>
                                  <Link
                                    to={`/time/pto_request/view/${r.key}`}
                                    title={`${plans.nameOf(r.data.plan_id)}, ${hoursText(r.data.hours)}`}
                                  >
                                    {nameOf(r.data.user_id)}
                                  </Link>
                                  {r.data.status === 'requested' ? ' (requested)' : ''}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </Answer>
    </section>
  );
}
