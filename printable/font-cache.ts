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
/** Shaped words kept per font; the labels of every form repeat from one document to the next. */
const MAX_RUNS = 20_000;

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface GlyphRun {
  glyphs: unknown[];
  positions: Position[];
}
interface ShapingFont {
  layout(text: string, ...rest: unknown[]): GlyphRun;
}

/**
 * A shaped word as pdfkit reads it. Its widths are summed on first use, which comes after pdfkit
 * has scaled the positions (it reads them again for every use of the word in a document).
 */
class CopiedRun implements GlyphRun {
  private width?: number;
  constructor(
    readonly glyphs: unknown[],
    readonly positions: Position[],
  ) {}
  get advanceWidth(): number {
    if (this.width === undefined) {
      let w = 0;
      for (const p of this.positions) w += p.xAdvance;
      this.width = w;
    }
    return this.width;
  }
  get advanceHeight(): number {
    let h = 0;
    for (const p of this.positions) h += p.yAdvance;
    return h;
  }
}

/**
 * Shaping a word (fontkit's layout: GSUB and GPOS lookups) was the next largest cost once fonts were
 * parsed once. pdfkit caches shaped words per document only, so the same labels were shaped again for
 * every PDF; here each font keeps the words it shaped. pdfkit scales the positions of the run it gets
 * in place, so every caller gets positions of its own; the glyphs are only read.
 */
function cacheShaping(font: ShapingFont): void {
  const layout = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  font.layout = (text: string, ...rest: unknown[]) => {
    // pdfkit shapes with no features, script or direction unless a document asks for them.
    if (rest.some((r) => r !== undefined && r !== null)) return layout(text, ...rest);
    let run = runs.get(text);
    if (!run) {
      const shaped = layout(text);
      run = {
        glyphs: shaped.glyphs,
        positions: shaped.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
          xAdvance,
          yAdvance,
          xOffset,
          yOffset,
        })),
      };
      if (runs.size >= MAX_RUNS) runs.clear();
      runs.set(text, run);
    }
    const positions: Position[] = new Array(run.positions.length);
    for (let i = 0; i < positions.length; i++) {
      const p = run.positions[i];
      positions[i] = { xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset };
    }
    return new CopiedRun(run.glyphs, positions);
  };
}

/** The bundled fonts come as the same bytes every time (pdf.ts): known without hashing them. */
const bySource = new WeakMap<Uint8Array, { name?: string; font: unknown }>();

function cachedCreate(buffer: Uint8Array, postscriptName?: string): unknown {
  const known = bySource.get(buffer);
  if (known && known.name === postscriptName) return known.font;
  const id = `${createHash('sha1').update(buffer).digest('hex')}\u0000${postscriptName ?? ''}`;
  let font = parsed.get(id);
  if (font) bySource.set(buffer, { name: postscriptName, font });
  else {
    font = fontkit.create(buffer, postscriptName);
    if (font && typeof (font as ShapingFont).layout === 'function') cacheShaping(font as ShapingFont);
    if (parsed.size >= MAX_FONTS) parsed.delete(parsed.keys().next().value!);
    parsed.set(id, font);
    bySource.set(buffer, { name: postscriptName, font });
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
