/**
 * Asks before leaving a form with unsaved changes: in-app navigation through the router's blocker
 * (an accessible dialog), closing or reloading the tab through beforeunload.
 */
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useFocusTrap } from '../../dialogs/use-focus-trap.ts';

export const LEAVE_QUESTION = 'You have unsaved changes. Leave this page and lose them?';

export function LeaveGuard({ when, allowed }: { when: boolean; allowed: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      !allowed() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const stay = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, blocker.state === 'blocked');
  useEffect(() => {
    if (!when) return;
    const onUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [when]);
  useEffect(() => {
    if (blocker.state === 'blocked') stay.current?.focus();
  }, [blocker.state]);
  if (blocker.state !== 'blocked') return null;
  return (
    <div className="dialog-backdrop">
      <div
        ref={box}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-title"
        aria-describedby="leave-text"
        onKeyDown={(e) => e.key === 'Escape' && blocker.reset()}
      >
        <h2 id="leave-title">Unsaved changes</h2>
        <p id="leave-text">{LEAVE_QUESTION}</p>
        <div className="dialog__actions">
          <button type="button" className="btn btn--primary" ref={stay} onClick={() => blocker.reset()}>
            Stay on this page
          </button>
          <button type="button" className="btn btn--danger" onClick={() => blocker.proceed()}>
            Leave without saving
          </button>
        </div>
      </div>
    </div>
  );
}
