/**
 * A stored file encrypted at rest is checked as it is read back (AES-GCM's tag at its end): bytes
 * changed on disk cut the download short and log an error, "a stored file failed its integrity
 * check". A client hanging up mid-download is no such failure and logs nothing of the kind (it did,
 * so anyone could raise the alarm at will and hide a real one among the false).
 */
import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const ALARM = /failed its integrity check/;
const settle = () => new Promise((done) => setTimeout(done, 500));

/** Emma's stored file holding `size` bytes of text; answers its content's address. */
async function storedText(size: number): Promise<string> {
  const r = await w.call('POST', '/storage/api/data/files/', {
    ...as(w.emma),
    body: { owner_id: w.emma.user, module: 'hr' },
  });
  assert.equal(r.status, 201, r.text);
  const at = `/storage/api/files/files/${r.body.key}/content`;
  const up = await w.call('PUT', at, {
    ...as(w.emma),
    headers: { 'content-type': 'text/plain', 'x-file-name': 'ledger.txt' },
    rawBody: 'x'.repeat(size),
  });
  assert.equal(up.status, 200, up.text);
  return at;
}

const headers = () => ({ 'organization-id': w.emma.org, auth_token: w.emma.token });

test('a download the client abandons halfway raises no integrity alarm', async () => {
  const at = await storedText(8 * 1024 * 1024);
  const stop = new AbortController();
  const r = await fetch(w.server.url + at, { headers: headers(), signal: stop.signal });
  assert.equal(r.status, 200);
  const reader = r.body!.getReader();
  await reader.read();
  stop.abort();
  await reader.read().catch(() => undefined);
  await settle();
  assert.doesNotMatch(w.server.output(), ALARM);
  // The file is whole: read in full, every byte is there.
  const again = await fetch(w.server.url + at, { headers: headers() });
  assert.equal((await again.arrayBuffer()).byteLength, 8 * 1024 * 1024);
});

test('bytes changed on disk cut the download short and raise the alarm', async () => {
  const at = await storedText(4096);
  // The newest blob on disk is this file's.
  const root = path.join(w.server.dataDir, 'files');
  const names = (await readdir(root, { recursive: true })).filter((n) => !n.split(path.sep).includes('tmp'));
  const files = await Promise.all(
    names.map(async (n) => ({ file: path.join(root, n), stat: await stat(path.join(root, n)) })),
  );
  const newest = files.filter((f) => f.stat.isFile()).sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)[0];
  assert.ok(newest, `a blob under ${root}`);
  const bytes = await readFile(newest.file);
  bytes[100] ^= 0xff;
  await writeFile(newest.file, bytes);
  const r = await fetch(w.server.url + at, { headers: headers() });
  assert.equal(r.status, 200);
  await assert.rejects(r.arrayBuffer(), 'the download ends in an error, not in altered bytes');
  await settle();
  assert.match(w.server.output(), ALARM);
});
