/**
 * The live preview of a typed signature in its script font, on a signature line; the card design puts
 * an X mark before it.
 */
import { previewFontSize, signatureFontFamily, type SignatureDesign, type SignatureFont } from './signature-fonts.ts';

export function SignaturePreview({
  name,
  font,
  design,
}: {
  name: string;
  font: SignatureFont;
  design: SignatureDesign;
}) {
  const size = previewFontSize(font, design);
  return (
    <div className={`signature-preview signature-preview--${design}`} data-font={font}>
      {design === 'card' && (
        <span className="signature-preview__x" aria-hidden="true">
          X
        </span>
      )}
      <span className="visually-hidden">Signature preview: </span>
      <span
        className="signature-preview__name"
        style={{
          fontFamily: signatureFontFamily(font),
          fontSize: `${size}px`,
          minHeight: `${Math.round(size * 1.4)}px`,
        }}
      >
        {name}
      </span>
    </div>
  );
}
