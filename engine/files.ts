/**
 * File fields (`x-file` in the entity format): which fields of an entity hold a file, what each
 * accepts, and the rules on a file's name and type that the server and the file widget share.
 * Pure: no file system, no streams.
 */
import { maxLengthOf } from './bounded-view.ts';
import type { JsonSchema } from './entity.ts';

/** A file field's size limit when its schema gives none: 25 MiB (../shared/API.md "Files"). */
export const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/**
 * What a file field accepts when its schema names nothing: documents and pictures an HR file
 * holds. Each is recognised from its content (text by being text).
 */
export const DEFAULT_ACCEPT: readonly string[] = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/tiff',
  'text/plain',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/zip',
];

/** A file field's value as stored and read; only the upload call writes it. */
export interface FileValue {
  name: string;
  size: number;
  type: string;
  /** Hex SHA-256 of the file's bytes as uploaded. */
  sha256: string;
  /** Epoch seconds. */
  uploaded_time: number;
}

/** What an upload of the field sets beside the file (an employee document's status). */
export interface FileStatusRule {
  /** The status field. */
  field: string;
  /** Its value while the bytes arrive. */
  uploading: string;
  /** Its value once the file is stored. */
  uploaded: string;
  /** Its value once the file is removed (and after a failed first upload). */
  cleared?: string;
  /** A time field set when the file is stored and cleared when it is removed. */
  time?: string;
}

export interface FileField {
  field: string;
  /** MIME types, or `type/*` for a family; an empty list accepts any recognised type. */
  accept: string[];
  maxBytes: number;
  /** x-sensitive "file": the bytes are encrypted at rest with a key of their own. */
  encrypted: boolean;
  status?: FileStatusRule;
  /**
   * A field of the record holding the time (epoch seconds) after which the file is no longer given
   * out, and is removed (server/files/expiry.ts).
   */
  expires?: string;
  /** A field of the record counting the file's downloads (set by the server only). */
  count?: string;
  /** A field of the record that the upload sets to the file's name, and its length limit. */
  name?: { field: string; maxLength: number };
  /** A field of the record that the upload sets to the file's type (its MIME type). */
  type?: string;
  /** A field of the record that the upload sets to the file's size in bytes. */
  size?: string;
}

interface XFile {
  accept?: string[];
  maxBytes?: number;
  status?: FileStatusRule;
  expires?: string;
  count?: string;
  nameField?: string;
  typeField?: string;
  sizeField?: string;
}

/** The fields of a record its file sets (x-file nameField, typeField, sizeField): the upload's, never typed. */
export function fieldsSetByFile(f: FileField): string[] {
  return [f.name?.field, f.type, f.size].filter((x): x is string => x !== undefined);
}

/** The top-level file fields of a (bundled) entity schema. */
export function fileFields(schema: JsonSchema): FileField[] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: FileField[] = [];
  for (const [field, prop] of Object.entries(props)) {
    const x = prop['x-file'] as XFile | undefined;
    if (!x) continue;
    out.push({
      field,
      accept: x.accept ?? [...DEFAULT_ACCEPT],
      maxBytes: x.maxBytes ?? DEFAULT_MAX_BYTES,
      encrypted: prop['x-sensitive'] === 'file',
      ...(x.status ? { status: x.status } : {}),
      ...(x.expires ? { expires: x.expires } : {}),
      ...(x.count ? { count: x.count } : {}),
      ...(x.nameField ? { name: nameRule(schema, x.nameField) } : {}),
      ...(x.typeField ? { type: x.typeField } : {}),
      ...(x.sizeField ? { size: x.sizeField } : {}),
    });
  }
  return out;
}

/** The field an upload names (x-file nameField), with the longest name it holds. */
function nameRule(schema: JsonSchema, field: string): { field: string; maxLength: number } {
  const prop = (schema.properties as Record<string, JsonSchema> | undefined)?.[field];
  return { field, maxLength: Math.min((prop && maxLengthOf(schema, prop)) ?? MAX_NAME, MAX_NAME) };
}

/** Whether a MIME type is in an accept list (`image/*` matches any image); an empty list accepts any. */
export function accepts(accept: readonly string[], type: string): boolean {
  if (!accept.length) return true;
  const t = type.toLowerCase();
  return accept.some((a) => (a.endsWith('/*') ? t.startsWith(a.slice(0, -1)) : a === t));
}

/** Types that have no magic bytes: accepted when the content is text (valid UTF-8, no NUL). */
export const TEXT_TYPES = new Set(['text/plain', 'text/csv']);

/**
 * Control, invisible, line-breaking and bidirectional characters, noncharacters, a surrogate without
 * its pair, and those no file system takes in a name.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- finding control characters is what it is for
  /[\u0000-\u001f\u007f-\u009f<>:"/\\|?*\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff\u2028\u2029\u202a-\u202e\u2066-\u2069\ufdd0-\ufdef\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** The longest name kept, in characters (code points: an emoji is never cut in half). */
const MAX_NAME = 200;

/**
 * A file name safe to store and to send back in a Content-Disposition: the last path segment only,
 * no control, bidirectional or reserved characters, no leading dots, at most 200 characters
 * (keeping the extension); `file` when nothing is left.
 */
export function cleanFileName(raw: string): string {
  let name = raw.normalize('NFC');
  name = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  name = name
    .replace(UNSAFE, '_')
    .trim()
    .replace(/^[.\s]+/, '');
  return shortenFileName(name, MAX_NAME) || 'file';
}

/** `name` in at most `max` characters (code points), its extension kept. */
export function shortenFileName(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = chars.lastIndexOf('.');
  const ext = dot > 0 && chars.length - dot <= 16 && chars.length - dot < max ? chars.slice(dot) : [];
  return [...chars.slice(0, max - ext.length), ...ext].join('');
}

/** The extensions a file of each type is saved under; the first is the one given to a name without one. */
const EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/tiff': ['tif', 'tiff'],
  'text/plain': ['txt', 'text', 'log'],
  'text/csv': ['csv'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/zip': ['zip'],
};

/**
 * A file's name that says what the file is: a name whose extension is not one of its type's gets the
 * type's own (`bonus.html` holding text is `bonus.html.txt`, a PDF named `invoice.html` is
 * `invoice.html.pdf`). A colleague who saves a download and opens it then opens what the bytes are,
 * never a web page (or a program) the uploader named it as. A type not listed takes its subtype as
 * the extension (`image/bmp`: `.bmp`); one with no usable subtype keeps the name.
 */
export function nameForType(name: string, type: string): string {
  const t = type.toLowerCase().split(';')[0].trim();
  const sub = /^[a-z]+\/(?:x-)?([a-z0-9]{1,10})$/.exec(t)?.[1];
  const known = EXTENSIONS[t] ?? (sub ? [sub] : undefined);
  if (!known) return name;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return known.includes(ext) ? name : cleanFileName(`${name}.${known[0]}`);
}

/** Whether a value is a stored file's value (what the widget shows as uploaded). */
export function isFileValue(v: unknown): v is FileValue {
  return (
    !!v &&
    typeof v === 'object' &&
    typeof (v as FileValue).name === 'string' &&
    typeof (v as FileValue).sha256 === 'string' &&
    typeof (v as FileValue).size === 'number'
  );
}
