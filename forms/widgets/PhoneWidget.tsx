/**
 * Phone: shown (###) ###-####, stored as 10 digits (spec/000 section 5).
 */
import type { WidgetProps } from '@rjsf/utils';
import { formatPhone, parsePhone } from '../../engine/masks.ts';
import { MaskedInput, type MaskOptions } from './MaskedInput.tsx';

const phone: MaskOptions = {
  format: formatPhone,
  mask: (t) => formatPhone(parsePhone(t)),
  parse: (t) => parsePhone(t),
  inputMode: 'tel',
  placeholder: '(555) 555-5555',
  autoComplete: 'tel-national',
};

export function PhoneWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={phone} />;
}
