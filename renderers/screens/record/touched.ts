/**
 * The fields a user has left at least once, as a small store: leaving a field re-renders only that
 * field's error template (useSyncExternalStore), not the whole form, as a new formContext would.
 */
export interface TouchedFields {
  has(id: string): boolean;
  /** Absent on a fixed set (stories, tests). */
  subscribe?(onChange: () => void): () => void;
}

export interface TouchedStore extends TouchedFields {
  touch(id: string): void;
  subscribe(onChange: () => void): () => void;
}

export function touchedStore(): TouchedStore {
  const ids = new Set<string>();
  const listeners = new Set<() => void>();
  return {
    has: (id) => ids.has(id),
    touch(id) {
      if (ids.has(id)) return;
      ids.add(id);
      for (const l of listeners) l();
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
