/**
 * Files chosen for a record before it exists. A file needs a stored record to be uploaded to, so
 * a create screen holds the files chosen in its form until Save; the save hands them to the new
 * record's edit screen (in the navigation's state), whose file fields upload them at once. A record
 * at its edit address that is not stored yet (a type keyed by its person) holds them the same way
 * until its first save gives the form a record to upload to.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { HeldFiles } from './templates.tsx';

interface HandedOn {
  heldFiles?: Record<string, File>;
}

export function useHeldFiles(mayHold: boolean): {
  heldFiles: HeldFiles;
  /** How many files are held: unsaved work, which leaving the page would lose. */
  held: number;
  /** The files held, for the create's Save to hand on to the edit screen (kept here should it fail). */
  handOn(): Record<string, File> | undefined;
} {
  const held = useRef(new Map<string, File>());
  const [count, setCount] = useState(0);
  const location = useLocation();
  const navigate = useNavigate();
  const handed = (location.state as HandedOn | null)?.heldFiles;
  const taken = useRef<string | undefined>(undefined);
  // What a save handed on replaces what was held: the create screen drawn on as the edit screen
  // must not upload a file twice.
  if (handed && taken.current !== location.key) {
    taken.current = location.key;
    held.current = new Map(Object.entries(handed).filter(([, file]) => file instanceof File));
  }
  // The browser keeps a navigation's state across a reload: taken once, it is cleared there, so
  // reloading the edit screen does not upload the file again.
  useEffect(() => {
    if (handed) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [handed, location.pathname, location.search, navigate]);
  const listeners = useRef(new Set<() => void>());
  const open = useRef(mayHold);
  open.current = mayHold;
  const heldFiles = useMemo<HeldFiles>(
    () => ({
      get open() {
        return open.current;
      },
      get: (field) => held.current.get(field),
      set: (field, file) => {
        if (file) held.current.set(field, file);
        else held.current.delete(field);
        setCount(held.current.size);
        if (file) listeners.current.forEach((listener) => listener());
      },
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => void listeners.current.delete(listener);
      },
    }),
    [],
  );
  const handOn = () => (held.current.size ? Object.fromEntries(held.current) : undefined);
  return { heldFiles, held: count, handOn };
}
