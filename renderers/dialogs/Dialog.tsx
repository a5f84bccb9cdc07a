/**
 * A modal dialog without portals (so it also renders on the server): a backdrop over the page, focus
 * moved in on open, kept inside while open (./use-focus-trap.ts) and back on close, Escape and a click on the backdrop close it. Dialogs opened
 * from inside another dialog stack above it and close on their own.
 */
import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { useFocusTrap } from './use-focus-trap.ts';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  /** Shown as the dialog's heading and its accessible name. */
  title?: string;
  /** The accessible name when the content carries its own heading. */
  ariaLabel?: string;
  /** CSS width of the dialog box, e.g. 440 or '90vw'. */
  width?: number | string;
  /** Fill the whole window (the printable form viewer), without a margin or rounded corners. */
  maximized?: boolean;
  /** A class for the dialog box, beside dform-dialog. */
  className?: string;
  children: ReactNode;
}

const backdrop: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: 16,
  background: 'rgba(15, 23, 42, 0.45)',
};

const box: CSSProperties = {
  maxWidth: '100%',
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'auto',
  background: '#fff',
  borderRadius: 8,
  boxShadow: '0 10px 40px rgba(0, 0, 0, 0.25)',
  padding: 20,
};

const maximizedBox: CSSProperties = {
  ...box,
  width: '100%',
  height: '100%',
  maxHeight: '100%',
  borderRadius: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
};

export function Dialog({ open, onClose, title, ariaLabel, width, maximized, className, children }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  // The control that opened the dialog, read while rendering the opening: a field inside with
  // autoFocus takes focus as it is committed, before any effect of the dialog could see the opener.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open !== wasOpen.current) {
    wasOpen.current = open;
    if (open && typeof document !== 'undefined') opener.current = document.activeElement as HTMLElement | null;
  }

  useEffect(() => {
    if (!open) return;
    const box = ref.current;
    // A field that took focus on opening (autoFocus) keeps it; otherwise the dialog itself has it.
    if (box && !box.contains(document.activeElement)) box.focus();
    const back = opener.current;
    return () => {
      if (back?.isConnected) back.focus();
    };
  }, [open]);
  useFocusTrap(ref, open);

  if (!open) return null;
  return (
    <div
      className="dform-dialog__backdrop"
      style={maximized ? { ...backdrop, padding: 0 } : backdrop}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) close.current();
      }}
    >
      <div
        ref={ref}
        className={className ? `dform-dialog ${className}` : 'dform-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title ? titleId : undefined}
        aria-label={title ? undefined : ariaLabel}
        tabIndex={-1}
        style={maximized ? maximizedBox : { ...box, width: width ?? 'auto' }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation();
          close.current();
        }}
      >
        {title && (
          <h2 id={titleId} className="dform-dialog__title">
            {title}
          </h2>
        )}
        {children}
      </div>
    </div>
  );
}
