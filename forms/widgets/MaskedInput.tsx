/**
 * A text input that shows a mask of its value and stores what `parse` makes of the text; the
 * building block of the phone, SSN and date-of-birth widgets.
 */
import { useEffect, useState, type FocusEvent } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

export interface MaskOptions {
  /** The stored value as text in the input. */
  format: (value: unknown) => string;
  /** What the input's text is re-shown as while typing. */
  mask: (text: string) => string;
  /** What is stored for the text (undefined when empty). */
  parse: (text: string) => unknown;
  inputMode?: 'numeric' | 'tel' | 'text';
  placeholder?: string;
  autoComplete?: string;
}

export function MaskedInput(props: WidgetProps & { mask: MaskOptions }) {
  const { id, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, mask, rawErrors, htmlName } =
    props;
  const [text, setText] = useState(() => mask.format(value));
  // The value changed from outside (a reload, a reset): show it.
  useEffect(() => {
    if (mask.parse(text) !== value) setText(mask.format(value));
  }, [value]);
  return (
    <input
      id={id}
      name={htmlName ?? id}
      className="input"
      type="text"
      inputMode={mask.inputMode}
      placeholder={mask.placeholder}
      autoComplete={mask.autoComplete ?? 'off'}
      // No maxLength: the mask bounds the text, and a browser cuts a paste at maxLength before the
      // mask reads it, so "+1 (512) 555-0100" (17 characters) lost its last digits.
      value={text}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => {
        const t = mask.mask(e.target.value);
        setText(t);
        const v = mask.parse(t);
        onChange(v === '' ? undefined : v);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => onBlur(id, mask.parse(e.target.value))}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, mask.parse(e.target.value))}
    />
  );
}
