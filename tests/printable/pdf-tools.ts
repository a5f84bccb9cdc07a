/**
 * poppler-utils (pdftotext, pdftoppm, pdffonts, pdfimages, pdfinfo) over PDF bytes, for the printable
 * form tests: what a person would read and see in the printout.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withFile<T>(pdf: Buffer, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-pdf-'));
  try {
    const file = path.join(dir, 'form.pdf');
    await writeFile(file, pdf);
    return await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of the PDF as `pdftotext -layout` lays it out. */
export function pdfText(pdf: Buffer): Promise<string> {
  return withFile(pdf, async (file) => (await run('pdftotext', ['-layout', file, '-'])).stdout);
}

/** Renders every page with `pdftoppm -r 50 -png`; answers the page images made and what poppler said. */
export function renderPages(pdf: Buffer): Promise<{ pages: number; stderr: string; bytes: number[] }> {
  return withFile(pdf, async (file, dir) => {
    const { stderr } = await run('pdftoppm', ['-r', '50', '-png', file, path.join(dir, 'page')]);
    const pngs = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const { stat } = await import('node:fs/promises');
    const bytes = await Promise.all(pngs.map(async (f) => (await stat(path.join(dir, f))).size));
    return { pages: pngs.length, stderr, bytes };
  });
}

export function pdfFonts(pdf: Buffer): Promise<string> {
  return withFile(pdf, async (file) => (await run('pdffonts', [file])).stdout);
}

export function pdfImages(pdf: Buffer): Promise<string> {
  return withFile(pdf, async (file) => (await run('pdfimages', ['-list', file])).stdout);
}

export function pdfInfo(pdf: Buffer): Promise<string> {
  return withFile(pdf, async (file) => (await run('pdfinfo', [file])).stdout);
}

/** Text with runs of white space made single spaces. */
export const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a check box labelled `label` is ticked: an X just before the label on its line (the label's
 * words as pdftotext spaces them); undefined when no line holds it.
 */
export function ticked(text: string, label: string): boolean | undefined {
  const re = new RegExp(`(X\\s*)?${label.trim().split(/\s+/).map(escape).join('\\s+')}`);
  for (const line of text.split('\n')) {
    const m = re.exec(line);
    if (m) return m[1] !== undefined;
  }
  return undefined;
}
