/**
 * Transforms and data-defined rules are JSONata expressions, never JavaScript: product staff write them
 * in records. Each evaluation runs under JSONata's own guardrails (time, stack depth, sequence length)
 * over a null-prototype copy of the data, so an expression can reach neither prototypes nor Node.
 */
import jsonata from 'jsonata';
import type { FieldError } from './messages.ts';

export interface ExpressionLimits {
  timeoutMs: number;
  stack: number;
  sequence: number;
}

// Wall-clock time: generous enough that a loaded machine does not fail a valid rule.
export const DEFAULT_LIMITS: ExpressionLimits = { timeoutMs: 1000, stack: 200, sequence: 100_000 };

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

function compile(text: string, limits: ExpressionLimits) {
  const id = `${limits.timeoutMs}/${limits.stack}/${limits.sequence}\u0000${text}`;
  let expr = compiled.get(id);
  if (!expr) {
    try {
      // The `timeout`, `stack` and `sequence` guardrails are options of jsonata 2.1+.
      expr = jsonata(text, {
        timeout: limits.timeoutMs,
        stack: limits.stack,
        sequence: limits.sequence,
      } as Parameters<typeof jsonata>[1]);
    } catch (e) {
      throw new ExpressionError(`expression does not parse: ${(e as Error).message}`, text);
    }
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

export function prepareScope(input: unknown, bindings: Record<string, unknown> = {}): Scope {
  const safeBindings: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(bindings)) safeBindings[k] = sandboxed(v);
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
    return plain(await expr.evaluate(scope.input, { ...scope.bindings }));
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
): Promise<Record<string, unknown>> {
  if (!text) return data;
  const out = await evaluate(text, data, bindings);
  if (!out || typeof out !== 'object' || Array.isArray(out)) {
    throw new ExpressionError('transform must answer an object', text);
  }
  return out as Record<string, unknown>;
}

/** Runs a validator expression: it answers nothing, one `{path, message}`, or a list of them. */
export async function validateByExpression(
  text: string | undefined,
  data: Record<string, unknown>,
  bindings?: Record<string, unknown>,
): Promise<FieldError[]> {
  if (!text) return [];
  const out = await evaluate(text, data, bindings);
  const list = out === undefined || out === null ? [] : Array.isArray(out) ? out : [out];
  return list.map((item) => {
    const i = item as { path?: unknown; message?: unknown };
    if (typeof i?.message !== 'string') throw new ExpressionError('validator items need a message', text);
    return { path: typeof i.path === 'string' ? i.path : '', message: i.message };
  });
}
