/**
 * A choice of one among a few ("ui:widget": "radio": the I-9's citizenship status, the W-4's and
 * the state certificates' filing status): the group is named by its field's title, as a screen
 * reader announces it on entering the group (the generic one's radiogroup had no name, its label
 * pointing at the group's div, which a label cannot name).
 */
import { useCallback, type FocusEvent } from 'react';
import {
  ariaDescribedByIds,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  enumOptionsIsSelected,
  getOptionValueFormat,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';

export function RadioWidget(props: WidgetProps) {
  const {
    options,
    value,
    required,
    disabled,
    readonly,
    autofocus = false,
    onBlur,
    onFocus,
    onChange,
    id,
    rawErrors,
  } = props;
  const { enumOptions, enumDisabled, inline, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decoded = useCallback(
    (e: FocusEvent<HTMLInputElement>) => enumOptionValueDecoder(e.target?.value, enumOptions, format, emptyValue),
    [enumOptions, format, emptyValue],
  );
  const label = typeof props.label === 'string' && props.label ? props.label : undefined;
  return (
    <div
      className="field-radio-group"
      id={id}
      role="radiogroup"
      aria-label={label}
      aria-invalid={rawErrors?.length ? true : undefined}
    >
      {(enumOptions ?? []).map((option, i) => {
        const off = disabled || readonly || (Array.isArray(enumDisabled) && enumDisabled.includes(option.value));
        const radio = (
          <span>
            <input
              type="radio"
              id={optionId(id, i)}
              checked={enumOptionsIsSelected(option.value, value)}
              name={props.htmlName || id}
              required={required}
              value={enumOptionValueEncoder(option.value, i, format)}
              disabled={off}
              autoFocus={autofocus && i === 0}
              onChange={() => onChange(option.value)}
              onBlur={(e) => onBlur(id, decoded(e))}
              onFocus={(e) => onFocus(id, decoded(e))}
              aria-describedby={ariaDescribedByIds(id)}
            />
            <span>{option.label}</span>
          </span>
        );
        return inline ? (
          <label key={String(option.value)} className={`radio-inline ${off ? 'disabled' : ''}`}>
            {radio}
          </label>
        ) : (
          <div key={String(option.value)} className={`radio ${off ? 'disabled' : ''}`}>
            <label>{radio}</label>
          </div>
        );
      })}
    </div>
  );
}
