/**
 * A signature as it reads on a form: "Signature Required" (or another label) until signed, then the
 * name in its script font (or the drawn image) and the signing date.
 */
import { useFormsEnv } from '../env.tsx';
import { signatureFontFamily } from './signature-fonts.ts';
import { isSigned, signedOn } from './signature-flow.ts';

export function SignatureItemContent({ value, label = 'Signature Required' }: { value: unknown; label?: string }) {
  const { timeZone } = useFormsEnv();
  if (!isSigned(value)) return <span className="signature-item__required">{label}</span>;
  return (
    <>
      {value.image ? (
        <img className="signature-item__image" src={value.image} alt={`Signature of ${value.name}`} height={48} />
      ) : (
        <span
          className="signature-item__name"
          style={{ fontFamily: signatureFontFamily(value.font), fontSize: '26px' }}
        >
          {value.name}
        </span>
      )}
      <span className="signature-item__date">Signed {signedOn(value, timeZone)}</span>
    </>
  );
}
