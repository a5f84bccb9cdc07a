/**
 * /logout: revokes the token on the server (best effort), forgets it here, and returns to sign-in.
 */
import { useEffect, useRef } from 'react';
import { Navigate } from 'react-router';
import { useServices } from '../session/session.tsx';
import { dropDrafts } from '../screens/record/drafts.ts';

export function LogoutPage() {
  const { client, auth, signOut } = useServices();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (!auth.token) return;
    // Signing out on purpose lets go of what was left unsaved (../screens/record/drafts.ts).
    dropDrafts();
    client.logout().catch((e: Error) => console.warn('logout:', e.message));
    signOut();
  }, [auth.token, client, signOut]);
  if (auth.token && !done.current) return <p role="status">Signing out…</p>;
  return <Navigate to="/login" replace />;
}
