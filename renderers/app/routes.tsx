/**
 * The routes of spec/000 section 2 that this shell serves: the logged-out layout, the main layout
 * with the dynamic-form pages, the inactive-user layout and the settings.
 */
import { createBrowserRouter, Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { Root } from './Root.tsx';
import { PublicLayout } from '../layouts/PublicLayout.tsx';
import { MainLayout } from '../layouts/MainLayout.tsx';
import { InactiveLayout } from '../layouts/InactiveLayout.tsx';
import { LoginPage } from '../pages/LoginPage.tsx';
import { LogoutPage } from '../pages/LogoutPage.tsx';
import { ForgotPasswordPage } from '../pages/ForgotPasswordPage.tsx';
import { ChangePasswordPage } from '../pages/ChangePasswordPage.tsx';
import { ErrorPage, RouteErrorPage } from '../pages/ErrorPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { PaystubsPage } from '../pages/PaystubsPage.tsx';
import { ProfilePage } from '../pages/ProfilePage.tsx';
import { TwoFactorPage } from '../pages/TwoFactorPage.tsx';
import { OnboardingPage } from '../pages/OnboardingPage.tsx';
import { JourneySettingsPage, OrganizationPreferencesPage, OrgSettingsPage } from '../pages/SettingsRecordPage.tsx';
import { JOURNEY_SETTINGS } from '../pages/journey-settings.ts';
import { AuditLogPage } from '../pages/AuditLogPage.tsx';
import { ReportsPage } from '../pages/reports/ReportsPage.tsx';
import { DocumentsPage } from '../pages/DocumentsPage.tsx';
import { DOCUMENTS_PAGES } from '../pages/documents-pages.ts';
import { useEffect, useState } from 'react';
import type { FormMode } from '../screens/record/form-model.ts';
import { REPORTS_PATH } from '../guard/decide.ts';
import { listScreenCode, recordScreenCode, type ScreenCode } from './prefetch.ts';
import { redirectTarget, registeredPages } from './pages.ts';

/**
 * A screen whose code loads on first use (the form screens with @rjsf, the list with @tanstack's
 * table), keeping the code every page loads small; once loaded (prefetch.ts starts it early) it
 * renders at once. Not React.lazy: a lazy component suspends on its first render even when its code
 * is there, and React then holds the revealed screen back (Suspense throttling) for up to 300 ms.
 */
function useScreenCode<M>(code: ScreenCode<M>): M | undefined {
  const [mod, setMod] = useState(code.loaded);
  const [failed, setFailed] = useState<Error>();
  useEffect(() => {
    if (mod) return;
    let live = true;
    code.load().then(
      (m) => live && setMod(() => m),
      (e: Error) => live && setFailed(e),
    );
    return () => {
      live = false;
    };
  }, [code, mod]);
  if (failed) throw failed;
  return mod;
}

/** A registered page that only sends on: to its target, with this address's parameters (./pages.ts). */
function RedirectWithParams({ to }: { to: string }) {
  const params = useParams() as Record<string, string>;
  const { search } = useLocation();
  return <Navigate to={redirectTarget(to, params) + search} replace />;
}

const loading = (
  <p className="loading" role="status">
    Loading…
  </p>
);

function RecordScreen(props: { mode: FormMode }) {
  const mod = useScreenCode(recordScreenCode);
  return mod ? <mod.RecordScreen {...props} /> : loading;
}

function ListScreen() {
  const mod = useScreenCode(listScreenCode);
  return mod ? <mod.ListScreen /> : loading;
}

/**
 * The route tree, with the pages registered at the app root (./pages.ts) in the main layout: made
 * when the router is, so those pages are registered first (web/main.tsx).
 */
export const appRoutes = (): RouteObject[] => [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: '/', element: <LoginPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/auto-login', element: <LoginPage auto /> },
          { path: '/logout', element: <LogoutPage /> },
          { path: '/password-forgot', element: <ForgotPasswordPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/password-change', element: <ChangePasswordPage /> },
          { path: '/change-password', element: <ChangePasswordPage /> },
          { path: '/error', element: <ErrorPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/new_home', element: <HomePage /> },
          { path: '/paystubs', element: <PaystubsPage /> },
          { path: REPORTS_PATH, element: <ReportsPage /> },
          { path: '/onboarding', element: <OnboardingPage /> },
          { path: '/settings', element: <Navigate to="/settings/profile" replace /> },
          { path: '/settings/profile', element: <ProfilePage /> },
          { path: '/settings/change-password', element: <ChangePasswordPage inApp /> },
          { path: '/settings/password-change', element: <ChangePasswordPage inApp /> },
          { path: '/settings/two-factor', element: <TwoFactorPage /> },
          { path: '/organization_preferences', element: <OrganizationPreferencesPage /> },
          ...JOURNEY_SETTINGS.map((j) => ({ path: j.path, element: <JourneySettingsPage setting={j} /> })),
          ...DOCUMENTS_PAGES.map((d) => ({ path: d.path, element: <DocumentsPage page={d} /> })),
          ...registeredPages().map((p) => ({
            path: p.path,
            element: p.redirect ? <RedirectWithParams to={p.redirect} /> : p.element,
          })),
          { path: '/:module/:datatype/:orgId/org_settings', element: <OrgSettingsPage /> },
          // The named route auth_audit_log (spec/001 section 2); it outranks the generic record pages.
          { path: '/auth/new_user/:userId/audit_log', element: <AuditLogPage /> },
          // The generic one, /{module}/{datatype}/{userId}/audit_log (spec/000 section 2): the same user's records.
          { path: '/:module/:datatype/:userId/audit_log', element: <AuditLogPage /> },
          { path: '/:module/:datatype/list', element: <ListScreen /> },
          { path: '/:module/:datatype/create', element: <RecordScreen mode="create" /> },
          { path: '/:module/:datatype/edit/:key', element: <RecordScreen mode="edit" /> },
          { path: '/:module/:datatype/view/:key', element: <RecordScreen mode="view" /> },
          // The generic record pages: the guard sends them on to the dynamic screens.
          { path: '/:module/:datatype', element: null },
          { path: '/:module/:datatype/:key', element: null },
        ],
      },
      {
        element: <InactiveLayout />,
        children: [
          { path: '/inactive', element: <Navigate to="/inactive/paystubs" replace /> },
          { path: '/inactive/paystubs', element: <PaystubsPage /> },
          { path: '/inactive/password-change', element: <ChangePasswordPage inApp /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(appRoutes());
}
