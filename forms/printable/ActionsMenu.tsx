/**
 * The viewer's Actions menu (spec/001 section 2), fixed at the top right: Print, Open in new tab,
 * Download and Close. A menu button: Escape or a click elsewhere closes the menu, not the viewer.
 */
import { useEffect, useId, useRef, useState } from 'react';

export interface ViewerAction {
  label: string;
  run(): void;
  disabled?: boolean;
}

export function ActionsMenu({ actions }: { actions: readonly ViewerAction[] }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus();
    const outside = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="printable-actions" ref={root}>
      <button
        ref={button}
        type="button"
        className="btn btn--primary"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        Actions
      </button>
      {open && (
        <ul
          id={menuId}
          role="menu"
          aria-label="Actions"
          className="printable-actions__menu"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              close();
            } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const items = [
                ...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)'),
              ];
              const at = items.indexOf(document.activeElement as HTMLButtonElement);
              const next = e.key === 'ArrowDown' ? at + 1 : at - 1;
              items[(next + items.length) % items.length]?.focus();
            }
          }}
        >
          {actions.map((a) => (
            <li key={a.label} role="none">
              <button
                type="button"
                role="menuitem"
                className="printable-actions__item"
                disabled={a.disabled}
                onClick={() => {
                  setOpen(false);
                  a.run();
                }}
              >
                {a.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
