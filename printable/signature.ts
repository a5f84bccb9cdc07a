/**
 * Signature values on a printed form: the drawn image when it is a sound PNG data URL, else the
 * typed name in the chosen script font. Nothing in a record can name a file, a URL or a font file.
 */
import { inflateSync } from 'node:zlib';
import type { FontName } from './layout.ts';

export interface PrintedSignature {
  name: string;
  font: FontName;
  timestamp?: number;
  /** A PNG data URL, checked; absent when the record has none or it is not a sound PNG. */
  image?: string;
  imageSize?: { width: number; height: number };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_PNG_BYTES = 150_000;
const MAX_SIDE = 4000;

/** The size of a PNG given as a data URL, or undefined when it is not a PNG we will print. */
function pngDataUrl(v: unknown): { url: string; width: number; height: number } | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(v);
  if (!m) return undefined;
  const bytes = Buffer.from(m[1], 'base64');
  if (bytes.length < 33 || bytes.length > MAX_PNG_BYTES || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return undefined;
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (!width || !height || width > MAX_SIDE || height > MAX_SIDE) return undefined;
  if (!pixelsDecode(bytes, width, height)) return undefined;
  return { url: v, width, height };
}

/** Channels of each PNG colour type (grey, RGB, palette, grey and alpha, RGBA) and the bit depths it allows. */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/**
 * Whether the PNG's pixels decode: its chunks whole, its compressed data inflating to exactly its
 * rows, each with a known filter. pdfkit decodes them only while the PDF is written, in a callback
 * where a failure (a header that is sound over data that is not) is thrown past any catch and ended
 * the drawing worker: that form answered 500, and every form being drawn with it. Interlaced images
 * (never drawn by the signature pad) are not printed.
 */
function pixelsDecode(bytes: Buffer, width: number, height: number): boolean {
  const depth = bytes[24];
  const colour = COLOUR_TYPES[bytes[25]];
  if (!colour || !colour.depths.includes(depth) || bytes[26] !== 0 || bytes[27] !== 0 || bytes[28] !== 0) return false;
  const idat: Buffer[] = [];
  let palette = false;
  let ended = false;
  for (let at = 8; at + 12 <= bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) return false;
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    if (type === 'PLTE') palette = true;
    at += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!ended || !idat.length || (bytes[25] === 3 && !palette)) return false;
  const rowBytes = 1 + Math.ceil((width * colour.channels * depth) / 8);
  const expected = rowBytes * height;
  let rows: Buffer;
  try {
    rows = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    return false;
  }
  if (rows.length !== expected) return false;
  for (let at = 0; at < expected; at += rowBytes) if (rows[at] > 4) return false;
  return true;
}

/** A signature as the spec defines it: present only when both name and timestamp are set. */
export function printedSignature(v: unknown): PrintedSignature | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return undefined;
  const s = v as Record<string, unknown>;
  const name = typeof s.name === 'string' ? s.name.trim() : '';
  const hasTime = typeof s.timestamp === 'number' && Number.isFinite(s.timestamp);
  if (!name || !hasTime) return undefined;
  const font: FontName = s.font === 'font2' || s.font === 'font3' ? s.font : 'font1';
  const png = pngDataUrl(s.image);
  return {
    name,
    font,
    timestamp: s.timestamp as number,
    ...(png ? { image: png.url, imageSize: { width: png.width, height: png.height } } : {}),
  };
}
