/**
 * The blob store's contract, run against each implementation: the disk store under a temporary
 * DATA_DIR and the S3 store against s3rver, a local S3-compatible server that checks the requests'
 * signatures. Staged bytes are invisible until kept, a failing source leaves nothing, blobs are
 * per organization, a removed blob is gone, the list names what is kept, and the start-up sweep
 * deletes old blobs no record holds (not one held or claimed) and staged files a stopped process left.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { BlobMissing, type BlobStore } from '../../../server/files/blob-store.ts';
import { blobKey, tryClaim } from '../../../server/files/blob-claims.ts';
import { diskBlobStore } from '../../../server/files/disk-blob-store.ts';
import { sweepUnheld } from '../../../server/files/sweep.ts';
import { SYSTEM } from '../../../server/services.ts';
import { MemoryStore } from '../../../server/storage/memory-store.ts';
import { s3BlobStore } from '../../../server/files/s3-blob-store.ts';
import { signRequest } from '../../../server/files/s3-sign.ts';

async function* chunks(...parts: (string | Buffer)[]): AsyncIterable<Uint8Array> {
  for (const p of parts) yield Buffer.from(p);
}

async function* failing(): AsyncIterable<Uint8Array> {
  yield Buffer.from('half a file');
  throw new Error('client went away');
}

async function read(store: BlobStore, org: string, id: string): Promise<Buffer> {
  const out: Buffer[] = [];
  for await (const c of await store.open(org, id)) out.push(Buffer.from(c));
  return Buffer.concat(out);
}

const sha = (s: string | Buffer) => createHash('sha256').update(s).digest('hex');

interface Made {
  store: BlobStore;
  spool: string;
  /** Another store over the same places: the next start of the process. */
  again(): BlobStore;
  done(): Promise<void>;
}

/** A blob-refs record: a field holds the blob. */
function holding(org: string, id: string) {
  const meta = { created_by: 'system', created_time: 0, updated_by: 'system', updated_time: 0, version: 1 };
  return { collection: SYSTEM.blobRefs, org, key: blobKey(org, id), data: { holders: ['hr/documents/k/file'] }, meta };
}

function contract(name: string, make: () => Promise<Made>) {
  describe(name, () => {
    let store: BlobStore;
    let spool: string;
    let again: () => BlobStore;
    let done: () => Promise<void>;
    beforeAll(async () => ({ store, spool, again, done } = await make()));
    afterAll(() => done());
    const orgA = randomUUID();
    const orgB = randomUUID();

    test('a staged blob is addressed by its SHA-256 and visible only once kept', async () => {
      const staged = await store.stage(orgA, chunks('hello ', 'world'));
      assert.equal(staged.id, sha('hello world'));
      assert.equal(staged.size, 11);
      assert.equal(await store.has(orgA, staged.id), false);
      await staged.keep();
      assert.equal(await store.has(orgA, staged.id), true);
      assert.equal((await read(store, orgA, staged.id)).toString(), 'hello world');
    });

    test("one organization's blob is not another's", async () => {
      const staged = await store.stage(orgA, chunks('company A only'));
      await staged.keep();
      assert.equal(await store.has(orgB, staged.id), false);
      await assert.rejects(store.open(orgB, staged.id), BlobMissing);
    });

    test('a source that fails leaves nothing; a discarded blob neither', async () => {
      await assert.rejects(store.stage(orgA, failing()), /client went away/);
      const staged = await store.stage(orgA, chunks('never kept'));
      await staged.discard();
      assert.equal(await store.has(orgA, sha('never kept')), false);
      assert.deepEqual(await readdir(spool), []);
    });

    test('a removed blob is gone, and removing it again is no error', async () => {
      const staged = await store.stage(orgA, chunks(Buffer.alloc(3 * 1024 * 1024, 7)));
      await staged.keep();
      await store.remove(orgA, staged.id);
      assert.equal(await store.has(orgA, staged.id), false);
      await assert.rejects(store.open(orgA, staged.id), BlobMissing);
      await store.remove(orgA, staged.id);
    });

    test('addresses are checked: no path can be smuggled in', async () => {
      await assert.rejects(store.open('../../etc', sha('x')), /bad blob address/);
      await assert.rejects(store.open(orgA, '../passwd'), /bad blob address/);
    });

    test('the list names every kept blob with its organization and time, nothing staged', async () => {
      const kept = await store.stage(orgA, chunks(`listed ${randomUUID()}`));
      await kept.keep();
      const other = await store.stage(orgB, chunks(`listed too ${randomUUID()}`));
      await other.keep();
      const staged = await store.stage(orgA, chunks(`not kept ${randomUUID()}`));
      const listed = [];
      for await (const b of store.list()) listed.push(b);
      const a = listed.find((b) => b.id === kept.id);
      assert.equal(a?.org, orgA);
      assert.ok(Math.abs(a!.modified - Date.now()) < 60_000, `modified ${a!.modified}`);
      assert.equal(listed.find((b) => b.id === other.id)?.org, orgB);
      assert.ok(!listed.some((b) => b.id === staged.id));
      await staged.discard();
    });

    test('the sweep deletes old blobs no record holds; not one held, nor one another process claims', async () => {
      const org = randomUUID();
      const ids: string[] = [];
      for (const text of ['held', 'orphan', 'claimed']) {
        const staged = await store.stage(org, chunks(`${text} ${randomUUID()}`));
        await staged.keep();
        ids.push(staged.id);
      }
      const [held, orphan, claimed] = ids;
      const storage = new MemoryStore();
      const env = { storage, now: () => Math.floor(Date.now() / 1000) };
      await storage.commit([{ op: 'put', record: holding(org, held) }]);
      const release = await tryClaim(env, org, claimed);
      assert.ok(release);
      // Two hours on: every blob is old enough, and no record holds those of the earlier tests either.
      const later = { now: Date.now() + 2 * 3_600_000 };
      let stored = 0;
      for await (const _ of store.list()) stored++;
      assert.equal(await sweepUnheld(env, store, later), stored - 2);
      assert.equal(await store.has(org, held), true);
      assert.equal(await store.has(org, orphan), false);
      assert.equal(await store.has(org, claimed), true, 'an upload of the same bytes may be about to commit');
      await release!();
      assert.equal(await sweepUnheld(env, store, later), 1);
      assert.equal(await store.has(org, claimed), false);
      assert.equal(await store.has(org, held), true);
      assert.equal(await sweepUnheld(env, store), 0, 'nothing younger than an hour');
    });

    test('staged files a stopped process left go at the next start once an hour old; younger ones stay', async () => {
      const old = path.join(spool, 'stopped-upload');
      const young = path.join(spool, 'upload-under-way');
      await writeFile(old, 'half an upload');
      await writeFile(young, 'another process is writing this');
      const hourAgo = new Date(Date.now() - 3_700_000);
      await utimes(old, hourAgo, hourAgo);
      const next = again();
      const staged = await next.stage(orgA, chunks('after the start'));
      await staged.discard();
      assert.deepEqual(await readdir(spool), ['upload-under-way']);
      await rm(young);
    });
  });
}

contract('disk blob store', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-blobs-'));
  return {
    store: diskBlobStore(dir),
    spool: path.join(dir, 'tmp'),
    again: () => diskBlobStore(dir),
    done: () => rm(dir, { recursive: true, force: true }),
  };
});

const CREDS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };

async function startS3(): Promise<{ server: S3rver; endpoint: string; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'dform-files' }],
  });
  const { port } = (await server.run()) as AddressInfo;
  return { server, endpoint: `http://127.0.0.1:${port}`, dir };
}

contract('S3 blob store (s3rver)', async () => {
  const s3 = await startS3();
  const spool = await mkdtemp(path.join(os.tmpdir(), 'dform-spool-'));
  const options = { ...CREDS, endpoint: s3.endpoint, bucket: 'dform-files', prefix: 'test/', spoolDir: spool };
  return {
    store: s3BlobStore(options),
    spool,
    again: () => s3BlobStore(options),
    async done() {
      await s3.server.close();
      await rm(s3.dir, { recursive: true, force: true });
      await rm(spool, { recursive: true, force: true });
    },
  };
});

test('s3rver refuses an unknown access key (it checks key ids, not V4 signatures: see the vector below)', async () => {
  const s3 = await startS3();
  try {
    const spool = await mkdtemp(path.join(os.tmpdir(), 'dform-spool-'));
    const wrong = s3BlobStore({
      ...CREDS,
      accessKeyId: 'NOT-A-KEY',
      endpoint: s3.endpoint,
      bucket: 'dform-files',
      spoolDir: spool,
    });
    const staged = await wrong.stage(randomUUID(), chunks('x'));
    await assert.rejects(staged.keep(), /answered 403 \(InvalidAccessKeyId\)/);
    await rm(spool, { recursive: true, force: true });
  } finally {
    await s3.server.close();
    await rm(s3.dir, { recursive: true, force: true });
  }
});

test("SigV4 signs the S3 documentation's example as documented", () => {
  // https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "GET Bucket Lifecycle".
  const h = signRequest(
    {
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      region: 'us-east-1',
    },
    {
      method: 'GET',
      host: 'examplebucket.s3.amazonaws.com',
      path: '/',
      query: 'lifecycle=',
      payloadSha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      now: new Date('2013-05-24T00:00:00Z'),
    },
  );
  assert.equal(h['x-amz-date'], '20130524T000000Z');
  assert.equal(
    h.authorization,
    'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
  );
});

test('the sweep leaves a blob younger than an hour: it may be about to be committed', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-blobs-'));
  try {
    const store = diskBlobStore(dir);
    const org = randomUUID();
    const ids: string[] = [];
    for (const text of ['orphan', 'fresh orphan']) {
      const staged = await store.stage(org, chunks(text));
      await staged.keep();
      ids.push(staged.id);
    }
    const [orphan, fresh] = ids;
    const old = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(dir, org, orphan.slice(0, 2), orphan), old, old);
    const env = { storage: new MemoryStore(), now: () => Math.floor(Date.now() / 1000) };
    assert.equal(await sweepUnheld(env, store), 1);
    assert.equal(await store.has(org, orphan), false);
    assert.equal(await store.has(org, fresh), true);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
