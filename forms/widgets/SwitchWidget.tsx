/**
 * An on/off switch over a two-valued field (the company's active / inactive status): "ui:options"
 * {"on": "active", "off": "inactive", "label": "Active"} name the stored values and the switch's label.
 */
import { useFormsStyles } from '../styles/load-styles.ts';
import { ariaDescribedByIds, getUiOptions, type WidgetProps } from '@rjsf/utils';

export function SwitchWidget(props: WidgetProps) {
  useFormsStyles();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, uiSchema, label, options, rawErrors } = props;
  const ui = { ...options, ...getUiOptions(uiSchema) };
  const on = ui.on ?? true;
  const off = ui.off ?? false;
  const checked = value === on;
  const text = typeof ui.label === 'string' ? ui.label : label;
  return (
    <label className="switch" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch__input"
        checked={checked}
        aria-checked={checked}
        disabled={disabled || readonly}
        aria-invalid={rawErrors?.length ? true : undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(e.target.checked ? on : off)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <span className="switch__track" aria-hidden="true" />
      <span className="switch__label">
        {text}: {String(value ?? off)}
      </span>
    </label>
  );
}
