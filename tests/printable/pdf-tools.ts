/**
 * What a person would read and see in a printout, for the printable form tests: the text laid out
 * line by line, every page rendered to a PNG, the fonts, the images and the page count. MuPDF's
 * WebAssembly build reads the PDF in-process, so the tests need no system tool.
 */
import * as mupdf from 'mupdf';

/** MuPDF's warnings and errors since the last `collect()`, instead of its default print to stderr. */
const said: string[] = [];
mupdf.setLog((message) => said.push(message));
const collect = () => said.splice(0);

/** Opens `pdf`, hands it to `fn` and frees it after; MuPDF works synchronously on WebAssembly memory. */
function withDocument<T>(pdf: Uint8Array, fn: (doc: mupdf.PDFDocument) => T): T {
  const doc = new mupdf.PDFDocument(pdf);
  try {
    return fn(doc);
  } finally {
    doc.destroy();
  }
}

function eachPage(doc: mupdf.PDFDocument, fn: (page: mupdf.PDFPage, index: number) => void): void {
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    try {
      fn(page, i);
    } finally {
      page.destroy();
    }
  }
}

interface Glyph {
  c: string;
  x0: number;
  x1: number;
  /** Baseline. */
  y: number;
  size: number;
}

/**
 * One page's glyphs as rows of text, as they read on paper: glyphs whose baselines lie
 * within a third of the font size make one row, read left to right; a gap wider than a sixth of the
 * font size is a space, a wider one more spaces (one per half em), so columns stay apart.
 */
function layoutRows(glyphs: Glyph[]): string {
  const rows: Glyph[][] = [];
  for (const g of [...glyphs].sort((a, b) => a.y - b.y || a.x0 - b.x0)) {
    const row = rows.at(-1);
    if (row && g.y - row[0].y <= Math.max(g.size, row[0].size) / 3) row.push(g);
    else rows.push([g]);
  }
  return rows
    .map((row) => {
      row.sort((a, b) => a.x0 - b.x0);
      let line = row[0].c;
      for (let i = 1; i < row.length; i++) {
        const gap = row[i].x0 - row[i - 1].x1;
        const em = Math.min(row[i].size, row[i - 1].size);
        if (gap > em / 6) line += ' '.repeat(Math.max(1, Math.round(gap / (em / 2))));
        line += row[i].c;
      }
      return line;
    })
    .join('\n');
}

/** The text of the PDF laid out row by row, a form feed after each page. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  return withDocument(pdf, (doc) => {
    let text = '';
    eachPage(doc, (page) => {
      const glyphs: Glyph[] = [];
      const stext = page.toStructuredText('');
      stext.walk({
        onChar(c, origin, _font, size, quad) {
          // Spaces come from the gaps between glyphs, whether the PDF drew a space or moved the pen.
          if (c.trim() === '') return;
          const xs = [quad[0], quad[2], quad[4], quad[6]];
          glyphs.push({ c, x0: Math.min(...xs), x1: Math.max(...xs), y: origin[1], size });
        },
      });
      stext.destroy();
      text += (glyphs.length ? layoutRows(glyphs) + '\n' : '') + '\f';
    });
    collect();
    return text;
  });
}

export interface PageRenders {
  pages: number;
  /** Each page as a PNG at 50 dpi. */
  pngs: Uint8Array[];
  /** Each PNG's size in bytes. */
  bytes: number[];
  /** Each page's share of pixels that are not white: 0 for a blank page. */
  inked: number[];
  /** What MuPDF reported while rendering (a broken font, stream or image); empty for a clean PDF. */
  warnings: string[];
}

/** Renders every page at 50 dpi, as a viewer or printer would draw it. */
export async function renderPages(pdf: Uint8Array): Promise<PageRenders> {
  collect();
  return withDocument(pdf, (doc) => {
    const pngs: Uint8Array[] = [];
    const inked: number[] = [];
    eachPage(doc, (page) => {
      const pixmap = page.toPixmap(mupdf.Matrix.scale(50 / 72, 50 / 72), mupdf.ColorSpace.DeviceRGB, false, true);
      pngs.push(pixmap.asPNG());
      const px = pixmap.getPixels();
      let marked = 0;
      for (let i = 0; i < px.length; i += 3) if (px[i] < 240 || px[i + 1] < 240 || px[i + 2] < 240) marked++;
      inked.push(marked / (px.length / 3));
      pixmap.destroy();
    });
    return { pages: pngs.length, pngs, bytes: pngs.map((p) => p.length), inked, warnings: collect() };
  });
}

/** A font the pages use: what a viewer's font list shows. */
export interface PdfFont {
  /** BaseFont, with its subset tag (ABCDEF+) when it has one. */
  name: string;
  /** 'Type 1', 'Type 1C', 'TrueType', 'Type 3', 'CID TrueType', 'CID Type 0', 'CID Type 0C'. */
  type: string;
  /** 'WinAnsi', 'Identity-H', …; 'Builtin' when the font names none. */
  encoding: string;
  embedded: boolean;
  subset: boolean;
  /** Whether a ToUnicode map lets a reader copy the text. */
  unicode: boolean;
}

function fontOf(font: mupdf.PDFObject): PdfFont {
  const name = font.get('BaseFont').isNull() ? '[none]' : font.get('BaseFont').asName();
  const subtype = font.get('Subtype').asName();
  const cid = subtype === 'Type0' ? font.get('DescendantFonts', 0) : null;
  const descriptor = (cid ?? font).get('FontDescriptor');
  const file = ['FontFile', 'FontFile2', 'FontFile3'].find((k) => !descriptor.isNull() && !descriptor.get(k).isNull());
  const compact = file === 'FontFile3';
  const type = cid
    ? cid.get('Subtype').asName() === 'CIDFontType2'
      ? 'CID TrueType'
      : compact
        ? 'CID Type 0C'
        : 'CID Type 0'
    : subtype === 'Type1' || subtype === 'MMType1'
      ? compact
        ? 'Type 1C'
        : 'Type 1'
      : subtype === 'Type3'
        ? 'Type 3'
        : subtype;
  let encoding = font.get('Encoding');
  if (encoding.isDictionary()) encoding = encoding.get('BaseEncoding');
  return {
    name,
    type,
    encoding: encoding.isName() ? encoding.asName().replace(/Encoding$/, '') : 'Builtin',
    embedded: subtype === 'Type3' || file !== undefined,
    subset: /^[A-Z]{6}\+/.test(name),
    unicode: !font.get('ToUnicode').isNull(),
  };
}

/** Every font of the pages' resources (and of the forms they draw), each once. */
export async function pdfFonts(pdf: Uint8Array): Promise<PdfFont[]> {
  return withDocument(pdf, (doc) => {
    const fonts: PdfFont[] = [];
    const seen = new Set<string>();
    const visit = (resources: mupdf.PDFObject) => {
      if (!resources.isDictionary()) return;
      resources.get('Font').forEach((ref) => {
        const key = ref.isIndirect() ? `${ref.asIndirect()}` : ref.toString();
        if (seen.has(key)) return;
        seen.add(key);
        fonts.push(fontOf(ref.resolve()));
      });
      resources.get('XObject').forEach((ref) => {
        const key = ref.isIndirect() ? `x${ref.asIndirect()}` : '';
        if (key && seen.has(key)) return;
        seen.add(key);
        const xobject = ref.resolve();
        if (xobject.get('Subtype').asName() === 'Form') visit(xobject.get('Resources'));
      });
    };
    eachPage(doc, (page) => visit(page.getObject().getInheritable('Resources')));
    collect();
    return fonts;
  });
}

/** An image as drawn on a page (1-based), with its size in pixels. */
export interface PdfImage {
  page: number;
  width: number;
  height: number;
  /** A one-bit stencil painted in the current colour, not a picture. */
  stencil: boolean;
}

/** Every image the pages draw, in drawing order. */
export async function pdfImages(pdf: Uint8Array): Promise<PdfImage[]> {
  return withDocument(pdf, (doc) => {
    const images: PdfImage[] = [];
    eachPage(doc, (page, i) => {
      const seen = (image: mupdf.Image, stencil: boolean) =>
        images.push({ page: i + 1, width: image.getWidth(), height: image.getHeight(), stencil });
      const device = new mupdf.Device({
        fillImage: (image) => seen(image, false),
        fillImageMask: (image) => seen(image, true),
        clipImageMask: (image) => seen(image, true),
      });
      page.run(device, mupdf.Matrix.identity);
      device.close();
      device.destroy();
    });
    collect();
    return images;
  });
}

export interface PdfInfo {
  pages: number;
  title?: string;
  producer?: string;
}

/** The page count and the document information a viewer's "properties" shows. */
export async function pdfInfo(pdf: Uint8Array): Promise<PdfInfo> {
  return withDocument(pdf, (doc) => {
    const info = {
      pages: doc.countPages(),
      title: doc.getMetaData(mupdf.Document.META_INFO_TITLE),
      producer: doc.getMetaData(mupdf.Document.META_INFO_PRODUCER),
    };
    collect();
    return info;
  });
}

/** Text with runs of white space made single spaces. */
export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a check box labelled `label` is ticked: an X just before the label on its row (the label's
 * words as `pdfText` spaces them); undefined when no row holds it.
 */
export function ticked(text: string, label: string): boolean | undefined {
  const re = new RegExp(`(X\\s*)?${label.trim().split(/\s+/).map(escape).join('\\s+')}`);
  for (const line of text.split('\n')) {
    const m = re.exec(line);
    if (m) return m[1] !== undefined;
  }
  return undefined;
}

/** A straight stroke the pages draw (a rule, a strike-through), in points from the page's top-left corner. */
interface Stroke {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

function pageStrokes(page: mupdf.PDFPage): Stroke[] {
  const strokes: Stroke[] = [];
  const device = new mupdf.Device({
    strokePath(path, _stroke, ctm) {
      const at = (x: number, y: number) => [ctm[0] * x + ctm[2] * y + ctm[4], ctm[1] * x + ctm[3] * y + ctm[5]];
      let from: number[] | undefined;
      path.walk({
        moveTo: (x, y) => (from = at(x, y)),
        lineTo: (x, y) => {
          const to = at(x, y);
          if (from) strokes.push({ x0: from[0], y0: from[1], x1: to[0], y1: to[1] });
          from = to;
        },
      });
    },
  });
  page.run(device, mupdf.Matrix.identity);
  device.close();
  device.destroy();
  return strokes;
}

/**
 * Whether the words `phrase` are struck through, as a person crosses out a line of a form: a
 * horizontal stroke through the body of its letters (above the baseline, below the tops of the small
 * letters) across its whole width; undefined when no row of text holds the phrase.
 */
export async function struckThrough(pdf: Uint8Array, phrase: string): Promise<boolean | undefined> {
  const wanted = phrase.replace(/\s+/g, '');
  return withDocument(pdf, (doc) => {
    let answer: boolean | undefined;
    eachPage(doc, (page) => {
      if (answer !== undefined) return;
      const glyphs: Glyph[] = [];
      const stext = page.toStructuredText('');
      stext.walk({
        onChar(c, origin, _font, size, quad) {
          if (c.trim() === '') return;
          const xs = [quad[0], quad[2], quad[4], quad[6]];
          glyphs.push({ c, x0: Math.min(...xs), x1: Math.max(...xs), y: origin[1], size });
        },
      });
      stext.destroy();
      const rows: Glyph[][] = [];
      for (const g of [...glyphs].sort((a, b) => a.y - b.y || a.x0 - b.x0)) {
        const row = rows.at(-1);
        if (row && g.y - row[0].y <= Math.max(g.size, row[0].size) / 3) row.push(g);
        else rows.push([g]);
      }
      for (const row of rows) {
        row.sort((a, b) => a.x0 - b.x0);
        const at = row
          .map((g) => g.c)
          .join('')
          .indexOf(wanted);
        if (at < 0) continue;
        const span = row.slice(at, at + wanted.length);
        const left = span[0].x0;
        const right = span.at(-1)!.x1;
        const base = span[0].y;
        const top = base - 0.55 * span[0].size;
        answer = pageStrokes(page).some(
          (s) =>
            Math.abs(s.y1 - s.y0) < 1 &&
            s.y0 > top &&
            s.y0 < base &&
            Math.min(s.x0, s.x1) <= left &&
            Math.max(s.x0, s.x1) >= right,
        );
        return;
      }
    });
    collect();
    return answer;
  });
}
