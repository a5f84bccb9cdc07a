/**
 * data:export and data:import (docs/postgresql.md, "Moving data"): a deployment's records go from
 * one store to a folder (bundle.ts) and from the folder into the other store, a batch at a time,
 * and the import ends by reading the target back and comparing each collection's count and digest
 * with the manifest.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Keys } from '../crypto/secrets.ts';
import type { StoredRecord } from '../storage/types.ts';
import {
  CollectionDigest,
  fileOf,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST,
  openManifest,
  readLines,
  recordLine,
  sealManifest,
  type CollectionEntry,
  type Manifest,
} from './bundle.ts';
import type { MoveStore, Progress } from './stores.ts';

export const DEFAULT_BATCH = 1000;

export interface MoveOptions {
  store: MoveStore;
  keys: Keys;
  dir: string;
  batch?: number;
  log?: (msg: string) => void;
}

/** Writes every record of `store` into `dir` (which must be empty or absent); answers the manifest. */
export async function exportData({ store, keys, dir, batch = DEFAULT_BATCH, log = () => {} }: MoveOptions) {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`data:export: ${dir} is not empty`);
  const entries: CollectionEntry[] = [];
  await store.beginRead();
  try {
    for (const name of await store.collections()) {
      const file = fileOf(name);
      const out = createWriteStream(path.join(dir, file), { flags: 'wx' });
      const digest = new CollectionDigest();
      for await (const records of store.batches(name, batch)) {
        for (const record of records) {
          // Backpressure: the disk, not memory, takes up the difference in speed.
          if (!out.write(digest.add(recordLine(record)))) await once(out, 'drain');
        }
      }
      out.end();
      await once(out, 'close');
      entries.push({ name, file, records: digest.records, sha256: digest.hex() });
      log(`data:export: ${name}: ${digest.records} records`);
    }
  } finally {
    await store.endRead();
  }
  const manifest = sealManifest(keys, {
    format: FORMAT,
    version: FORMAT_VERSION,
    created: new Date().toISOString(),
    source: store.kind,
    records: entries.reduce((sum, e) => sum + e.records, 0),
    collections: entries,
  });
  // Last, and whole or not at all: a folder without a manifest is an export that did not finish.
  const tmp = path.join(dir, `${MANIFEST}.tmp`);
  await writeFile(tmp, JSON.stringify(manifest, null, 2) + '\n');
  await rename(tmp, path.join(dir, MANIFEST));
  return manifest;
}

/** Each file against the manifest (count and SHA-256), before anything is written. */
async function checkFiles(dir: string, manifest: Manifest): Promise<void> {
  for (const entry of manifest.collections) {
    const digest = new CollectionDigest();
    for await (const { line } of readLines(path.join(dir, entry.file), entry.name)) digest.add(line);
    const sha256 = digest.hex();
    if (digest.records !== entry.records || sha256 !== entry.sha256) {
      throw new Error(
        `data:import: ${entry.file} does not match the manifest (${digest.records} records, sha256 ${sha256}; ` +
          `the manifest says ${entry.records}, ${entry.sha256}): refused, nothing more was imported`,
      );
    }
  }
}

/** Count and digest of every collection the store holds, compared with the manifest's. */
export async function compareWith(store: MoveStore, manifest: Manifest, batch = DEFAULT_BATCH): Promise<string[]> {
  const problems: string[] = [];
  await store.beginRead();
  try {
    const held = await store.collections();
    const expected = new Map(manifest.collections.map((e) => [e.name, e]));
    for (const name of held) {
      if (!expected.has(name)) problems.push(`${name}: in the store, not in the export`);
    }
    for (const entry of manifest.collections) {
      if (!held.includes(entry.name)) {
        problems.push(`${entry.name}: ${entry.records} records in the export, none in the store`);
        continue;
      }
      const digest = new CollectionDigest();
      for await (const records of store.batches(entry.name, batch)) {
        for (const record of records) digest.add(recordLine(record));
      }
      const sha256 = digest.hex();
      if (digest.records !== entry.records || sha256 !== entry.sha256) {
        problems.push(
          `${entry.name}: ${digest.records} records (sha256 ${sha256}) in the store, ` +
            `${entry.records} (${entry.sha256}) in the export`,
        );
      }
    }
  } finally {
    await store.endRead();
  }
  return problems;
}

export interface ImportResult {
  manifest: Manifest;
  /** Where it started: 0 for a new import, else the records an interrupted one had written. */
  resumedAt: number;
  written: number;
}

/**
 * Imports `dir` into `store`, which must be empty or hold an interrupted import of the same export
 * (then it continues after the last commit). Throws when a file does not match the manifest
 * (before writing) or the store does not match it at the end (the position is then kept, and the
 * store flagged as not checked).
 */
export async function importData({
  store,
  keys,
  dir,
  batch = DEFAULT_BATCH,
  log = () => {},
}: MoveOptions): Promise<ImportResult> {
  const manifest = openManifest(keys, await readFile(path.join(dir, MANIFEST), 'utf8'));
  await checkFiles(dir, manifest);
  const earlier = await store.progress();
  if (earlier !== undefined && earlier.bundle !== manifest.mac) {
    throw new Error('data:import: the target holds an interrupted import of another export; refused');
  }
  if (earlier === undefined && (await store.collections()).length > 0) {
    throw new Error(
      'data:import: the target already holds records; import into an empty store ' +
        '(a new DATA_DIR, or a database no server has started on: npm run db:migrate is enough)',
    );
  }
  const start: Progress = earlier ?? { bundle: manifest.mac, collection: 0, done: 0 };
  let resumedAt = 0;
  for (let i = 0; i < start.collection; i++) resumedAt += manifest.collections[i].records;
  resumedAt += start.done;
  if (earlier !== undefined) log(`data:import: resuming after ${resumedAt} of ${manifest.records} records`);
  let written = 0;
  for (let i = start.collection; i < manifest.collections.length; i++) {
    const entry = manifest.collections[i];
    const skip = i === start.collection ? start.done : 0;
    let done = 0;
    let pending: StoredRecord[] = [];
    const flush = async () => {
      done += pending.length;
      written += pending.length;
      await store.write(pending, { bundle: manifest.mac, collection: i, done });
      pending = [];
    };
    for await (const { record } of readLines(path.join(dir, entry.file), entry.name)) {
      if (done + pending.length < skip) {
        done++;
        continue;
      }
      pending.push(record);
      if (pending.length >= batch) await flush();
    }
    if (pending.length > 0) await flush();
    log(`data:import: ${entry.name}: ${entry.records} records`);
  }
  const problems = await compareWith(store, manifest, batch);
  if (problems.length > 0) {
    throw new Error(
      `data:import: the target does not match the export, it is not ready to serve:\n  ${problems.join('\n  ')}`,
    );
  }
  await store.finish(manifest.collections.map((e) => e.name));
  return { manifest, resumedAt, written };
}
