/**
 * The home dashboard, by role and task (docs/journeys.md): an employee's onboarding checklist, a
 * manager's onboarding pipeline, and for anyone else (or below both) the areas they may open.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { buildNav } from '../layouts/nav.ts';
import { useServices } from '../session/session.tsx';
import { catalogueQuery, checklistQuery, pipelineQuery } from '../screens/queries.ts';
import { guardSession } from '../guard/decide.ts';
import { managesOnboarding } from '../layouts/roles.ts';
import { ChecklistPanel } from './home/ChecklistPanel.tsx';
import { PipelinePanel } from './home/PipelinePanel.tsx';

export function HomePage() {
  const { auth, client } = useServices();
  const user = auth.session!.user;
  const gs = guardSession(auth.session!);
  const manager = managesOnboarding(gs);
  const checklist = useQuery({ ...checklistQuery(client), enabled: gs.isEmployee });
  const pipeline = useQuery({ ...pipelineQuery(client), enabled: manager });
  const catalogue = useQuery({ ...catalogueQuery(client), enabled: !gs.isEmployee && !manager });
  const loading = (gs.isEmployee && checklist.isPending) || (manager && pipeline.isPending);
  const failed = checklist.error ?? pipeline.error;
  const groups = !gs.isEmployee && !manager ? buildNav(catalogue.data ?? [], user.key) : [];
  return (
    <section className="page home" aria-labelledby="home-title" aria-busy={loading}>
      <h1 id="home-title">Welcome, {user.display_name || user.email}</h1>
      {loading && (
        <p className="page-loading" role="status">
          Loading…
        </p>
      )}
      {failed && (
        <p className="banner banner--negative" role="alert">
          {failed.message}
        </p>
      )}
      {pipeline.data && <PipelinePanel data={pipeline.data} />}
      {checklist.data && checklist.data.items.length > 0 && <ChecklistPanel list={checklist.data} />}
      {groups.length > 0 && (
        <div className="tiles">
          {groups.map((g) => (
            <section key={g.module} className="tile" aria-labelledby={`tile-${g.module}`}>
              <h2 id={`tile-${g.module}`}>{g.label}</h2>
              <ul>
                {g.links.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to}>{l.label}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
