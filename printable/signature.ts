/**
 * Signature values on a printed form: the drawn image when it is a sound PNG data URL, else the
 * typed name in the chosen script font. Nothing in a record can name a file, a URL or a font file.
 */
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
  return { url: v, width, height };
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
