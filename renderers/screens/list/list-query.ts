/**
 * The list screen's URL state (page, size, sort, filters) and the find body it becomes. Pure.
 * URL: ?page=2&size=20&sort=-hire_date&f.last_name=smi
 */
import type { Criterion, FindBody, JsonObject, ListHints } from '../../api/types.ts';
import { valueKind, fieldSchema } from '../../format/schema-facts.ts';

export const PAGE_SIZES = [10, 20, 50, 100];
export const DEFAULT_SIZE = 20;

export interface SortSpec {
  field: string;
  dir: 'asc' | 'desc';
}

export interface ListParams {
  page: number;
  size: number;
  sort?: SortSpec;
  filters: Record<string, string>;
  /** A named view of the list (x-list views), by name. */
  view?: string;
}

export function readParams(q: URLSearchParams): ListParams {
  const page = Math.max(1, Math.floor(Number(q.get('page')) || 1));
  const sizeN = Number(q.get('size'));
  const size = PAGE_SIZES.includes(sizeN) ? sizeN : DEFAULT_SIZE;
  const s = q.get('sort');
  const sort = s
    ? { field: s.replace(/^-/, ''), dir: s.startsWith('-') ? ('desc' as const) : ('asc' as const) }
    : undefined;
  const filters: Record<string, string> = {};
  for (const [k, v] of q) if (k.startsWith('f.') && v !== '') filters[k.slice(2)] = v;
  const view = q.get('view') || undefined;
  return { page, size, sort, filters, ...(view ? { view } : {}) };
}

export function writeParams(p: ListParams): URLSearchParams {
  const q = new URLSearchParams();
  if (p.page > 1) q.set('page', String(p.page));
  if (p.size !== DEFAULT_SIZE) q.set('size', String(p.size));
  if (p.sort) q.set('sort', `${p.sort.dir === 'desc' ? '-' : ''}${p.sort.field}`);
  if (p.view) q.set('view', p.view);
  for (const [k, v] of Object.entries(p.filters)) if (v !== '') q.set(`f.${k}`, v);
  return q;
}

/** How a column can be filtered: a free-text `like`, a choice (`=`), or not at all. */
export type FilterKind =
  | { kind: 'text' }
  | { kind: 'choice'; options: { value: string; label: string }[] }
  /**
   * A reference to a record of `type` ("module/type"): chosen by its name with the filter input
   * of `widget` (the forms registry's), matched by its key.
   */
  | { kind: 'record'; type: string; widget: string }
  | { kind: 'none' };

export function filterKind(schema: JsonObject, ui: JsonObject, field: string): FilterKind {
  const s = fieldSchema(schema, field);
  if (!s || s['x-sensitive']) return { kind: 'none' };
  const own = ui[field] as JsonObject | undefined;
  const type = (own?.['ui:options'] as JsonObject | undefined)?.type;
  if (own?.['ui:widget'] === 'recordSelect' && typeof type === 'string')
    return { kind: 'record', type, widget: 'recordSelect' };
  if (own?.['ui:widget'] === 'groupSelect') return { kind: 'record', type: 'auth/groups', widget: 'groupSelect' };
  const kind = valueKind(schema, ui, field);
  if (kind === 'enum') {
    const values = s.enum as unknown[];
    const names = s['x-enumNames'] as string[] | undefined;
    return { kind: 'choice', options: values.map((v, i) => ({ value: String(v), label: names?.[i] ?? String(v) })) };
  }
  if (kind === 'boolean') {
    return {
      kind: 'choice',
      options: [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ],
    };
  }
  if (kind === 'text' || kind === 'phone') return { kind: 'text' };
  return { kind: 'none' };
}

/**
 * Whether sorting by a column orders the list as the column reads: not for a column of people,
 * groups or records, which shows names but holds (and so would sort by) keys.
 */
export function sortableColumn(schema: JsonObject, ui: JsonObject, field: string): boolean {
  const s = fieldSchema(schema, field);
  return (
    !!s &&
    !s['x-sensitive'] &&
    filterKind(schema, ui, field).kind !== 'record' &&
    valueKind(schema, ui, field) !== 'user'
  );
}

/**
 * The sort asked for in the URL when it is a column of the list that may be sorted; otherwise none,
 * and the list's own order: a bookmark from before a column left the list, or a hand-made link
 * (`?sort=ssn`), shows the list rather than the server's refusal, which "Try again" only repeated.
 */
function askedSort(schema: JsonObject, ui: JsonObject, list: ListHints, p: ListParams): SortSpec | undefined {
  const asked = p.sort;
  return asked && list.columns.includes(asked.field) && sortableColumn(schema, ui, asked.field) ? asked : undefined;
}

/** The order the list shows in: the one asked for (askedSort), else the list's first sort key. */
export function effectiveSort(
  schema: JsonObject,
  ui: JsonObject,
  list: ListHints,
  p: ListParams,
): SortSpec | undefined {
  return askedSort(schema, ui, list, p) ?? list.sort?.[0];
}

export function criteriaOf(schema: JsonObject, ui: JsonObject, filters: Record<string, string>): Criterion[] {
  const out: Criterion[] = [];
  for (const [field, value] of Object.entries(filters)) {
    const f = filterKind(schema, ui, field);
    if (f.kind === 'text')
      out.push({
        field,
        is: 'like',
        value: valueKind(schema, ui, field) === 'phone' ? value.replace(/\D/g, '') : value,
      });
    else if (f.kind === 'record') out.push({ field, is: '=', value });
    else if (f.kind === 'choice') {
      const s = fieldSchema(schema, field);
      out.push({ field, is: '=', value: s?.type === 'boolean' ? value === 'true' : value });
    }
  }
  return out;
}

/**
 * The criteria of the list's view named `name` (none for an unknown name: the whole list), with
 * "$today" the company's day today (`today`, epoch seconds at 00:00 UTC, as dates are stored).
 */
export function viewCriteria(list: ListHints, name: string | undefined, today: number): Criterion[] {
  const view = name ? list.views?.find((v) => v.name === name) : undefined;
  return (view?.criteria ?? []).map((c) => (c.value === '$today' ? { ...c, value: today } : c));
}

export function findBody(
  schema: JsonObject,
  ui: JsonObject,
  list: ListHints,
  p: ListParams,
  today = Math.floor(Date.now() / 86_400_000) * 86_400,
): FindBody {
  const asked = askedSort(schema, ui, list, p);
  return {
    criteria: [...viewCriteria(list, p.view, today), ...criteriaOf(schema, ui, p.filters)],
    sort: asked ? [asked] : list.sort,
    limit: p.size,
    offset: (p.page - 1) * p.size,
  };
}
