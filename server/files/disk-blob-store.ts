/**
 * The default blob store: files under `<root>/<org>/<xx>/<sha256>`. A blob is streamed into
 * `<root>/tmp/`, fsync'd, then renamed into place and its folder fsync'd, so a crash leaves either
 * the whole blob or none (a leftover temporary file is removed at a later start, once it is an
 * hour old: another process sharing the folder may be writing a younger one).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  ABANDONED_MS,
  BlobMissing,
  blobName,
  ID,
  ORG,
  type BlobStore,
  type ListedBlob,
  type StagedBlob,
} from './blob-store.ts';

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
      await mkdir(tmpDir, { recursive: true, mode: 0o700 });
      await removeAbandoned(tmpDir);
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
    async *list(): AsyncIterable<ListedBlob> {
      for (const org of await readdir(root).catch(() => [] as string[])) {
        if (!ORG.test(org)) continue;
        for (const sub of await readdir(path.join(root, org)).catch(() => [] as string[])) {
          for (const id of await readdir(path.join(root, org, sub)).catch(() => [] as string[])) {
            if (!ID.test(id)) continue;
            const st = await stat(path.join(root, org, sub, id)).catch(() => undefined);
            if (st) yield { org, id, modified: st.mtimeMs };
          }
        }
      }
    },
  };
}

/**
 * Deletes the files of a staging folder untouched for an hour: uploads a stopped process left.
 * A younger one may be another process's upload under way (its writes keep it young).
 */
export async function removeAbandoned(dir: string, now = Date.now()): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    const st = await stat(file).catch(() => undefined);
    if (st && now - st.mtimeMs >= ABANDONED_MS) await unlink(file).catch(() => {});
  }
}
