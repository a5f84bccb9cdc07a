/**
 * Structural sharing of JSON-like values: `next` with every part that deep-equals the same part of
 * `prev` replaced by `prev`'s own object. @rjsf's form copies its whole data on every change
 * (structuredClone), so without this every array item looks new and re-renders; with it, only the
 * item that changed does. Pure.
 */
const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

export function shareStructure<T>(prev: unknown, next: T): T {
  if (Object.is(prev, next)) return prev as T;
  if (Array.isArray(prev) && Array.isArray(next)) {
    let same = prev.length === next.length;
    const out = next.map((n, i) => {
      const s = shareStructure(prev[i], n);
      if (s !== prev[i]) same = false;
      return s;
    });
    return (same ? prev : out) as T;
  }
  if (isPlain(prev) && isPlain(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(prev).length;
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const s = shareStructure(prev[k], next[k]);
      out[k] = s;
      if (s !== prev[k] || !(k in prev)) same = false;
    }
    return (same ? prev : out) as T;
  }
  return next;
}
