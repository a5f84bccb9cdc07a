/**
 * The default blob store: files under `<root>/<org>/<xx>/<sha256>`. A blob is streamed into
 * `<root>/tmp/`, fsync'd, then renamed into place and its folder fsync'd, so a crash leaves either
 * the whole blob or none (a leftover temporary file is removed at the next start).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobMissing, blobName, type BlobStore, type StagedBlob } from './blob-store.ts';

async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export function diskBlobStore(root: string): BlobStore {
  const tmpDir = path.join(root, 'tmp');
  // Temporary files of a process that stopped mid-upload are garbage: cleared once, before the first stage.
  let ready: Promise<void> | undefined;
  const prepare = () =>
    (ready ??= (async () => {
      await mkdir(root, { recursive: true, mode: 0o700 });
      await rm(tmpDir, { recursive: true, force: true });
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    })());

  return {
    async stage(_org, source): Promise<StagedBlob> {
      await prepare();
      const tmp = path.join(tmpDir, randomBytes(16).toString('hex'));
      const fh = await open(tmp, 'wx', 0o600);
      const hash = createHash('sha256');
      let size = 0;
      try {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.byteLength;
          await fh.write(chunk);
        }
        await fh.sync();
      } catch (e) {
        await fh.close().catch(() => {});
        await unlink(tmp).catch(() => {});
        throw e;
      }
      await fh.close();
      const id = hash.digest('hex');
      return {
        id,
        size,
        async keep() {
          const final = path.join(root, blobName(_org, id));
          await mkdir(path.dirname(final), { recursive: true, mode: 0o700 });
          await rename(tmp, final);
          await syncDir(path.dirname(final));
        },
        discard: () => unlink(tmp).catch(() => {}),
      };
    },
    async open(org, id): Promise<Readable> {
      const file = path.join(root, blobName(org, id));
      try {
        await stat(file);
      } catch {
        throw new BlobMissing(org, id);
      }
      return createReadStream(file, { highWaterMark: 256 * 1024 });
    },
    async remove(org, id) {
      await unlink(path.join(root, blobName(org, id))).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') throw e;
      });
    },
    async has(org, id) {
      return stat(path.join(root, blobName(org, id))).then(
        () => true,
        () => false,
      );
    },
  };
}

/** Every blob id of an organization on disk (tests check that deleted files leave no bytes). */
export async function diskBlobIds(root: string, org: string): Promise<string[]> {
  const base = path.join(root, org);
  const out: string[] = [];
  for (const sub of await readdir(base).catch(() => [] as string[])) {
    for (const f of await readdir(path.join(base, sub)).catch(() => [] as string[])) out.push(f);
  }
  return out;
}

/**
 * Deletes the blobs no record holds that are older than `minAgeMs`: what a crash between a commit
 * and its deletion, or between a blob's rename and its commit, left behind. Run at start, before
 * any upload; the age keeps it off a blob another process sharing the folder is about to commit.
 * Answers how many it deleted.
 */
export async function sweepUnheld(
  root: string,
  isHeld: (org: string, id: string) => boolean,
  { minAgeMs = 3_600_000, now = Date.now() } = {},
): Promise<number> {
  let deleted = 0;
  for (const org of await readdir(root).catch(() => [] as string[])) {
    if (org === 'tmp') continue;
    for (const sub of await readdir(path.join(root, org)).catch(() => [] as string[])) {
      for (const id of await readdir(path.join(root, org, sub)).catch(() => [] as string[])) {
        const file = path.join(root, org, sub, id);
        if (isHeld(org, id)) continue;
        const st = await stat(file).catch(() => undefined);
        if (!st || now - st.mtimeMs < minAgeMs) continue;
        await unlink(file).catch(() => {});
        deleted++;
      }
    }
  }
  return deleted;
}
