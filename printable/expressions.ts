/**
 * Layout expressions: JSONata evaluated by engine/transforms (sandboxed, time-limited), with the
 * failures named by form and element.
 */
import { DEFAULT_LIMITS, evaluate, ExpressionError, type ExpressionLimits } from '../engine/transforms.ts';
import type { Layout, PrintInput } from './layout.ts';

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

/** Evaluates one expression of a layout; a failure names the form and where it is. */
export async function run(form: string, where: string, expr: string, input: PrintInput, vars: Record<string, unknown>) {
  try {
    return await evaluate(expr, input, vars, PRINT_LIMITS);
  } catch (e) {
    if (e instanceof ExpressionError) throw new LayoutError(`printable: ${form} ${where}: ${e.message}`);
    throw e;
  }
}

/** Evaluates the shared vars, then the layout's own, each seeing the ones before it as $name. */
export async function evaluateVars(layout: Layout, input: PrintInput, shared: Record<string, string>) {
  const vars: Record<string, unknown> = {};
  for (const [name, expr] of [...Object.entries(shared), ...Object.entries(layout.vars ?? {})]) {
    vars[name] = await run(layout.form, `var '${name}'`, expr, input, vars);
  }
  return vars;
}
