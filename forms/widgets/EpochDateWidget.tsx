/**
 * A date stored as epoch seconds (spec/000 section 5), picked with the browser's date input.
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { EpochDateInput } from './EpochDateInput.tsx';

export function EpochDateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, htmlName } = props;
  return (
    <EpochDateInput
      id={id}
      name={htmlName ?? id}
      className="input"
      value={typeof value === 'number' ? value : undefined}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onValue={onChange}
      onBlurValue={(v) => onBlur(id, v)}
      onFocusValue={(v) => onFocus(id, v)}
    />
  );
}
