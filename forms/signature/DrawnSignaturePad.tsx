/**
 * A drawn signature (signature_pad) kept as a PNG data URL. The canvas is sized to its box at the
 * screen's pixel ratio; "Clear" empties it.
 */
import { useEffect, useRef } from 'react';
import SignaturePad from 'signature_pad';

export interface DrawnSignaturePadProps {
  /** A PNG data URL drawn before, shown again. */
  value?: string;
  onChange(image: string | undefined): void;
  height?: number;
  disabled?: boolean;
}

export function DrawnSignaturePad({ value, onChange, height = 140, disabled }: DrawnSignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const emit = useRef(onChange);
  emit.current = onChange;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = el.offsetWidth * ratio;
    el.height = el.offsetHeight * ratio;
    el.getContext('2d')?.scale(ratio, ratio);
    const p = new SignaturePad(el, { penColor: '#0b1f44' });
    pad.current = p;
    if (value) void p.fromDataURL(value, { ratio });
    const end = () => emit.current(p.isEmpty() ? undefined : p.toDataURL('image/png'));
    p.addEventListener('endStroke', end);
    return () => {
      p.removeEventListener('endStroke', end);
      p.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (!pad.current) return;
    if (disabled) pad.current.off();
    else pad.current.on();
  }, [disabled]);

  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        className="signature-pad__canvas"
        role="img"
        aria-label="Signature drawing area"
        style={{ width: '100%', height, touchAction: 'none' }}
      />
      <button
        type="button"
        className="btn btn--small"
        disabled={disabled}
        onClick={() => {
          pad.current?.clear();
          emit.current(undefined);
        }}
      >
        Clear
      </button>
    </div>
  );
}
