/**
 * The `x-` keywords of an entity file that the format does not know: a typo (`x-acess`,
 * `x-mesages`) is otherwise a keyword nothing reads, and the rule it was meant to give is silently
 * absent (no access rules, no message) until a strict compile fails on the first write with a 500.
 * Only places where a schema stands are looked at (the file itself, its properties, items,
 * definitions and combinations); what a keyword holds (`x-ui`'s field names, `x-messages`' rule
 * names) is its own business.
 */
import { DFORM_KEYWORDS } from './validation.ts';

export interface UnknownKeyword {
  /** JSON Pointer of the schema holding it. */
  at: string;
  keyword: string;
  /** The known keyword it is most likely a typo of, if one is close. */
  meant?: string;
}

const KNOWN = new Set(DFORM_KEYWORDS);
const SCHEMA_MAPS = ['properties', 'definitions', '$defs', 'patternProperties', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_ONES = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];

const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/** Edit distance, stopping early past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

function meantOf(keyword: string): string | undefined {
  let best: { k: string; d: number } | undefined;
  for (const k of KNOWN) {
    const d = distance(keyword, k, 2);
    if (d <= 2 && (!best || d < best.d)) best = { k, d };
  }
  return best?.k;
}

export function unknownKeywords(schema: unknown, at = ''): UnknownKeyword[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const s = schema as Record<string, unknown>;
  const out: UnknownKeyword[] = [];
  for (const k of Object.keys(s)) {
    if (k.startsWith('x-') && !KNOWN.has(k)) {
      const meant = meantOf(k);
      out.push({ at: at || '/', keyword: k, ...(meant ? { meant } : {}) });
    }
  }
  for (const m of SCHEMA_MAPS) {
    const map = s[m];
    if (map && typeof map === 'object' && !Array.isArray(map)) {
      for (const [name, sub] of Object.entries(map)) out.push(...unknownKeywords(sub, `${at}/${m}/${escape(name)}`));
    }
  }
  for (const l of SCHEMA_LISTS) {
    const list = s[l];
    if (Array.isArray(list)) list.forEach((sub, i) => out.push(...unknownKeywords(sub, `${at}/${l}/${i}`)));
  }
  for (const o of SCHEMA_ONES) out.push(...unknownKeywords(s[o], `${at}/${o}`));
  return out;
}

/** One line naming the first unknown keyword of `file`, or undefined when there is none. */
export function unknownKeywordProblem(file: string, schema: unknown): string | undefined {
  const [first] = unknownKeywords(schema);
  if (!first) return undefined;
  const hint = first.meant ? ` (did you mean "${first.meant}"?)` : '';
  return `${file}: ${first.at}: "${first.keyword}" is not a keyword of the entity format${hint}; its keywords are listed in engine/validation.ts`;
}
