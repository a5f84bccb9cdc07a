/**
 * Date of birth: typed MM/DD/YYYY with the mask ##/##/####, stored YYYY-MM-DD (spec/000 section 5).
 * Text that is not a date yet is stored as typed, so validation says "Please enter a valid date.".
 */
import type { WidgetProps } from '@rjsf/utils';
import { isoToUs, maskDate, parseUsDate } from '../../engine/masks.ts';
import { MaskedInput, type MaskOptions } from './MaskedInput.tsx';

const dob: MaskOptions = {
  format: (v) => (typeof v === 'string' ? isoToUs(v) : ''),
  mask: maskDate,
  parse: (t) => (t === '' ? '' : (parseUsDate(t) ?? t)),
  inputMode: 'numeric',
  placeholder: 'MM/DD/YYYY',
  autoComplete: 'bday',
};

export function DobWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={dob} />;
}
