/**
 * The three-way font toggle (Font 1, Font 2, Font 3): a radio group of buttons, each label drawn in
 * its own font.
 */
import { SIGNATURE_FONTS, type SignatureFont } from './signature-fonts.ts';

export function FontToggle({ value, onChange }: { value: SignatureFont; onChange(font: SignatureFont): void }) {
  return (
    <div className="font-toggle" role="radiogroup" aria-label="Signature font">
      {SIGNATURE_FONTS.map((f) => (
        <button
          key={f.value}
          type="button"
          role="radio"
          aria-checked={value === f.value}
          className={`font-toggle__option${value === f.value ? ' font-toggle__option--on' : ''}`}
          style={{ fontFamily: f.family }}
          onClick={() => onChange(f.value)}
        >
          {f.label}
        </button>
      ))}
    </div>
  );
}
