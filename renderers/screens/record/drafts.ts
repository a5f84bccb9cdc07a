/**
 * What a person typed into a record's form and has not saved, kept in this tab (sessionStorage)
 * while they type, so that a sign-in that ends under the form (expired, ended from another tab or
 * device, a save answered 401) loses nothing: signed in again, the same screen lays the edits over
 * the record as it is then. Kept per person and address; dropped once saved, undone, or left on
 * purpose, and all at once on signing out. Numbers that must not rest in the browser in clear (an
 * SSN, an account number typed: the schema's x-sensitive) are not kept; one as the server masked
 * it is.
 */
import type { JsonObject } from '../../api/types.ts';
import { looksMasked, mapSensitive, sensitiveFields } from '../../../engine/masking.ts';
import type { JsonSchema } from '../../../engine/entity.ts';

const PREFIX = 'dform.draft:';

export interface Draft {
  /** The top-level fields changed, as the form held them. */
  edits: JsonObject;
  /** Whether sensitive values typed were left out. */
  withoutSensitive: boolean;
}

export const draftId = (user: string, address: string) => `${PREFIX}${user}:${address}`;

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

export function readDraft(id: string): Draft | undefined {
  try {
    const raw = storage()?.getItem(id);
    const d = raw ? (JSON.parse(raw) as Partial<Draft>) : undefined;
    return d && d.edits && typeof d.edits === 'object' && Object.keys(d.edits).length
      ? { edits: d.edits, withoutSensitive: d.withoutSensitive === true }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the edits of `data` over `start` (the form's start), their typed sensitive values left out. */
export function keepDraft(id: string, data: JsonObject, start: JsonObject, schema: JsonSchema): void {
  const changed = Object.fromEntries(
    Object.entries(data).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(start[k])),
  );
  if (!Object.keys(changed).length) return dropDraft(id);
  let withoutSensitive = false;
  const edits = mapSensitive(structuredClone(changed), sensitiveFields(schema), (kind, value) => {
    if (looksMasked(kind, value)) return value;
    withoutSensitive = true;
    return undefined;
  });
  try {
    storage()?.setItem(id, JSON.stringify({ edits, withoutSensitive } satisfies Draft));
  } catch {
    // A full or refused storage keeps nothing: the form itself is as it was.
  }
}

export function dropDraft(id: string): void {
  try {
    storage()?.removeItem(id);
  } catch {
    // Nothing kept.
  }
}

/** Drops every draft, or every one but `user`'s. */
export function dropDrafts(user?: string): void {
  const s = storage();
  if (!s) return;
  try {
    const keep = user === undefined ? undefined : `${PREFIX}${user}:`;
    const ids = Array.from({ length: s.length }, (_, i) => s.key(i)).filter(
      (k): k is string => !!k && k.startsWith(PREFIX) && !(keep && k.startsWith(keep)),
    );
    for (const id of ids) s.removeItem(id);
  } catch {
    // Nothing kept.
  }
}
