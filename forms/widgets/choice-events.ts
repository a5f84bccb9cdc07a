/**
 * The events of a select (or text box) holding a key, as rjsf's widget callbacks want them: an
 * empty choice is no value (undefined), so a required field's rule names it as missing.
 */
import type { WidgetProps } from '@rjsf/utils';

type Target = { target: { value: string } };

export function choiceEvents({
  id,
  onChange,
  onBlur,
  onFocus,
}: Pick<WidgetProps, 'id' | 'onChange' | 'onBlur' | 'onFocus'>) {
  const value = (e: Target) => e.target.value || undefined;
  return {
    onChange: (e: Target) => onChange(value(e)),
    onBlur: (e: Target) => onBlur(id, value(e)),
    onFocus: (e: Target) => onFocus(id, value(e)),
  };
}
