/**
 * The signed-in user's menu: profile, change password, sign out. A disclosure button, closed by
 * Escape or a click elsewhere.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Session } from '../api/types.ts';

export function UserMenu({ session, links }: { session: Session; links: { to: string; label: string }[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);
  const name = session.user.display_name || session.user.email;
  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="user-menu__name">{name}</span>
      </button>
      {open && (
        <ul id={id} className="user-menu__list">
          {links.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={() => setOpen(false)}>
                {l.label}
              </Link>
            </li>
          ))}
          <li>
            <Link to="/logout" onClick={() => setOpen(false)}>
              Sign out
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
