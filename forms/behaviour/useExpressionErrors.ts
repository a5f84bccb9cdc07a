/**
 * Runs a validate expression (JSONata, engine/transforms.ts) in the browser as the data changes: a
 * schema's own x-transforms.validate or a state form definition's validator, so that the browser
 * shows the server's rules with the server's messages instead of a TypeScript copy of them.
 */
import { useEffect, useState } from 'react';
import type { FieldError } from '../../engine/messages.ts';

export function useExpressionErrors(
  text: string | undefined,
  data: Record<string, unknown>,
  bindings?: Record<string, unknown>,
): FieldError[] {
  const [errors, setErrors] = useState<FieldError[]>([]);
  useEffect(() => {
    if (!text) return setErrors([]);
    let live = true;
    // The expression engine loads with the first form that has a rule, not with every record
    // screen: its start-up would otherwise weigh on each edit screen's first render.
    import('../../engine/transforms.ts')
      .then(({ validateByExpression }) => validateByExpression(text, data, bindings))
      .then(
        (e) => live && setErrors(e),
        // A broken rule is the schema's or the definition's fault: the server names it on save.
        (e: unknown) => live && (console.warn('validate expression failed', e), setErrors([])),
      );
    return () => {
      live = false;
    };
  }, [text, data, bindings]);
  return errors;
}
