/**
 * Notifications (spec/001 section 9: 5000 ms, at the bottom): `useNotify()({type, message})`.
 * One polite live region reads them out; negative ones are assertive. They rise above a form's
 * Save bar rather than cover it (./keep-clear.ts).
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useKeepClear } from './keep-clear.ts';

export type NotifyType = 'negative' | 'positive' | 'info' | 'warning';

export interface Notice {
  id: number;
  type: NotifyType;
  message: string;
}

type Notify = (n: { type?: NotifyType; message: string; timeout?: number }) => void;

const NotifyContext = createContext<Notify>(() => {
  throw new Error('notify: no NotifyProvider above this component');
});

export const DEFAULT_TIMEOUT = 5000;

/**
 * The notices shown once `notice` is added: the same message is not shown twice, and a success
 * supersedes the failures and successes before it (a "Not saved: correct the fields listed at the
 * top of the form." of a save refused a moment ago must not sit beside the "Saved." of the save that
 * fixed it, nor a "Saved. The form is not signed yet" beside the signed save that ended the
 * onboarding): the latest save says how things stand. Other notices (a session about to end) stay.
 */
export function withNotice(notices: readonly Notice[], notice: Notice): Notice[] {
  const superseded = (n: Notice) => notice.type === 'positive' && (n.type === 'negative' || n.type === 'positive');
  return [...notices.filter((n) => n.message !== notice.message && !superseded(n)), notice];
}

export function NotifyProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setNotices((ns) => ns.filter((n) => n.id !== id)), []);
  const notify = useCallback<Notify>(
    ({ type = 'info', message, timeout = DEFAULT_TIMEOUT }) => {
      const id = next.current++;
      setNotices((ns) => withNotice(ns, { id, type, message }));
      if (timeout > 0) setTimeout(() => dismiss(id), timeout);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);
  const region = useRef<HTMLDivElement>(null);
  useKeepClear(region, notices.length > 0, notices);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <div className="notices" aria-live="polite" ref={region}>
        {notices.map((n) => (
          <div key={n.id} className={`notice notice--${n.type}`} role={n.type === 'negative' ? 'alert' : 'status'}>
            <span className="notice__text">{n.message}</span>
            <button type="button" className="notice__close" aria-label="Dismiss" onClick={() => dismiss(n.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </NotifyContext.Provider>
  );
}

export function useNotify(): Notify {
  return useContext(NotifyContext);
}
