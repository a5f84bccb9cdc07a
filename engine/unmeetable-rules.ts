/**
 * Field rules written as data (a state form definition's JSON Schema) that no answer could meet
 * within the product's input limits: a text longer than a request may hold, a range with nothing in
 * it, a step finer than a number is checked to, a bound past the largest number an answer holds.
 * Such a rule compiles and saves, but every employee's save of the form is then refused. Pure.
 */
import type { FieldError } from './messages.ts';
import { longestMatch, shortestMatch } from './linear-regexp.ts';

export interface AnswerLimits {
  /** The longest text an answer may hold (a request's whole body). */
  text: number;
  /** The largest number, either side of zero, an answer may hold. */
  number: number;
  /** The finest `multipleOf` an answer is checked to. */
  step: number;
}

/** Values, not schemas: an enum or a default may be anything. */
const VALUES: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples']);

const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const big = (n: number) => n.toLocaleString('en-US');

/** The fewest characters a text the pattern matches holds; 0 for a pattern RE2 does not run (refused elsewhere, with its reason). */
function fewestMatched(pattern: string): number {
  try {
    return shortestMatch(pattern, 'u');
  } catch {
    return 0;
  }
}

/** The most characters a text the pattern matches whole holds; Infinity when unbounded or not known. */
function mostMatched(pattern: string): number {
  try {
    return longestMatch(pattern, 'u');
  } catch {
    return Infinity;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Keywords that annotate a schema without ruling anything: a schema of only these accepts every value. */
const NOTES: ReadonlySet<string> = new Set(['title', 'description', '$comment', 'default', 'examples']);
const acceptsAll = (s: unknown) =>
  s === true || (isObject(s) && Object.keys(s).every((k) => NOTES.has(k) || k.startsWith('x-')));

/** The values a schema's own enum or const allows, as canonical JSON; undefined when it names none. */
function choicesOf(n: Record<string, unknown>): Set<string> | undefined {
  let out: Set<string> | undefined;
  const keep = (values: unknown[]) => {
    const these = new Set(values.map((v) => canonical(v)));
    out = out ? new Set([...out].filter((v) => these.has(v))) : these;
  };
  if (Array.isArray(n.enum)) keep(n.enum);
  if ('const' in n) keep([n.const]);
  return out;
}
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** How many distinct values an item schema allows, when it says so by its choices or its type. */
function distinctValues(items: unknown): number {
  if (!isObject(items)) return Infinity;
  const choices = choicesOf(items);
  if (choices) return choices.size;
  if (items.type === 'boolean') return 2;
  if (items.type === 'null') return 1;
  return Infinity;
}

/** Rules that each allow answers but have none in common, or a rule that allows none. */
function emptyProblems(n: Record<string, unknown>): string[] {
  const out: string[] = [];
  if ('not' in n && acceptsAll(n.not))
    out.push(`not ${JSON.stringify(n.not)} refuses every answer: no answer could meet it.`);
  if (Array.isArray(n.allOf) && n.allOf.some((s) => isObject(s) && choicesOf(s))) {
    let common = choicesOf(n);
    for (const s of n.allOf) {
      const these = isObject(s) ? choicesOf(s) : undefined;
      if (these) common = common ? new Set([...common].filter((v) => these.has(v))) : these;
    }
    if (common && common.size === 0) {
      out.push('Its choices (enum, const and those of allOf) have no value in common: no answer could meet them.');
    }
  }
  if (n.uniqueItems === true && num(n.minItems)) {
    const values = distinctValues(n.items);
    if (n.minItems > values) {
      out.push(
        `minItems ${n.minItems} with uniqueItems, but the items take only ${values} value${values === 1 ? '' : 's'}: no answer could meet both.`,
      );
    }
  }
  if (Array.isArray(n.required) && num(n.maxProperties)) {
    const named = new Set(n.required).size;
    if (named > n.maxProperties) {
      out.push(
        `required names ${named} field${named === 1 ? '' : 's'}, but maxProperties is ${n.maxProperties}: no answer could meet both.`,
      );
    }
  }
  return out;
}

/** The problems of one schema's own keywords (not its subschemas'). */
function ownProblems(n: Record<string, unknown>, limits: AnswerLimits): string[] {
  const out: string[] = [];
  const both = (lo: string, hi: string) => {
    if (num(n[lo]) && num(n[hi]) && n[lo] > n[hi]) {
      out.push(`${lo} ${n[lo]} is more than ${hi} ${n[hi]}: no answer could meet both.`);
    }
  };
  if (num(n.minLength) && n.minLength > limits.text) {
    out.push(
      `minLength ${n.minLength} is longer than any answer may be (a request holds at most ${big(limits.text)} characters): no answer could meet it.`,
    );
  } else if (num(n.maxLength) && n.maxLength > limits.text) {
    out.push(
      `maxLength ${n.maxLength} is longer than any answer may be (a request holds at most ${big(limits.text)} characters).`,
    );
  } else {
    both('minLength', 'maxLength');
  }
  both('minItems', 'maxItems');
  // Every text with a pattern says its maxLength (docs/data-defined-patterns.md): one too short for
  // every text the pattern matches leaves the field no answer.
  if (typeof n.pattern === 'string' && num(n.maxLength)) {
    const shortest = fewestMatched(n.pattern);
    if (shortest === Infinity) {
      out.push(`pattern "${n.pattern}" matches no text at all: no answer could meet it.`);
    } else if (shortest > n.maxLength) {
      out.push(
        `pattern "${n.pattern}" matches no text shorter than ${shortest} characters, but maxLength is ${n.maxLength}: no answer could meet both.`,
      );
    }
  }
  // Anchored at both ends, a pattern matches texts no longer than its longest match.
  if (typeof n.pattern === 'string' && num(n.minLength)) {
    const longest = mostMatched(n.pattern);
    if (longest < n.minLength) {
      out.push(
        `pattern "${n.pattern}" matches no text longer than ${longest} characters, but minLength is ${n.minLength}: no answer could meet both.`,
      );
    }
  }
  out.push(...emptyProblems(n));
  for (const k of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    const v = n[k];
    if (num(v) && Math.abs(v) > limits.number) {
      out.push(`${k} ${v} is past the largest number an answer may hold (${big(limits.number)}).`);
    }
  }
  if (num(n.multipleOf) && n.multipleOf < limits.step) {
    out.push(
      `multipleOf ${n.multipleOf} is finer than an answer is checked to: use ${limits.step.toFixed(6)} or more.`,
    );
  }
  if (out.length) return out;
  // The range left: [lo, hi], each end open when exclusive.
  const lower =
    num(n.exclusiveMinimum) && !(num(n.minimum) && n.minimum > n.exclusiveMinimum) ? 'exclusiveMinimum' : 'minimum';
  const upper =
    num(n.exclusiveMaximum) && !(num(n.maximum) && n.maximum < n.exclusiveMaximum) ? 'exclusiveMaximum' : 'maximum';
  const lo = n[lower];
  const hi = n[upper];
  if (!num(lo) || !num(hi)) return out;
  const open = lower === 'exclusiveMinimum' || upper === 'exclusiveMaximum';
  if (lo > hi || (open && lo === hi)) {
    out.push(`${lower} ${lo} is ${open ? 'not less than' : 'more than'} ${upper} ${hi}: no answer could meet both.`);
    return out;
  }
  const inRange = (x: number) =>
    (lower === 'exclusiveMinimum' ? x > lo : x >= lo) && (upper === 'exclusiveMaximum' ? x < hi : x <= hi);
  /** Whether some multiple of `step` lies in the range: the first at or above its lower end, or the next. */
  const someMultiple = (step: number) => {
    const first = Math.ceil(lo / step) * step;
    return inRange(first) || inRange(first + step);
  };
  const whole = n.type === 'integer';
  if (whole && !someMultiple(1)) {
    out.push(`No whole number lies between ${lower} ${lo} and ${upper} ${hi}: no answer could meet them.`);
  } else if (num(n.multipleOf) && n.multipleOf > 0 && !someMultiple(n.multipleOf)) {
    out.push(
      `No multiple of ${n.multipleOf} lies between ${lower} ${lo} and ${upper} ${hi}: no answer could meet them.`,
    );
  }
  return out;
}

/**
 * Every rule of `schema` and its subschemas that no answer could meet, at its place (a JSON
 * Pointer under `at`).
 */
export function unmeetableRules(schema: unknown, at: string, limits: AnswerLimits): FieldError[] {
  const errors: FieldError[] = [];
  const visit = (node: unknown, where: string) => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, `${where}/${i}`));
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as Record<string, unknown>;
    for (const message of ownProblems(n, limits)) errors.push({ path: where, message });
    for (const [k, child] of Object.entries(n)) {
      if (VALUES.has(k) || k.startsWith('x-')) continue;
      visit(child, `${where}/${k.replaceAll('~', '~0').replaceAll('/', '~1')}`);
    }
  };
  visit(schema, at);
  return errors;
}
