/**
 * Keeps the keyboard inside an open modal (`aria-modal` tells a screen reader the page behind is
 * gone, so Tab must not reach it): focus-trap cycles Tab and Shift+Tab through the element's
 * controls and pulls focus back if it leaves. Opening, Escape, a click on the backdrop and giving
 * focus back stay the dialog's own; a dialog opened from a dialog traps above it and hands the
 * keyboard back when it closes.
 */
import { createFocusTrap } from 'focus-trap';
import { useEffect, type RefObject } from 'react';

export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const el = ref.current;
    if (!active || !el) return;
    const trap = createFocusTrap(el, {
      initialFocus: false,
      fallbackFocus: el,
      escapeDeactivates: false,
      allowOutsideClick: true,
      returnFocusOnDeactivate: false,
    });
    trap.activate();
    return () => {
      trap.deactivate();
    };
  }, [ref, active]);
}
