/**
 * A report's rows as a CSV: every matching row, fetched page by page through the ordinary data API
 * (so the file holds exactly what the page may show), up to CSV_ROW_LIMIT rows. Values are written
 * as the table shows them: dates MM/DD/YYYY, choices by label, people by name (one call per 100),
 * a reference by its record's name (the cell texts the app root registers).
 */
import type { ApiClient } from '../../api/client.ts';
import type { FindBody, TypeMeta, WireRecord } from '../../api/types.ts';
import { cellTexts } from '../../contract/forms-registry.ts';
import { fieldTitle, valueKind } from '../../format/schema-facts.ts';
import { isUserKey } from '../../users/user-names.ts';
import { columnFormatter, ownWidget } from '../../screens/list/field-cell.tsx';
import { fieldValue } from '../../../engine/criteria.ts';
import { CSV_FIND_SIZE, CSV_ROW_LIMIT } from './report-query.ts';
import { toCsv } from './csv.ts';

export interface Gathered {
  items: WireRecord[];
  /** How many rows matched: more than `items` when the limit cut the file short. */
  total: number;
}

/** Every row of a find up to `limit`, in the find's order; `onProgress` hears each page. */
export async function gatherRows(
  client: ApiClient,
  meta: Pick<TypeMeta, 'module' | 'type'>,
  body: FindBody,
  { limit = CSV_ROW_LIMIT, pageSize = CSV_FIND_SIZE, onProgress = (_n: number, _total: number) => {} } = {},
): Promise<Gathered> {
  const items: WireRecord[] = [];
  let total = Infinity;
  while (items.length < Math.min(total, limit)) {
    const size = Math.min(pageSize, limit - items.length);
    const page = await client.find(meta.module, meta.type, { ...body, limit: size, offset: items.length });
    total = page.total;
    items.push(...page.items);
    onProgress(items.length, total);
    // A page shorter than asked is the last (rows removed meanwhile shorten the total).
    if (page.items.length < size) break;
  }
  return { items, total: Number.isFinite(total) ? total : 0 };
}

/** Display names of the user keys among the values, asked 100 at a time. */
async function userNames(client: ApiClient, values: unknown[]): Promise<Map<string, string>> {
  const keys = [...new Set(values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter(isUserKey))];
  const names = new Map<string, string>();
  for (let i = 0; i < keys.length; i += 100) {
    const answer = await client.userInfo(keys.slice(i, i + 100));
    for (const r of answer) names.set(r.key, r.data.display_name || r.data.email || r.key);
  }
  return names;
}

/** One column's values as text, in row order. */
async function columnTexts(client: ApiClient, meta: TypeMeta, field: string, values: unknown[]): Promise<string[]> {
  const { widget, options } = ownWidget(meta, field);
  const asText = widget ? cellTexts()[widget] : undefined;
  if (asText) {
    const distinct = new Map<unknown, string>();
    for (const v of new Set(values)) distinct.set(v, await asText(client, v, options));
    return values.map((v) => distinct.get(v) ?? '');
  }
  if (valueKind(meta.schema, meta.ui, field) === 'user') {
    const names = await userNames(client, values);
    const one = (k: unknown) => (typeof k === 'string' ? (names.get(k) ?? k) : '');
    return values.map((v) => (Array.isArray(v) ? v.map(one).join(', ') : one(v)));
  }
  const format = columnFormatter(meta, field);
  return values.map(format);
}

/** The CSV of the rows: a header row of the columns' titles, then a line per row. */
export async function reportCsv(
  client: ApiClient,
  meta: TypeMeta,
  columns: readonly string[],
  items: readonly WireRecord[],
): Promise<string> {
  const byColumn = await Promise.all(
    columns.map((f) =>
      columnTexts(
        client,
        meta,
        f,
        items.map((r) => fieldValue(r.data, f)),
      ),
    ),
  );
  const rows = items.map((_, i) => byColumn.map((texts) => texts[i]));
  return toCsv(
    columns.map((f) => fieldTitle(meta.schema, f)),
    rows,
  );
}
