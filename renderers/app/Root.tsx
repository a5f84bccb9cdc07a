/**
 * Wraps every page: resets scroll on navigation and saves the token again after each one
 * (spec/000 section 2).
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useServices } from '../session/session.tsx';

export function Root() {
  const { pathname } = useLocation();
  const { resave } = useServices();
  useEffect(() => {
    window.scrollTo(0, 0);
    resave();
  }, [pathname, resave]);
  return <Outlet />;
}
