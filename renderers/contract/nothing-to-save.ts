/**
 * A field that finds nothing for its person to fill in (a state certificate before the employee's
 * state is known, or for a state without a form) tells the record screen, which then offers no Save:
 * one could only be refused, or store a certificate with nothing in it. The screen provides the
 * setter; outside one (a story) it does nothing.
 */
import { createContext, useContext, useEffect } from 'react';

export const NothingToSaveContext = createContext<(nothing: boolean) => void>(() => {});

/** While mounted with `nothing` true, the screen around the field offers no Save. */
export function useNothingToSave(nothing: boolean): void {
  const set = useContext(NothingToSaveContext);
  useEffect(() => {
    set(nothing);
    return () => set(false);
  }, [set, nothing]);
}
