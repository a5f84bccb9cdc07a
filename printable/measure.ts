/**
 * Approximate text widths, so a value can be shrunk to fit its box or wrapped into its lines before
 * pdfmake lays it out. Widths are in ems of Helvetica (the form's text font), slightly generous
 * (within a few percent of pdfkit's own metrics, never far below); the script fonts get a factor of
 * their own.
 */
import type { FontName } from './layout.ts';

const NARROW = new Set("iljtfrI.,:;|!'`()[] ");
const WIDE = new Set('mwMW@%&');

function charEm(ch: string): number {
  if (NARROW.has(ch)) return 0.3;
  if (WIDE.has(ch)) return 0.86;
  if (ch >= '0' && ch <= '9') return 0.57;
  if (ch >= 'A' && ch <= 'Z') return 0.69;
  if (ch >= 'a' && ch <= 'z') return 0.53;
  return 0.6;
}

const FONT_FACTOR: Record<FontName, number> = { sans: 1, font1: 0.95, font2: 0.9, font3: 0.85 };

/** Width in points of one line of text. */
export function textWidth(text: string, size: number, font: FontName = 'sans', bold = false): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return em * size * FONT_FACTOR[font] * (bold ? 1.06 : 1);
}

/** The size at which one line fits the width, never above `size` nor below `min`. */
export function fitSize(text: string, width: number, size: number, font: FontName = 'sans', min = 5): number {
  const w = textWidth(text, size, font);
  if (w <= width) return size;
  return Math.max(min, Math.floor(((size * width) / w) * 4) / 4);
}

/** Splits text into the lines it wraps to at this width (explicit newlines kept). */
export function wrapLines(text: string, width: number, size: number, font: FontName = 'sans'): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && textWidth(next, size, font) > width) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}
