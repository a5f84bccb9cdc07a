/**
 * The fields an entity file names in its own keywords exist: `x-list`'s columns, canonical field and
 * sort, `x-sections`' fields and `x-owner`; and a list is never sorted by a sensitive field (the
 * server refuses to search or sort on one, so the list would show only that refusal). Checked for
 * every file at start, the product's and a tried one (DFORM_EXTRA_SCHEMAS), so that such a mistake
 * stops the start naming the file and the keyword, instead of an empty column or a list that never
 * loads (tests/unit/schemas/catalogue.test.ts checks the product's own files the same way, and more).
 */
type Json = Record<string, unknown>;

export function namedFieldProblem(file: Json): string | undefined {
  const props = (file.properties ?? {}) as Json;
  const has = (f: unknown) => typeof f === 'string' && Object.hasOwn(props, f);
  const list = file['x-list'] as { columns?: unknown[]; canonical?: unknown; sort?: { field?: unknown }[] } | undefined;
  for (const c of list?.columns ?? []) if (!has(c)) return `/x-list/columns: '${String(c)}' is not a field of the file`;
  if (list?.canonical !== undefined && !has(list.canonical))
    return `/x-list/canonical: '${String(list.canonical)}' is not a field of the file`;
  for (const s of list?.sort ?? []) {
    if (!has(s.field)) return `/x-list/sort: '${String(s.field)}' is not a field of the file`;
    if ((props[s.field as string] as Json)['x-sensitive'] !== undefined)
      return `/x-list/sort: '${String(s.field)}' is sensitive, and a list cannot be sorted by it`;
  }
  for (const section of (file['x-sections'] ?? []) as { title?: unknown; fields?: unknown[] }[]) {
    for (const f of section.fields ?? [])
      if (!has(f)) return `/x-sections: '${String(f)}' (section '${String(section.title)}') is not a field of the file`;
  }
  const owner = file['x-owner'];
  if (owner !== undefined && owner !== 'key' && !has(owner))
    return `/x-owner: '${String(owner)}' is not a field of the file`;
  return undefined;
}
