/**
 * The name a record goes by where another record refers to it: its list's canonical field, as the
 * list shows it (a PTO plan's name; a time off request's first day, 12/01/2026), never a key.
 */
import type { TypeMeta } from '../../renderers/api/types.ts';
import { formatField } from '../../renderers/format/format-value.ts';

export interface RecordNamer {
  canonical?: string;
  /** The record's name, or undefined when its canonical field is empty. */
  name(data: Readonly<Record<string, unknown>>): string | undefined;
}

export function recordNamer(meta: Pick<TypeMeta, 'schema' | 'ui' | 'list'>): RecordNamer {
  const canonical = typeof meta.list?.canonical === 'string' ? meta.list.canonical : undefined;
  return {
    canonical,
    name(data) {
      const value = canonical ? data[canonical] : undefined;
      if (value === undefined || value === null || value === '') return undefined;
      return typeof value === 'string'
        ? value
        : formatField(meta.schema, meta.ui ?? {}, canonical!, value) || undefined;
    },
  };
}
