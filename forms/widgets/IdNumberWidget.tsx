/**
 * A document number (the I-9's USCIS or A-Number and Form I-94 admission number): typed or pasted
 * as printed on the card ("A-123 456 789", "123-456-789"), kept as its letters and digits, which is
 * what the schema's rule reads. A masked value read from the server (xxxxx6789) is shown as it is.
 */
import type { WidgetProps } from '@rjsf/utils';
import { MaskedInput, type MaskOptions } from './MaskedInput.tsx';

const idNumber: MaskOptions = {
  format: (v) => (typeof v === 'string' ? v : ''),
  mask: (t) => t.replace(/[\s-]+/g, ''),
  parse: (t) => t,
};

export function IdNumberWidget(props: WidgetProps) {
  return <MaskedInput {...props} mask={idNumber} />;
}
