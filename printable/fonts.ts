/**
 * The fonts a printed form may use, all bundled with npm packages: Roboto (shipped with pdfmake) for
 * the form's text, and three script fonts for typed signatures: font1 Dancing Script, font2 Great
 * Vibes, font3 Caveat. These files (and printable/backgrounds/) are all pdfmake may ever read.
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
export const FAMILY: Record<FontName, string> = { sans: 'Roboto', font1: 'Font1', font2: 'Font2', font3: 'Font3' };

export const FONT_FILES: Record<string, FontFaces> = {
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
