/**
 * The export format of `npm run data:export` / `data:import` (docs/postgresql.md, "Moving data"):
 * a folder holding one NDJSON file per collection and `manifest.json`.
 *
 * - A line is one record, `{"collection","org","key","data","meta"}`, exactly as a snapshot file of
 *   the embedded store writes it; a file holds its collection's records in insertion order.
 * - The manifest names every collection with its record count and the SHA-256 of its file. It is
 *   written last, so a folder without one is an export that did not finish.
 * - The manifest carries an HMAC under the deployment's keys: an import with other keys (whose
 *   encrypted fields it could not read) or a changed manifest is refused before anything is written.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Keys } from '../crypto/secrets.ts';
import { recordProblem } from '../storage/record-shape.ts';
import type { StoredRecord } from '../storage/types.ts';

export const FORMAT = 'dform-data';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';

/**
 * Where an import keeps its position, in the target store itself and in the same commit as the
 * records it adds, so an interrupted import resumes exactly after its last commit. Removed once
 * the import is checked; never exported.
 */
export const PROGRESS = { collection: 'system/data_import', org: 'system', key: 'progress' } as const;

export interface CollectionEntry {
  name: string;
  file: string;
  records: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  version: typeof FORMAT_VERSION;
  created: string;
  source: 'embedded' | 'postgres';
  records: number;
  collections: CollectionEntry[];
  /** HMAC-SHA256 of the manifest without this field, under a key derived from the deployment's keys. */
  mac: string;
}

/** Collection names map one-to-one onto file names (record-shape.ts forbids `__` in them). */
export function fileOf(collection: string): string {
  return collection.replaceAll('/', '__') + '.ndjson';
}

/** A record's line, without its newline: the same text whichever store it was read from. */
export function recordLine(record: StoredRecord): string {
  const { collection, org, key, data, meta } = record;
  return JSON.stringify({ collection, org, key, data, meta });
}

/** Count and SHA-256 of a collection's lines, fed one record at a time. */
export class CollectionDigest {
  private readonly hash = createHash('sha256');
  records = 0;

  /** Adds a line (without its newline); answers it with its newline, as written to the file. */
  add(line: string): string {
    const text = line + '\n';
    this.hash.update(text);
    this.records++;
    return text;
  }

  hex(): string {
    return this.hash.digest('hex');
  }
}

function macOf(keys: Keys, body: Omit<Manifest, 'mac'>): string {
  const key = createHash('sha256')
    .update('dform-data manifest\0')
    .update(keys.data)
    .update(keys.lookup)
    .update(keys.token)
    .digest();
  return createHmac('sha256', key).update(JSON.stringify(body)).digest('hex');
}

export function sealManifest(keys: Keys, body: Omit<Manifest, 'mac'>): Manifest {
  return { ...body, mac: macOf(keys, body) };
}

/** The manifest, checked: its shape, its file names, and its HMAC under `keys`. */
export function openManifest(keys: Keys, text: string): Manifest {
  let value: Manifest;
  try {
    value = JSON.parse(text) as Manifest;
  } catch {
    throw new Error(`data:import: ${MANIFEST} is not JSON`);
  }
  if (value?.format !== FORMAT || value.version !== FORMAT_VERSION) {
    throw new Error(`data:import: ${MANIFEST} is not a ${FORMAT} version ${FORMAT_VERSION} export`);
  }
  if (!Array.isArray(value.collections) || typeof value.mac !== 'string') {
    throw new Error(`data:import: ${MANIFEST} lacks its collections or its mac`);
  }
  const { mac, ...body } = value;
  const expected = Buffer.from(macOf(keys, body), 'hex');
  const given = Buffer.from(mac, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new Error(
      `data:import: ${MANIFEST} was not made under these keys (DFORM_DATA_KEY, DFORM_LOOKUP_KEY, DFORM_TOKEN_KEY ` +
        'or DATA_DIR/secrets), or it was changed: encrypted fields would be unreadable, nothing was imported',
    );
  }
  for (const entry of value.collections) {
    const problem = recordProblem({ collection: entry.name, org: 'o', key: 'k', data: {}, meta: { version: 1 } });
    if (problem !== undefined || entry.file !== fileOf(entry.name)) {
      throw new Error(`data:import: ${MANIFEST} names a bad collection or file: ${JSON.stringify(entry.name)}`);
    }
  }
  return value;
}

/** The records of a collection's file, in order, each checked to be a record of that collection. */
export async function* readLines(
  file: string,
  collection: string,
): AsyncGenerator<{ line: string; record: StoredRecord }> {
  const lines = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    let record: StoredRecord;
    try {
      record = JSON.parse(line) as StoredRecord;
    } catch {
      throw new Error(`data:import: ${fileOf(collection)} line ${n} is not JSON`);
    }
    const problem = recordProblem(record);
    if (problem !== undefined) throw new Error(`data:import: ${fileOf(collection)} line ${n}: ${problem}`);
    if (record.collection !== collection) {
      throw new Error(`data:import: ${fileOf(collection)} line ${n} is a record of ${record.collection}`);
    }
    yield { line, record };
  }
}
