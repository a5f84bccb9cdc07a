/**
 * The logged-out layout: the business name over a centred card.
 */
import { Outlet } from 'react-router';
import { useServices } from '../session/session.tsx';
import { businessName } from './branding.ts';

export function PublicLayout() {
  const { org } = useServices();
  return (
    <div className="public">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="public__header">
        <span className="brand">{businessName(org)}</span>
      </header>
      <main id="main" className="public__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
