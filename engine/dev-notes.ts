/**
 * Developer notes (`x-dev-note` on a field) explain a design to developers and never reach a
 * screen: the server answers schemas without them, and the browser build fingerprints the schema
 * the server answers.
 */
export function withoutDevNotes<T>(v: T): T {
  if (Array.isArray(v)) return v.map(withoutDevNotes) as T;
  if (!v || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .filter(([k]) => k !== 'x-dev-note')
      .map(([k, x]) => [k, withoutDevNotes(x)]),
  ) as T;
}
