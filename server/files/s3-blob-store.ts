/**
 * The blob store of a deployment: an S3-compatible bucket (AWS S3, MinIO, Ceph, ...), objects named
 * `<prefix><org>/<xx>/<sha256>`. A blob is first spooled to a local temporary file, hashed on the
 * way, so its id (and the payload hash S3 checks) is known before it is sent; the PUT then streams
 * that file with its length, and S3 makes the object visible whole or not at all. Spooled files a
 * stopped process left are removed at a later start once an hour old; objects put but never
 * committed are the start-up sweep's (./sweep.ts, over `list`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, unlink } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { BlobMissing, blobName, ID, ORG, type BlobStore, type ListedBlob, type StagedBlob } from './blob-store.ts';
import { removeAbandoned } from './disk-blob-store.ts';
import { canonicalPath, EMPTY_SHA256, encodeSegment, signRequest, type S3Credentials } from './s3-sign.ts';

export interface S3Options extends S3Credentials {
  /** `http(s)://host[:port]` of the S3 API. */
  endpoint: string;
  bucket: string;
  /** Prepended to every object name (`dform/`), default none. */
  prefix?: string;
  /** Where blobs are spooled before they are sent. */
  spoolDir: string;
}

interface S3Answer {
  status: number;
  body: Readable;
}

export function s3BlobStore(o: S3Options): BlobStore {
  const base = new URL(o.endpoint);
  const transport = base.protocol === 'https:' ? https : http;
  const objectPath = (org: string, id: string) =>
    `${base.pathname.replace(/\/$/, '')}/${o.bucket}/${o.prefix ?? ''}${blobName(org, id)}`;

  function send(
    method: string,
    p: string,
    payloadSha256: string,
    body?: { file: string; size: number },
    query?: string,
  ) {
    return new Promise<S3Answer>((resolve, reject) => {
      const headers: Record<string, string | number> = signRequest(o, {
        method,
        host: base.host,
        path: p,
        query,
        payloadSha256,
      });
      if (body) headers['content-length'] = body.size;
      const target = query ? `${canonicalPath(p)}?${query}` : p;
      const req = transport.request(
        { protocol: base.protocol, hostname: base.hostname, port: base.port, method, path: target, headers },
        (res) => resolve({ status: res.statusCode ?? 0, body: res }),
      );
      req.on('error', reject);
      if (body) createReadStream(body.file).on('error', reject).pipe(req);
      else req.end();
    });
  }

  async function expect(answer: S3Answer, ok: number[], what: string): Promise<void> {
    if (ok.includes(answer.status)) {
      answer.body.resume();
      return;
    }
    let text = '';
    for await (const chunk of answer.body) if (text.length < 500) text += String(chunk);
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? 'no code';
    throw new Error(`S3 blob store: ${what} answered ${answer.status} (${code})`);
  }

  let ready: Promise<void> | undefined;
  const prepare = () =>
    (ready ??= (async () => {
      await mkdir(o.spoolDir, { recursive: true, mode: 0o700 });
      await removeAbandoned(o.spoolDir);
    })());

  return {
    async stage(org, source): Promise<StagedBlob> {
      await prepare();
      const tmp = path.join(o.spoolDir, randomBytes(16).toString('hex'));
      const fh = await open(tmp, 'wx', 0o600);
      const hash = createHash('sha256');
      let size = 0;
      try {
        for await (const chunk of source) {
          hash.update(chunk);
          size += chunk.byteLength;
          await fh.write(chunk);
        }
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
          try {
            await expect(await send('PUT', objectPath(org, id), id, { file: tmp, size }), [200], 'a PUT');
          } finally {
            await unlink(tmp).catch(() => {});
          }
        },
        discard: () => unlink(tmp).catch(() => {}),
      };
    },
    async open(org, id) {
      const answer = await send('GET', objectPath(org, id), EMPTY_SHA256);
      if (answer.status === 404) {
        answer.body.resume();
        throw new BlobMissing(org, id);
      }
      if (answer.status === 200) return answer.body;
      return expect(answer, [], 'a GET').then(() => answer.body);
    },
    async remove(org, id) {
      await expect(await send('DELETE', objectPath(org, id), EMPTY_SHA256), [200, 204, 404], 'a DELETE');
    },
    async has(org, id) {
      const answer = await send('HEAD', objectPath(org, id), EMPTY_SHA256);
      answer.body.resume();
      if (answer.status === 200) return true;
      if (answer.status === 404) return false;
      throw new Error(`S3 blob store: a HEAD answered ${answer.status}`);
    },
    async *list(): AsyncIterable<ListedBlob> {
      const bucketPath = `${base.pathname.replace(/\/$/, '')}/${o.bucket}`;
      const prefix = o.prefix ?? '';
      let token: string | undefined;
      do {
        // ListObjectsV2; the query canonical as SigV4 wants it: names sorted, each part encoded.
        const params: [string, string][] = [
          ...(token ? [['continuation-token', token] as [string, string]] : []),
          ['list-type', '2'],
          ['prefix', prefix],
        ];
        const query = params.map(([k, v]) => `${encodeSegment(k)}=${encodeSegment(v)}`).join('&');
        const answer = await send('GET', bucketPath, EMPTY_SHA256, undefined, query);
        if (answer.status !== 200) await expect(answer, [200], 'a list');
        let xml = '';
        for await (const chunk of answer.body) xml += String(chunk);
        for (const [, entry] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
          const name = xmlText(/<Key>([^<]*)<\/Key>/.exec(entry)?.[1] ?? '');
          const modified = Date.parse(/<LastModified>([^<]*)<\/LastModified>/.exec(entry)?.[1] ?? '');
          const [org, sub, id, ...rest] = name.slice(prefix.length).split('/');
          if (!name.startsWith(prefix) || rest.length || !ORG.test(org ?? '') || !ID.test(id ?? '')) continue;
          if (sub !== id.slice(0, 2) || Number.isNaN(modified)) continue;
          yield { org, id, modified };
        }
        const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
        token = truncated
          ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : undefined;
      } while (token);
    },
  };
}

/** The text of an XML element's content (the five predefined entities and character references). */
function xmlText(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (e[0] !== '#') return named[e.toLowerCase()];
    return String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}
