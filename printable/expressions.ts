/**
 * Layout expressions: JSONata evaluated by engine/transforms (sandboxed, time-limited), with the
 * failures named by form and element.
 */
import {
  DEFAULT_LIMITS,
  evaluateInScope,
  ExpressionError,
  prepareScope,
  type ExpressionLimits,
  type Scope,
} from '../engine/transforms.ts';
import type { Layout, PrintInput } from './layout.ts';
import { referenceData } from './layouts.ts';

export class LayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LayoutError';
  }
}

/**
 * JSONata's time limit is wall-clock: a render waiting behind another request's PDF work (or a busy
 * machine) must not fail a layout expression, which takes well under a millisecond of work. Layouts
 * are files of the product, not user data; the limit still stops a runaway expression.
 */
export const PRINT_LIMITS: ExpressionLimits = { ...DEFAULT_LIMITS, timeoutMs: 2000 };

/**
 * The records and vars of one render, copied into the sandbox once for all its elements. Only frozen
 * vars (evaluateVars' answer) are kept: the vars object under construction changes between calls.
 */
const scopes = new WeakMap<PrintInput, WeakMap<Record<string, unknown>, Scope>>();

function scopeOf(input: PrintInput, vars: Record<string, unknown>): Scope {
  if (!Object.isFrozen(vars)) return prepareScope(input, vars);
  let byVars = scopes.get(input);
  if (!byVars) scopes.set(input, (byVars = new WeakMap()));
  let scope = byVars.get(vars);
  if (!scope) byVars.set(vars, (scope = prepareScope(input, vars)));
  return scope;
}

/** Evaluates one expression of a layout; a failure names the form and where it is. */
export async function run(form: string, where: string, expr: string, input: PrintInput, vars: Record<string, unknown>) {
  try {
    return await evaluateInScope(expr, scopeOf(input, vars), PRINT_LIMITS);
  } catch (e) {
    if (e instanceof ExpressionError) throw new LayoutError(`printable: ${form} ${where}: ${e.message}`);
    throw e;
  }
}

/**
 * Evaluates the shared vars, then the layout's own, each seeing the ones before it as $name; all see
 * the product's reference data by name too (`$w4Editions`), and `$revision`, the layout's edition,
 * which every form prints as it names itself.
 */
export async function evaluateVars(layout: Layout, input: PrintInput, shared: Record<string, string>) {
  const vars: Record<string, unknown> = { ...referenceData(), revision: layout.edition ?? '' };
  for (const [name, expr] of [...Object.entries(shared), ...Object.entries(layout.vars ?? {})]) {
    vars[name] = await run(layout.form, `var '${name}'`, expr, input, vars);
  }
  // Frozen: the elements that follow share one sandboxed copy of the records and vars.
  return Object.freeze(vars);
}
