/**
 * A brand colour: stored as six hex digits without '#' (spec/001 section 5). Typing or pasting
 * '#AABBCC' is accepted (the '#' is dropped); a colour picker beside the text sets the same value.
 */
import { useFormsStyles } from '../styles/load-styles.ts';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

const HEX = /^[0-9a-fA-F]{6}$/;

/** What the widget stores for a typed value: without the leading '#', trimmed. */
export function hexOf(text: string): string | undefined {
  const v = text.trim().replace(/^#/, '');
  return v || undefined;
}

export function HexColorWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, htmlName, label } = props;
  const text = typeof value === 'string' ? value : '';
  return (
    <span className="hex-color">
      <input
        id={id}
        name={htmlName ?? id}
        type="text"
        className="input input--mono hex-color__text"
        value={text}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        spellCheck={false}
        maxLength={7}
        placeholder="002d50"
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(hexOf(e.target.value))}
        onBlur={(e) => onBlur(id, hexOf(e.target.value))}
        onFocus={(e) => onFocus(id, hexOf(e.target.value))}
      />
      <input
        type="color"
        className="hex-color__picker"
        aria-label={`${label} picker`}
        value={HEX.test(text) ? `#${text.toLowerCase()}` : '#000000'}
        disabled={disabled || readonly}
        onChange={(e) => onChange(hexOf(e.target.value))}
      />
    </span>
  );
}
