/**
 * SSN: typed as digits, shown and stored as ###-##-####; a masked value read from the server
 * (xxx-xx-1234) is kept as it is until the user types a new one.
 */
import type { WidgetProps } from '@rjsf/utils';
import { maskSsn } from '../../engine/masks.ts';
import { MaskedInput, type MaskOptions } from './MaskedInput.tsx';

const ssn: MaskOptions = {
  format: (v) => (typeof v === 'string' ? v : ''),
  mask: maskSsn,
  parse: (t) => t,
  inputMode: 'numeric',
  placeholder: '###-##-####',
};

export function SsnWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={ssn} />;
}
