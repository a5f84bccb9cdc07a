/**
 * Wraps every page: resets scroll on navigation and saves the token again after each one
 * (spec/000 section 2); signs out a session left idle (../session/idle.ts) or ended elsewhere
 * (../session/ended.ts).
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useServices } from '../session/session.tsx';
import { useIdleSignOut } from '../session/idle.ts';
import { useEndedSessionSignOut } from '../session/ended.ts';

export function Root() {
  const { pathname } = useLocation();
  const { resave } = useServices();
  useIdleSignOut();
  useEndedSessionSignOut();
  useEffect(() => {
    window.scrollTo(0, 0);
    resave();
  }, [pathname, resave]);
  return <Outlet />;
}
