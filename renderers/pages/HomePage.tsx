/**
 * The home dashboard: a greeting and the areas the user may open.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { buildNav } from '../layouts/nav.ts';
import { useServices } from '../session/session.tsx';
import { catalogueQuery } from '../screens/queries.ts';

export function HomePage() {
  const { auth, client } = useServices();
  const catalogue = useQuery(catalogueQuery(client));
  const user = auth.session!.user;
  const groups = buildNav(catalogue.data ?? [], user.key);
  return (
    <section className="page" aria-labelledby="home-title">
      <h1 id="home-title">Welcome, {user.display_name || user.email}</h1>
      {catalogue.isPending && <p role="status">Loading…</p>}
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
    </section>
  );
}
