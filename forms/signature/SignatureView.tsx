/**
 * A signature on a read-only record view: the signed name in its script font (or the drawn image)
 * with the signing date, or 'Not signed'. Never the stored JSON, and never the signing evidence.
 */
import { useFormsStyles } from '../styles/load-styles.ts';
import { SignatureItemContent } from './SignatureItem.tsx';

export function SignatureView({ value }: { value: unknown }) {
  useFormsStyles();
  return (
    <span className="signature-item signature-item--view">
      <SignatureItemContent value={value} label="Not signed" />
    </span>
  );
}
