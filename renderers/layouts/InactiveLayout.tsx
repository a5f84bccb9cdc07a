/**
 * The inactive-user layout (spec/000 section 2): paystubs and password change only.
 */
import { NavLink, Outlet } from 'react-router';
import { Guarded } from '../guard/Guarded.tsx';
import { useServices } from '../session/session.tsx';
import { businessName } from './branding.ts';
import { UserMenu } from './UserMenu.tsx';

export function InactiveLayout() {
  const { auth, org } = useServices();
  return (
    <div className="shell shell--inactive">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <span className="brand">{businessName(org)}</span>
        {auth.session && <UserMenu session={auth.session} links={[]} />}
      </header>
      <nav className="inactive-nav" aria-label="Main">
        <ul className="tabs">
          <li>
            <NavLink to="/inactive/paystubs">Paystubs</NavLink>
          </li>
          <li>
            <NavLink to="/inactive/password-change">Change password</NavLink>
          </li>
        </ul>
      </nav>
      <main id="main" className="shell__main shell__main--narrow" tabIndex={-1}>
        <Guarded>
          <Outlet />
        </Guarded>
      </main>
    </div>
  );
}
