/**
 * The three signature fonts (spec/001 section 9: font1-font3) and the preview sizes: 26px in the
 * card design, 30px in the dialog design, 23px for font3 in both (Caveat runs larger than the others).
 * The printable layouts draw the same families, so a signature looks alike on screen and on paper.
 */
import type { Signature } from '../../types/generated/common/defs.ts';

/** The schema's signature fonts. */
export type SignatureFont = NonNullable<Signature['font']>;
export type SignatureDesign = 'card' | 'dialog';

export interface SignatureFontInfo {
  value: SignatureFont;
  label: string;
  /** The CSS font-family (the @fontsource family with a cursive fallback). */
  family: string;
}

export const SIGNATURE_FONTS: readonly SignatureFontInfo[] = [
  { value: 'font1', label: 'Font 1', family: "'Dancing Script', cursive" },
  { value: 'font2', label: 'Font 2', family: "'Great Vibes', cursive" },
  { value: 'font3', label: 'Font 3', family: "'Caveat', cursive" },
];

export const DEFAULT_SIGNATURE_FONT: SignatureFont = 'font1';

/** The font-family of a stored font value; an unknown value draws in font1. */
export function signatureFontFamily(font: unknown): string {
  return (SIGNATURE_FONTS.find((f) => f.value === font) ?? SIGNATURE_FONTS[0]).family;
}

/** Preview size in pixels. */
export function previewFontSize(font: SignatureFont, design: SignatureDesign): number {
  if (font === 'font3') return 23;
  return design === 'card' ? 26 : 30;
}
