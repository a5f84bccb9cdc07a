/**
 * Parsed fonts kept for the life of the process. pdfkit (under pdfmake) reads and parses every font
 * file again for every document with fontkit.create, which was most of the time a form took to
 * produce (the profile of an I-9 showed fontkit and its decoder at about two thirds of the CPU).
 * The bundled fonts never change, so pdfkit is handed a fontkit whose `create` answers the font
 * parsed the first time for the same bytes. A parsed font is read-only to pdfkit: each document
 * takes its own subset of it (createSubset), so documents still embed only the glyphs they use.
 *
 * This module must be imported before pdfmake is first loaded (pdf.ts imports it first): pdfkit
 * takes fontkit from the module cache once, when it is loaded.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// fontkit as pdfkit resolves it (pdfkit is pdfmake's dependency).
const fromPdfkit = createRequire(require.resolve('pdfkit'));
const fontkitPath = fromPdfkit.resolve('fontkit');
const fontkit = fromPdfkit('fontkit') as { create(buffer: Uint8Array, postscriptName?: string): unknown };

const parsed = new Map<string, unknown>();
/** At most this many distinct fonts are kept (the bundle has seven faces). */
const MAX_FONTS = 32;

function cachedCreate(buffer: Uint8Array, postscriptName?: string): unknown {
  const id = `${createHash('sha1').update(buffer).digest('hex')}\u0000${postscriptName ?? ''}`;
  let font = parsed.get(id);
  if (!font) {
    font = fontkit.create(buffer, postscriptName);
    if (parsed.size >= MAX_FONTS) parsed.delete(parsed.keys().next().value!);
    parsed.set(id, font);
  }
  return font;
}

const cached = require.cache[fontkitPath];
if (cached && !(cached.exports as { dformCached?: boolean }).dformCached) {
  // fontkit's own exports are getters that cannot be redefined: pdfkit gets a copy instead.
  const copy: Record<string, unknown> = { dformCached: true };
  for (const name of Object.keys(cached.exports as object))
    copy[name] = (cached.exports as Record<string, unknown>)[name];
  copy.create = cachedCreate;
  cached.exports = copy;
}

/** How many parsed fonts are held (for the tests). */
export const parsedFontCount = () => parsed.size;
