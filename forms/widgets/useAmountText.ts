/**
 * The text of an amount input (engine/masks.ts amountInput): what was typed stays on screen, a
 * decimal point included, while the stored value is its number; a value set from elsewhere (a
 * reset, a record loaded) replaces the text.
 */
import { useState } from 'react';
import { amountInput } from '../../engine/masks.ts';

export function useAmountText(value: unknown, maxDigits?: number) {
  const shown = typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  const [typed, setTyped] = useState(shown);
  const current = amountInput(typed, maxDigits).value;
  const text = current === (shown === '' ? undefined : Number(shown)) ? typed : shown;
  return {
    text,
    /** The typed text's number, keeping the text as typed. */
    type(raw: string): number | undefined {
      const next = amountInput(raw, maxDigits);
      setTyped(next.text);
      return next.value;
    },
  };
}
