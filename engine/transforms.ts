/**
 * Transforms and data-defined rules are JSONata expressions, never JavaScript: product staff write them
 * in records. Each evaluation runs under JSONata's own guardrails (time, stack depth, sequence length)
 * over a null-prototype copy of the data, so an expression can reach neither prototypes nor Node.
 * Its regular expressions run on RE2 (engine/linear-regexp.ts): JSONata's time limit is checked
 * between steps and cannot stop one native RegExp match, which on a pattern such as /^(a+)+$/ takes
 * exponential time. What would still reach a backtracking RegExp is refused when the expression is
 * parsed (`unsupported`) or replaced (`$toMillis`): docs/data-defined-patterns.md.
 */
import jsonata from 'jsonata';
import { LinearRegExp, patternProblem } from './linear-regexp.ts';
import { canonicalJson } from './unique-items.ts';
import type { FieldError } from './messages.ts';

export interface ExpressionLimits {
  timeoutMs: number;
  stack: number;
  sequence: number;
  /**
   * At most this long between two turns of the event loop: an evaluation that runs longer lets
   * other work in, then goes on. For expressions written as data, whose cost nobody reviewed.
   */
  sliceMs?: number;
}

// Wall-clock time: generous enough that a loaded machine does not fail a valid rule.
export const DEFAULT_LIMITS: ExpressionLimits = { timeoutMs: 1000, stack: 200, sequence: 100_000 };

/**
 * Expressions product staff write as data (a state form's transforms), run on the server for every
 * company: one that takes its whole second still lets every other request through, 10 ms at a time.
 */
export const DATA_DEFINED_LIMITS: ExpressionLimits = { ...DEFAULT_LIMITS, sliceMs: 10 };

/** JSONata awaits this binding before each step it evaluates (jsonata 2.x). */
const ENTRY = Symbol.for('jsonata.__evaluate_entry');
/** ... and this one after it, with the step's result. */
const EXIT = Symbol.for('jsonata.__evaluate_exit');

/**
 * What one evaluation may build. A JSONata step is one native call that no time limit interrupts: a
 * string past V8's bounds (`$pad` to 200,000,000; `$s & $s` doubled 28 times), or an array made of
 * one (`$length` spreads its text), ends the whole process with a fatal error, worker or not. The
 * text a step answers and the text an evaluation builds in all are bounded far below that, and far
 * above any form's (a request body is at most 1 MiB).
 */
export const TEXT_LIMITS = { step: 1_000_000, evaluation: 20_000_000 };
/** The binding that carries one evaluation's count: no `$name` can spell it. */
const BUILT = '\u0000built';

const grouped = (n: number) => n.toLocaleString('en-US');

/** After each step: the text it answered counts against the evaluation's bounds. */
async function countText(
  _expr: unknown,
  _input: unknown,
  environment: { lookup(name: string): unknown },
  result: unknown,
) {
  if (typeof result !== 'string') return;
  if (result.length > TEXT_LIMITS.step) {
    throw new Error(`a step answered text longer than ${grouped(TEXT_LIMITS.step)} characters`);
  }
  const built = environment.lookup(BUILT) as { chars: number } | undefined;
  if (!built) return;
  built.chars += result.length;
  if (built.chars > TEXT_LIMITS.evaluation) {
    throw new Error(`the expression built more than ${grouped(TEXT_LIMITS.evaluation)} characters of text`);
  }
}

/**
 * `$pad` refusing a width past the step's bound before building anything; otherwise JSONata's own:
 * the width counts characters (code points), the padding repeats `char` (a space by default) cut
 * to length, on the right for a positive width and on the left for a negative one.
 */
function pad(str: unknown, width: number, char?: string): string | undefined {
  if (str === undefined) return undefined;
  const wanted = Math.trunc(width);
  if (Math.abs(wanted) > TEXT_LIMITS.step) {
    throw new Error(`$pad pads to at most ${grouped(TEXT_LIMITS.step)} characters`);
  }
  const text = String(str);
  const fill = Array.from(char === undefined || char === '' ? ' ' : char);
  const missing = Math.abs(wanted) - Array.from(text).length;
  if (missing <= 0) return text;
  // Whole repeats of the fill, then cut to length by characters (a fill of astral characters is
  // cut by code point, as JSONata does).
  const unit = fill.join('');
  const repeated = unit.repeat(Math.ceil(missing / fill.length));
  const padding =
    unit.length === fill.length ? repeated.slice(0, missing) : Array.from(repeated).slice(0, missing).join('');
  return wanted > 0 ? text + padding : padding + text;
}
/** When a sliced evaluation last let the event loop turn. */
let sliceStart = 0;
const nextTurn: (fn: () => void) => void = globalThis.setImmediate ?? ((fn) => setTimeout(fn, 0));

function yieldEvery(sliceMs: number) {
  return (): Promise<void> | undefined => {
    if (Date.now() - sliceStart < sliceMs) return undefined;
    return new Promise((resolve) =>
      nextTurn(() => {
        sliceStart = Date.now();
        resolve();
      }),
    );
  };
}

export class ExpressionError extends Error {
  constructor(
    message: string,
    readonly expression: string,
  ) {
    super(message);
    this.name = 'ExpressionError';
  }
}

/** Plain data with no prototypes anywhere: `constructor`, `__proto__` and friends read as nothing. */
function sandboxed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sandboxed);
  if (value && typeof value === 'object') {
    const out = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) out[k] = sandboxed(v);
    return out;
  }
  return typeof value === 'function' ? undefined : value;
}

/** Back to plain JSON: JSONata answers sequences with extra markers, and functions must not leak out. */
function plain(value: unknown): unknown {
  if (value === undefined) return undefined;
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === 'function' ? undefined : v)));
}

const compiled = new Map<string, ReturnType<typeof jsonata>>();

/**
 * What a parsed expression may not hold, with why: a regular expression literal RE2 cannot run; a
 * function signature (`function($x)<n?n?>`), which JSONata checks with a backtracking RegExp of its
 * own (26 optional parameters held a 102-character expression 1.5 s); and `$eval`, which would make
 * text in the data an expression, past every check here.
 */
function unsupported(node: unknown, seen = new Set<object>()): string | undefined {
  if (!node || typeof node !== 'object' || seen.has(node)) return undefined;
  seen.add(node);
  if (node instanceof RegExp) {
    // JSONata adds the `g` flag to every literal; only the author's flags are checked.
    return patternProblem(node.source, node.flags.replace('g', ''));
  }
  const n = node as { type?: unknown; value?: unknown; signature?: { definition?: unknown } };
  if (n.type === 'lambda' && n.signature) {
    return `function signatures (${String(n.signature.definition)}) are not supported`;
  }
  if (n.type === 'variable' && n.value === 'eval') return '$eval is not supported';
  for (const child of Object.values(node)) {
    const problem = unsupported(child, seen);
    if (problem) return problem;
  }
  return undefined;
}

// JSONata's own ISO 8601 check (jsonata.js, toMillis): fixed, and linear in the text.
const ISO_8601 = /^\d{4}(-[01]\d)?(-[0-3]\d)?(T[0-2]\d:[0-5]\d:[0-5]\d)?(\.\d+)?([+-][0-2]\d:?[0-5]\d|Z)?$/;

/**
 * `$toMillis` for ISO 8601 text only: with a picture, JSONata matches the text with a RegExp it
 * builds from the picture, which no RegexEngine reaches and whose time grows as the text's length
 * to the power of the picture's parts ('[Dwo]' eight times: 0.6 s on 91 characters).
 */
function toMillis(timestamp: unknown, picture?: unknown): number | undefined {
  if (timestamp === undefined) return undefined;
  if (picture !== undefined) throw new Error('$toMillis with a picture is not supported; give ISO 8601 text');
  if (typeof timestamp !== 'string' || !ISO_8601.test(timestamp)) {
    throw new Error('The argument of the toMillis function must be an ISO 8601 formatted timestamp');
  }
  return Date.parse(timestamp);
}

/**
 * `$distinct` in linear time: JSONata's compares each item with every item kept, one native step
 * that no time limit interrupts (60,000 items held the server 3.7 s). Items are the same when their
 * canonical JSON is; the first of each is kept, in order.
 */
function distinct(items: unknown): unknown {
  if (!Array.isArray(items) || items.length <= 1) return items;
  const seen = new Set<string>();
  return items.filter((item) => {
    const id = canonicalJson(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function compile(text: string, limits: ExpressionLimits) {
  const id = `${limits.timeoutMs}/${limits.stack}/${limits.sequence}/${limits.sliceMs ?? 0}\u0000${text}`;
  let expr = compiled.get(id);
  if (!expr) {
    try {
      // The `timeout`, `stack` and `sequence` guardrails are options of jsonata 2.1+.
      expr = jsonata(text, {
        timeout: limits.timeoutMs,
        stack: limits.stack,
        sequence: limits.sequence,
        // Every regular expression, literal or built by $eval, is matched by RE2.
        RegexEngine: LinearRegExp as unknown as RegExpConstructor,
      } as Parameters<typeof jsonata>[1]);
    } catch (e) {
      throw new ExpressionError(`expression does not parse: ${(e as Error).message}`, text);
    }
    const problem = unsupported(expr.ast());
    if (problem) throw new ExpressionError(`expression does not parse: ${problem}`, text);
    expr.registerFunction('toMillis', toMillis, '<x-s?:n>');
    expr.registerFunction('pad', pad, '<s-ns?:s>');
    expr.registerFunction('distinct', distinct, '<x:x>');
    expr.assign(EXIT as unknown as string, countText);
    // A symbol, so no `$name` of an expression reaches it.
    if (limits.sliceMs) expr.assign(ENTRY as unknown as string, yieldEvery(limits.sliceMs));
    if (compiled.size > 2000) compiled.clear();
    compiled.set(id, expr);
  }
  return expr;
}

/** Checks that an expression parses; throws an ExpressionError saying why not. */
export function parseExpression(text: string, limits: ExpressionLimits = DEFAULT_LIMITS): void {
  compile(text, limits);
}

/** Evaluates an expression over data; bindings become `$name` variables. */
export async function evaluate(
  text: string,
  input: unknown,
  bindings: Record<string, unknown> = {},
  limits: ExpressionLimits = DEFAULT_LIMITS,
): Promise<unknown> {
  return evaluateInScope(text, prepareScope(input, bindings), limits);
}

/**
 * Data and bindings copied into the sandbox once, for many expressions over the same data (a
 * printed form runs a hundred and more over the same records). Only a scope made here is accepted.
 */
export interface Scope {
  readonly input: unknown;
  readonly bindings: Readonly<Record<string, unknown>>;
}

const scopes = new WeakSet<Scope>();

/**
 * A binding that is a function is the product's own (engine/reference-bindings.ts: `$w4EditionOf`),
 * never data: it is kept callable, and what it answers is sandboxed as the data is.
 */
function sandboxedBinding(value: unknown): unknown {
  if (typeof value !== 'function') return sandboxed(value);
  const fn = value as (...args: unknown[]) => unknown;
  return (...args: unknown[]) => sandboxed(fn(...args));
}

export function prepareScope(input: unknown, bindings: Record<string, unknown> = {}): Scope {
  const safeBindings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(bindings)) safeBindings[k] = sandboxedBinding(v);
  const scope: Scope = Object.freeze({ input: sandboxed(input), bindings: Object.freeze(safeBindings) });
  scopes.add(scope);
  return scope;
}

/** Evaluates an expression in a scope from prepareScope. */
export async function evaluateInScope(
  text: string,
  scope: Scope,
  limits: ExpressionLimits = DEFAULT_LIMITS,
): Promise<unknown> {
  if (!scopes.has(scope)) throw new Error('transforms: evaluateInScope needs a scope from prepareScope');
  const expr = compile(text, limits);
  try {
    // JSONata binds variables into an environment of its own; the frozen object is only read.
    return plain(await expr.evaluate(scope.input, { ...scope.bindings, [BUILT]: { chars: 0 } }));
  } catch (e) {
    const err = e as { code?: string; message?: string };
    const reason =
      err.code === 'U1001' || err.code === 'D1012'
        ? 'took too long'
        : err.code === 'U1002'
          ? 'recursed too deeply'
          : err.message;
    throw new ExpressionError(`expression failed: ${reason ?? 'unknown error'}`, text);
  }
}

/** Runs a transform that answers the whole new data object. */
export async function transformData(
  text: string | undefined,
  data: Record<string, unknown>,
  bindings?: Record<string, unknown>,
  limits: ExpressionLimits = DEFAULT_LIMITS,
): Promise<Record<string, unknown>> {
  if (!text) return data;
  const out = await evaluate(text, data, bindings, limits);
  if (!out || typeof out !== 'object' || Array.isArray(out)) {
    throw new ExpressionError('transform must answer an object', text);
  }
  return out as Record<string, unknown>;
}

/** The longest message or path a validator's item may give. */
export const MAX_VALIDATOR_TEXT = 1000;

/** Runs a validator expression: it answers nothing, one `{path, message}`, or a list of them. */

export async function validateByExpression(
  text: string | undefined,
  data: Record<string, unknown>,
  bindings?: Record<string, unknown>,
  limits: ExpressionLimits = DEFAULT_LIMITS,
): Promise<FieldError[]> {
  if (!text) return [];
  const out = await evaluate(text, data, bindings, limits);
  const list = out === undefined || out === null ? [] : Array.isArray(out) ? out : [out];
  return list.map((item) => {
    const i = item as { path?: unknown; message?: unknown };
    if (typeof i?.message !== 'string') throw new ExpressionError('validator items need a message', text);
    // A message is read beside a field and a path names one: a validator written as data answered
    // fifteen messages of a million characters, 15 MB for each employee's save.
    if (i.message.length > MAX_VALIDATOR_TEXT) {
      throw new ExpressionError(
        `validator messages are at most ${MAX_VALIDATOR_TEXT.toLocaleString('en-US')} characters`,
        text,
      );
    }
    if (typeof i.path === 'string' && i.path.length > MAX_VALIDATOR_TEXT) {
      throw new ExpressionError(
        `validator paths are at most ${MAX_VALIDATOR_TEXT.toLocaleString('en-US')} characters`,
        text,
      );
    }
    return { path: typeof i.path === 'string' ? i.path : '', message: i.message };
  });
}
