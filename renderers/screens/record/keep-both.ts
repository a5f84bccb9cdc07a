/**
 * "Keep both: their version with my changes" after a save refused for a newer version (409): the
 * latest version with what this person changed on top, part by part. An address or a list item
 * of which this person changed one part keeps the other person's changes to its other parts; a
 * list whose length either side changed, and a signature (spec/001: name, font, timestamp,
 * userAgent), are taken whole from whoever changed them, mine first.
 */

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Objects compared by their members, whatever their order. */
function same(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => same(a[k], b[k]));
  }
  return false;
}
/** A signature is one act: never a mix of two. */
const isSignature = (v: Json) => isObject(v) && 'timestamp' in v;

/** `theirs` (the latest version) with what `mine` changed from `base` (the version I started from). */
export function keepBothData(base: Json, theirs: Json, mine: Json): Json {
  if (same(mine, base)) return theirs;
  if (same(theirs, base)) return mine;
  if (isObject(base) && isObject(theirs) && isObject(mine) && ![base, theirs, mine].some(isSignature)) {
    const out: Record<string, Json> = {};
    for (const k of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const v = keepBothData(base[k], theirs[k], mine[k]);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  if (
    Array.isArray(base) &&
    Array.isArray(theirs) &&
    Array.isArray(mine) &&
    base.length === theirs.length &&
    base.length === mine.length
  ) {
    return mine.map((m, i) => keepBothData(base[i], theirs[i], m));
  }
  return mine;
}
