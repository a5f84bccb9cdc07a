/**
 * A date stored as epoch seconds (spec/000 section 5), picked with the browser's date input.
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { epochToIso, isoToEpoch } from '../../engine/masks.ts';

export function EpochDateWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, onChange, onBlur, onFocus, rawErrors, htmlName } = props;
  return (
    <input
      id={id}
      name={htmlName ?? id}
      className="input"
      type="date"
      value={epochToIso(value)}
      required={required}
      disabled={disabled}
      readOnly={readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(isoToEpoch(e.target.value))}
      onBlur={(e) => onBlur(id, isoToEpoch(e.target.value))}
      onFocus={(e) => onFocus(id, isoToEpoch(e.target.value))}
    />
  );
}
