/**
 * The one place that runs pdfmake. On a server pdfmake 0.3 fetches any http(s) URL named as a font,
 * image or attachment and reads any local path, unless its URL and local access policies say
 * otherwise: here no URL is ever allowed, and only the bundled font files and the background images
 * in printable/backgrounds/ may be read. Both policies are set again before every document, since
 * pdfmake's settings live on a process-wide singleton.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
// Before pdfmake: pdfkit must find the caching fontkit when it is loaded.
import './font-cache.ts';
import pdfmake from 'pdfmake';
import { FONT_FILES, isStandardFont, type FontFaces } from './fonts.ts';
import { BACKGROUND_NAME, BACKGROUNDS_DIR } from './layouts.ts';

// A standard PDF font is named, not read (pdfkit has its metrics): only font files are bundled.
const BUNDLED = new Set(
  Object.values(FONT_FILES).flatMap((f) =>
    Object.values(f)
      .filter((p) => !isStandardFont(p))
      .map((p) => path.resolve(p)),
  ),
);

// The bundled fonts are read once and handed to pdfmake from memory (its virtual file system):
// pdfkit then gets the same bytes for every document, which font-cache.ts knows without hashing.
for (const file of BUNDLED) pdfmake.virtualfs.writeFileSync(file, readFileSync(file));

/** Whether pdfmake may read this local file: a bundled font or a background image, nothing else. */
export function mayReadLocal(file: string): boolean {
  if (typeof file !== 'string' || file.includes('\0')) return false;
  // A standard font's name: pdfkit reads the metrics it ships itself.
  if (isStandardFont(file)) return true;
  const abs = path.resolve(file);
  if (BUNDLED.has(abs)) return true;
  return path.dirname(abs) === BACKGROUNDS_DIR && BACKGROUND_NAME.test(path.basename(abs));
}

export const mayFetchUrl = (_url: string): boolean => false;

/**
 * SVG content is refused: pdfmake hands an SVG's <image href> straight to pdfkit's openImage, past
 * the local access policy, so an SVG could read any file. The layouts never draw one.
 */
function assertNoSvg(node: unknown, depth = 0): void {
  if (depth > 64 || !node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((n) => assertNoSvg(n, depth + 1));
  if ('svg' in node) throw new Error('printable: SVG content is not allowed in a printed form');
  for (const v of Object.values(node)) assertNoSvg(v, depth + 1);
}

/**
 * Renders a pdfmake document definition to PDF bytes. `fonts` defaults to the bundled ones; a caller
 * naming other files still cannot make pdfmake read or fetch them (the policies do not look at it).
 */
export async function pdfBuffer(doc: Record<string, unknown>, fonts: Record<string, FontFaces> = FONT_FILES) {
  assertNoSvg([doc.content, doc.header, doc.footer, doc.background, doc.watermark]);
  pdfmake.setUrlAccessPolicy(mayFetchUrl);
  pdfmake.setLocalAccessPolicy(mayReadLocal);
  // A fresh copy: pdfmake rewrites the descriptors it is given while resolving them.
  pdfmake.setFonts(JSON.parse(JSON.stringify(fonts)));
  return pdfmake.createPdf(doc).getBuffer();
}
