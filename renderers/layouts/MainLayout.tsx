/**
 * The main layout: header with the business name and the user menu, the navigation of the modules
 * and types the user may use, and the guarded page.
 */
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Guarded } from '../guard/Guarded.tsx';
import {
  dashboard,
  guardSession,
  onboardingOnly,
  onboardingType,
  reportsAllowed,
  REPORTS_PATH,
  sessionValid,
} from '../guard/decide.ts';
import { JOURNEY_SETTINGS } from '../pages/journey-settings.ts';
import { useServices } from '../session/session.tsx';
import { catalogueQuery, checklistQuery } from '../screens/queries.ts';
import { businessName } from './branding.ts';
import { buildNav, navSections, ownRecords, WORK_QUEUES, type NavGroup } from './nav.ts';
import { managesOnboarding, usesRecordLists } from './roles.ts';
import { UserMenu } from './UserMenu.tsx';

export function MainLayout() {
  const { auth, org, client } = useServices();
  const gs = auth.session ? guardSession(auth.session) : null;
  const signedIn = sessionValid(gs, Date.now() / 1000) && gs.status === 'active';
  const catalogue = useQuery({ ...catalogueQuery(client), enabled: signedIn });
  const checklist = useQuery({ ...checklistQuery(client), enabled: signedIn && !!gs?.isEmployee });
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  if (!signedIn || !auth.session || !gs)
    return (
      <Guarded>
        <Outlet />
      </Guarded>
    );
  // The menu offers only what the guard lets through: an onboarding-only user's payroll links are
  // the onboarding ones; the journey admin settings are the product-staff admin's.
  const limited = onboardingOnly(gs);
  const entries = (catalogue.data ?? []).filter((e) => !limited || e.module !== 'payroll' || onboardingType(e.type));
  const userKey = auth.session.user.key;
  const groups = buildNav(entries, userKey);
  // Own records first (in the journey's order), then the generic lists for those who manage.
  const mine = groups.find((g) => g.module === 'mine');
  const journey = checklist.data?.items.map((i) => i.type) ?? [];
  const allRecords = usesRecordLists(gs) ? groups.filter((g) => g.module !== 'mine') : [];
  const sections: NavGroup[] = [];
  if (managesOnboarding(gs)) sections.push({ module: 'queues', label: 'Work queues', links: WORK_QUEUES });
  if (reportsAllowed(gs))
    sections.push({ module: 'reports', label: 'Reports', links: [{ to: REPORTS_PATH, label: 'Payroll reports' }] });
  // Own records: an employee's onboarding forms in the journey's order and their employment record.
  const own = mine && gs.isEmployee ? ownRecords(mine.links, journey) : [];
  if (own.length) sections.push({ module: 'mine', label: 'My records', links: own });
  for (const x of navSections())
    if (x.show(gs)) sections.push({ module: x.id, label: x.label, links: x.links(gs, userKey) });
  if (gs.isAdmin)
    sections.push({
      module: 'journey_admin',
      label: 'Journey settings',
      links: JOURNEY_SETTINGS.map((j) => ({ to: j.path, label: j.title })),
    });
  const home = dashboard(gs);
  const userLinks = [
    ...(gs.isEmployee
      ? [
          { to: '/settings/profile', label: 'Profile' },
          { to: '/settings/change-password', label: 'Change password' },
        ]
      : [{ to: '/password-change', label: 'Change password' }]),
    { to: '/settings/two-factor', label: 'Two-factor sign-in' },
  ];
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell__header">
        <button
          type="button"
          className="shell__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          Menu
        </button>
        <Link to={home} className="brand">
          {businessName(org)}
        </Link>
        <UserMenu session={auth.session} links={userLinks} />
      </header>
      <div className="shell__body">
        <nav id="main-nav" className={`shell__nav${menuOpen ? ' is-open' : ''}`} aria-label="Main">
          <ul className="nav">
            <li>
              <NavLink to={home} end>
                Home
              </NavLink>
            </li>
            {journey.length > 0 && (
              <li>
                <NavLink to="/onboarding">My onboarding</NavLink>
              </li>
            )}
            {/* block_paystubs hides all paystubs (spec/000): the server refuses them too (docs/paystubs.md). */}
            {gs.isEmployee && !gs.features.block_paystubs && (
              <li>
                <NavLink to="/paystubs">Paystubs</NavLink>
              </li>
            )}
          </ul>
          {catalogue.isError && <p className="nav__error">The menu could not be loaded.</p>}
          {sections.map((g) => (
            <NavGroupView key={g.module} group={g} />
          ))}
          {allRecords.length > 0 && (
            <details
              className="nav__group nav__all"
              open={allRecords.some((g) => g.links.some((l) => pathname.startsWith(l.to.replace(/\/list$/, '/'))))}
            >
              <summary className="nav__heading">All records</summary>
              {allRecords.map((g) => (
                <NavGroupView key={g.module} group={g} level={3} />
              ))}
            </details>
          )}
        </nav>
        <main id="main" className="shell__main" tabIndex={-1}>
          <Guarded>
            <Outlet />
          </Guarded>
        </main>
      </div>
    </div>
  );
}

function NavGroupView({ group, level = 2 }: { group: NavGroup; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="nav__group">
      <Heading className="nav__heading">{group.label}</Heading>
      <ul className="nav">
        {group.links.map((l) => (
          <li key={l.to}>
            <NavLink to={l.to}>{l.label}</NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
