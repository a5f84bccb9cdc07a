/**
 * A whole number (W-4 amounts and counts, state withholding amounts): anything but digits and a
 * decimal point is dropped as it is typed; a decimal part stays on screen and is stored as typed, so
 * the schema names the rule (whole dollars) rather than the point vanishing and the amount growing a
 * hundredfold. Empty stores nothing. ui:options `prefix` ("$") or `suffix` ("%") show beside the input.
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useFormsStyles } from '../styles/load-styles.ts';
import { amountInput } from '../../engine/masks.ts';
import { useAmountText } from './useAmountText.ts';

/** What the input stores for its text. */
export function parseWholeNumber(text: string): number | undefined {
  return amountInput(text).value;
}

export function WholeNumberWidget(props: WidgetProps) {
  useFormsStyles();
  const {
    id,
    value,
    required,
    disabled,
    readonly,
    autofocus,
    onChange,
    onBlur,
    onFocus,
    rawErrors,
    options,
    htmlName,
  } = props;
  const prefix = typeof options.prefix === 'string' ? options.prefix : undefined;
  const suffix = typeof options.suffix === 'string' ? options.suffix : undefined;
  const amount = useAmountText(value);
  const input = (
    <input
      id={id}
      name={htmlName ?? id}
      className="input"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={amount.text}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(amount.type(e.target.value))}
      onBlur={(e) => onBlur(id, parseWholeNumber(e.target.value))}
      onFocus={(e) => onFocus(id, parseWholeNumber(e.target.value))}
    />
  );
  if (!prefix && !suffix) return input;
  return (
    <span className="input-affix">
      {prefix && <span className="input-affix__text">{prefix}</span>}
      {input}
      {suffix && <span className="input-affix__text">{suffix}</span>}
    </span>
  );
}
