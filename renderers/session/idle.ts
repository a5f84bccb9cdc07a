/**
 * The web side of the server's idle timeout (the session's `idle_timeout`): a user at work keeps
 * the session alive even while typing a long form without a request, and a session left alone is
 * signed out here when the server ends it, instead of at the next click. Activity in any tab of the
 * app counts (it is shared through local storage).
 */
import { useEffect } from 'react';
import { useNotify } from '../notify/notify.tsx';
import { useServices } from './session.tsx';

export const ACTIVITY_KEY = 'dform.last_activity';
const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export type IdleAction = 'sign-out' | 'keep-alive' | 'wait';

/**
 * What to do now, all times in ms: sign out once the last activity is a whole idle time ago; tell
 * the server the user is there when they were active since it last heard from this tab and a third
 * of the idle time has gone by since.
 */
export function idleAction(t: { now: number; lastActivity: number; lastKeepAlive: number; limit: number }): IdleAction {
  if (t.now - t.lastActivity >= t.limit) return 'sign-out';
  if (t.lastActivity > t.lastKeepAlive && t.now - t.lastKeepAlive >= t.limit / 3) return 'keep-alive';
  return 'wait';
}

/** `30 minutes`, `1 minute`, `90 seconds`. */
export function duration(seconds: number): string {
  const [n, unit] = seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function storedActivity(): number {
  try {
    return Number(localStorage.getItem(ACTIVITY_KEY)) || 0;
  } catch {
    return 0;
  }
}

export function useIdleSignOut(): void {
  const { auth, client, signOut } = useServices();
  const notify = useNotify();
  const seconds = auth.session?.idle_timeout ?? 0;
  const token = auth.token;
  useEffect(() => {
    if (!token || seconds <= 0) return;
    const limit = seconds * 1000;
    let lastActivity = Date.now();
    let lastKeepAlive = lastActivity;
    let lastStored = 0;
    const active = () => {
      lastActivity = Date.now();
      if (lastActivity - lastStored < 5000) return;
      lastStored = lastActivity;
      try {
        localStorage.setItem(ACTIVITY_KEY, String(lastActivity));
      } catch {
        // Private mode: this tab's own activity still counts.
      }
    };
    for (const e of ACTIVITY_EVENTS) window.addEventListener(e, active, { capture: true, passive: true });
    const timer = setInterval(
      () => {
        const now = Date.now();
        const action = idleAction({
          now,
          lastActivity: Math.max(lastActivity, storedActivity()),
          lastKeepAlive,
          limit,
        });
        if (action === 'keep-alive') {
          lastKeepAlive = now;
          client.session().catch(() => undefined);
        } else if (action === 'sign-out') {
          clearInterval(timer);
          client.logout().catch(() => undefined);
          signOut();
          notify({
            type: 'info',
            message: `You were signed out after ${duration(seconds)} without activity.`,
            timeout: 0,
          });
        }
      },
      Math.min(limit / 6, 15_000),
    );
    return () => {
      clearInterval(timer);
      for (const e of ACTIVITY_EVENTS) window.removeEventListener(e, active, { capture: true });
    };
  }, [token, seconds, client, signOut, notify]);
}
