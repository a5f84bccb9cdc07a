/**
 * References between records (x-ref): a top-level key, or list of keys, names records of one type of
 * the same organization. A key a write adds is looked up in the writer's organization only, so a key
 * of another company's record is refused exactly as a key of no record is, revealing nothing of it.
 * Keys already stored are not looked up again: a record removed since does not block other changes.
 */
import type { JsonSchema } from '../../engine/entity.ts';
import type { FieldError } from '../../engine/messages.ts';
import type { Services } from '../services.ts';
import type { DataObject } from '../storage/types.ts';

export interface RefField {
  field: string;
  /** The type its keys name (module/type). */
  target: string;
  message: string;
}

export function refFields(props: Readonly<Record<string, JsonSchema>>): RefField[] {
  return Object.entries(props).flatMap(([field, p]) =>
    typeof p['x-ref'] === 'string'
      ? // The meta-schema requires the message beside the keyword.
        [{ field, target: p['x-ref'], message: String((p['x-messages'] as Record<string, string> | undefined)?.ref) }]
      : [],
  );
}

const keysOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** Looked up a hundred at a time: a list may hold many keys, and one statement of thousands plans slowly. */
const BATCH = 100;

/** One error for each key a write adds that names no record of the organization. */
export async function referenceErrors(
  s: Services,
  org: string,
  data: DataObject,
  before: DataObject | undefined,
  refs: readonly RefField[],
): Promise<FieldError[]> {
  const added: { path: string; collection: string; key: string; message: string }[] = [];
  for (const r of refs) {
    const had = new Set(keysOf(before?.[r.field]));
    const list = Array.isArray(data[r.field]);
    keysOf(data[r.field]).forEach((key, i) => {
      if (typeof key !== 'string' || had.has(key)) return;
      added.push({ path: list ? `/${r.field}/${i}` : `/${r.field}`, collection: r.target, key, message: r.message });
    });
  }
  const errors: FieldError[] = [];
  for (let from = 0; from < added.length; from += BATCH) {
    const batch = added.slice(from, from + BATCH);
    const found = await s.storage.getMany(
      org,
      batch.map(({ collection, key }) => ({ collection, key })),
    );
    batch.forEach((a, j) => {
      if (!found[j]) errors.push({ path: a.path, message: a.message });
    });
  }
  return errors;
}
