/**
 * A whole number typed as digits only (W-4 amounts and counts, state withholding amounts): anything
 * but digits is dropped as it is typed; empty stores nothing. ui:options `prefix` ("$") or `suffix`
 * ("%") show beside the input.
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useFormsStyles } from '../styles/load-styles.ts';
import { digits } from '../../engine/masks.ts';

/** What the input stores for its text. */
export function parseWholeNumber(text: string): number | undefined {
  const d = digits(text)
    .replace(/^0+(?=\d)/, '')
    .slice(0, 15);
  return d === '' ? undefined : Number(d);
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
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
  const input = (
    <input
      id={id}
      name={htmlName ?? id}
      className="input"
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      autoFocus={autofocus}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(parseWholeNumber(e.target.value))}
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
