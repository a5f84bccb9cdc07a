/**
 * /pto/admin/employees: the employees enrolled in PTO (their pto_employee records), a page at a
 * time, each with their plans and balances, opening the employee's own page.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../../renderers/session/session.tsx';
import { useUserNames } from '../../../renderers/users/useUserNames.ts';
import { Answer, Pager, PartialNote, useStepBackWhenEmpty } from './PtoParts.tsx';
import { PAGE_SIZE, useBalances, usePlans, usePtoPage } from './pto-data.ts';
import { employeePath } from './pto-pages.ts';
import { hoursText } from './pto-view.ts';

export const ENROL_PATH = '/time/pto_employee/create';

export function AdminEmployeesPage() {
  const { client } = useServices();
  const plans = usePlans();
  const [offset, setOffset] = useState(0);
  const enrolled = usePtoPage('pto_employee', {
    criteria: [],
    sort: [{ field: '_user_uuid', dir: 'asc' }],
    limit: PAGE_SIZE,
    offset,
  });
  useStepBackWhenEmpty(enrolled.data, offset, PAGE_SIZE, setOffset);
  const people = (enrolled.data?.items ?? []).map((e) => e.key);
  const { nameOf } = useUserNames(client, people);
  const balances = useBalances(people);

  return (
    <section className="page" aria-labelledby="pto-employees-title">
      <div className="page__head">
        <h1 id="pto-employees-title">Employees in PTO</h1>
        <div className="page__actions">
          <Link className="btn btn--primary" to={ENROL_PATH}>
            Add an employee to PTO
          </Link>
        </div>
      </div>
      <Answer query={enrolled} what="the employees in PTO">
        {(page) =>
          page.items.length === 0 ? (
            <div className="empty">
              No employee is in PTO yet. Use <Link to={ENROL_PATH}>Add an employee to PTO</Link> to enrol one in a plan.
            </div>
          ) : (
            <>
              {balances.query.data && (
                <PartialNote
                  shown={balances.query.data.items.length}
                  total={balances.query.data.total}
                  what="balances"
                />
              )}
              <table className="table">
                <caption className="visually-hidden">Employees in PTO with their plans and balances</caption>
                <thead>
                  <tr>
                    <th scope="col">Employee</th>
                    <th scope="col">Status</th>
                    <th scope="col">Plans and balances</th>
                  </tr>
                </thead>
                <tbody>
                  {page.items.map((e) => {
                    const ids = e.data.plan_ids ?? [];
                    return (
                      <tr key={e.key}>
                        <th scope="row">
                          <Link to={employeePath(e.key)}>{nameOf(e.key)}</Link>
                        </th>
                        <td data-label="Status">{e.data.status === 'inactive' ? 'Inactive' : 'Active'}</td>
                        <td data-label="Plans and balances">
                          {ids.length === 0 ? (
                            <span className="muted">In no plan</span>
                          ) : (
                            <ul className="view-list">
                              {ids.map((id) => (
                                <li key={id}>
                                  {plans.nameOf(id)}:{' '}
                                  {balances.query.data
                                    ? hoursText(balances.of(e.key, id))
                                    : balances.query.error
                                      ? 'unknown'
                                      : '…'}
                                </li>
                              ))}
                            </ul>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <Pager offset={offset} size={PAGE_SIZE} total={page.total} label="employees" onChange={setOffset} />
            </>
          )
        }
      </Answer>
    </section>
  );
}
