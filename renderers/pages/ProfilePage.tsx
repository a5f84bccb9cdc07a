/**
 * /settings/profile: who the user is, and links to their own records.
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { buildNav } from '../layouts/nav.ts';
import { useServices } from '../session/session.tsx';
import { catalogueQuery } from '../screens/queries.ts';

export function ProfilePage() {
  const { auth, client } = useServices();
  const user = auth.session!.user;
  const catalogue = useQuery(catalogueQuery(client));
  const mine = buildNav(catalogue.data ?? [], user.key).find((g) => g.module === 'mine');
  return (
    <section className="page page--narrow" aria-labelledby="profile-title">
      <h1 id="profile-title">Profile</h1>
      <dl className="details">
        <div>
          <dt>Name</dt>
          <dd>{user.display_name}</dd>
        </div>
        <div>
          <dt>E-mail</dt>
          <dd>{user.email}</dd>
        </div>
        {user.employee_id && (
          <div>
            <dt>Employee ID</dt>
            <dd>{user.employee_id}</dd>
          </div>
        )}
      </dl>
      {mine && (
        <>
          <h2>My records</h2>
          <ul>
            {mine.links.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/settings/change-password">Change password</Link>
      </p>
    </section>
  );
}
