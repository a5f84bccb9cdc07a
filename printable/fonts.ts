/**
 * The fonts a printed form may use. The form's text is Helvetica, a standard PDF font: every reader
 * has it, so nothing is embedded and a form is a third of the size it was with an embedded font.
 * Its encoding (WinAnsi) covers English and Western European names; a text with any other
 * character (Łukasz, Σοφία) is printed in Roboto (shipped with pdfmake) and that text alone embeds
 * it. Typed signatures use three script fonts, embedded when a signature uses them: font1 Dancing
 * Script, font2 Great Vibes, font3 Caveat. These files (and printable/backgrounds/) are all pdfmake
 * may ever read.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FontName } from './layout.ts';

const require = createRequire(import.meta.url);
const file = (spec: string) => require.resolve(spec);
const roboto = (face: string) =>
  path.join(path.dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto', face);

export interface FontFaces {
  normal: string;
  bold?: string;
  italics?: string;
  bolditalics?: string;
}

/** pdfmake family name of each layout font. */
export const FAMILY: Record<FontName, string> = { sans: 'Helvetica', font1: 'Font1', font2: 'Font2', font3: 'Font3' };

export const FONT_FILES: Record<string, FontFaces> = {
  Helvetica: {
    normal: 'Helvetica',
    bold: 'Helvetica-Bold',
    italics: 'Helvetica-Oblique',
    bolditalics: 'Helvetica-BoldOblique',
  },
  Roboto: {
    normal: roboto('Roboto-Regular.ttf'),
    bold: roboto('Roboto-Medium.ttf'),
    italics: roboto('Roboto-Italic.ttf'),
    bolditalics: roboto('Roboto-MediumItalic.ttf'),
  },
  Font1: { normal: file('@expo-google-fonts/dancing-script/400Regular/DancingScript_400Regular.ttf') },
  Font2: { normal: file('@expo-google-fonts/great-vibes/400Regular/GreatVibes_400Regular.ttf') },
  Font3: { normal: file('@expo-google-fonts/caveat/400Regular/Caveat_400Regular.ttf') },
};

/** pdfkit's standard PDF fonts (metrics built in, never embedded) used here. */
const STANDARD = new Set(Object.values(FONT_FILES.Helvetica));
export const isStandardFont = (name: string): boolean => STANDARD.has(name);

/** The characters of WinAnsi (Windows-1252) beyond Latin-1, which pdfkit's standard fonts encode. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Whether a standard font can print every character of `text`. */
function fitsStandardFont(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if ((c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || c === 0x0a || WIN_ANSI_EXTRA.has(ch)) continue;
    return false;
  }
  return true;
}

/** The pdfmake family that prints `text` in a layout font. */
export function familyFor(font: FontName, text: string): string {
  return font === 'sans' && !fitsStandardFont(text) ? 'Roboto' : FAMILY[font];
}
