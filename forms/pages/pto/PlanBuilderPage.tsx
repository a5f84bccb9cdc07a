/**
 * /pto/planbuilder (the product-staff admin's, spec/000 section 6): the company's PTO plans and the
 * progressions that raise their accrual with service, each opening its edit screen, with links to
 * make new ones. Plans and progressions are written on their generic screens.
 */
import { Link } from 'react-router';
import { Answer, PartialNote } from './PtoParts.tsx';
import { PLAN_CAP, usePlans, usePtoAll } from './pto-data.ts';
import { hoursText } from './pto-view.ts';

const PERIOD: Record<string, string> = {
  payroll: 'each payroll',
  month: 'each month',
  anniversary: 'each work anniversary',
  calendar: 'each calendar year',
};

export function PlanBuilderPage() {
  const plans = usePlans();
  const progressions = usePtoAll('pto_progression', [], [{ field: 'name', dir: 'asc' }], { cap: PLAN_CAP });

  return (
    <section className="page" aria-labelledby="pto-plans-title">
      <div className="page__head">
        <h1 id="pto-plans-title">PTO plan builder</h1>
      </div>

      <section className="panel" aria-labelledby="pto-plans">
        <div className="panel__head">
          <h2 id="pto-plans">Plans</h2>
          <Link className="btn btn--primary" to="/time/pto_plan/create">
            New plan
          </Link>
        </div>
        <Answer query={plans.query} what="the plans">
          {(all) =>
            all.items.length === 0 ? (
              <div className="empty">No plan yet. Use New plan to make the company&apos;s first one.</div>
            ) : (
              <>
                <PartialNote shown={all.items.length} total={all.total} what="plans" />
                <table className="table">
                  <caption className="visually-hidden">The company&apos;s PTO plans</caption>
                  <thead>
                    <tr>
                      <th scope="col">Plan</th>
                      <th scope="col">Type</th>
                      <th scope="col">Accrual</th>
                      <th scope="col">Progression</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {all.items.map((p) => {
                      const progression = progressions.data?.items.find((g) => g.key === p.data.progression_id);
                      return (
                        <tr key={p.key}>
                          <th scope="row">
                            <Link to={`/time/pto_plan/edit/${p.key}`}>{p.data.name}</Link>
                          </th>
                          <td data-label="Type">{p.data.plan_type}</td>
                          <td data-label="Accrual">
                            {hoursText(p.data.accrual_hours ?? 0)} {PERIOD[p.data.calc_period] ?? p.data.calc_period}
                          </td>
                          <td data-label="Progression">
                            {progression ? (
                              <Link to={`/time/pto_progression/edit/${progression.key}`}>{progression.data.name}</Link>
                            ) : p.data.progression_id ? (
                              'Progression no longer there'
                            ) : (
                              'None'
                            )}
                          </td>
                          <td data-label="Status">{p.data.status === 'inactive' ? 'Inactive' : 'Active'}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </>
            )
          }
        </Answer>
      </section>

      <section className="panel" aria-labelledby="pto-progressions">
        <div className="panel__head">
          <h2 id="pto-progressions">Progressions</h2>
          <Link className="btn" to="/time/pto_progression/create">
            New progression
          </Link>
        </div>
        <Answer query={progressions} what="the progressions">
          {(all) =>
            all.items.length === 0 ? (
              <div className="empty">
                No progression yet. A progression raises a plan&apos;s accrual with months of service.
              </div>
            ) : (
              <>
                <PartialNote shown={all.items.length} total={all.total} what="progressions" />
                <table className="table">
                  <caption className="visually-hidden">The company&apos;s PTO progressions</caption>
                  <thead>
                    <tr>
                      <th scope="col">Progression</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Steps</th>
                    </tr>
                  </thead>
                  <tbody>
                    {all.items.map((g) => (
                      <tr key={g.key}>
                        <th scope="row">
                          <Link to={`/time/pto_progression/edit/${g.key}`}>{g.data.name}</Link>
                        </th>
                        <td data-label="Plan">{g.data.plan_id ? plans.nameOf(g.data.plan_id) : 'Any plan'}</td>
                        <td data-label="Steps">{g.data.steps?.length ?? 0}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )
          }
        </Answer>
      </section>
    </section>
  );
}
