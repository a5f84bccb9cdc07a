/**
 * What the server keeps on disk is its owner's alone (DATA_DIR 0700, every folder 0700, every file
 * 0600: records, journal, snapshots, lock, outbox, keys), and in production it refuses to keep the
 * keys beside the data unless told to (docs/security.md). The embedded store's own files: its lock
 * refuses a second server, and a data file that does not parse stops the start untouched.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { ADMIN_EMAIL, ADMIN_PASSWORD, client, startServer } from '../helpers/server.ts';
import { waitForMail } from '../helpers/outbox.ts';

/** `path: mode` (octal, permission bits) of DATA_DIR and everything in it. */
async function modes(dataDir: string): Promise<string[]> {
  const out = [`.: ${((await stat(dataDir)).mode & 0o777).toString(8)}`];
  for (const e of await readdir(dataDir, { recursive: true, withFileTypes: true })) {
    const p = path.join(e.parentPath, e.name);
    out.push(`${path.relative(dataDir, p)}: ${((await stat(p)).mode & 0o777).toString(8)}`);
  }
  return out.sort();
}

const privateOnly = (list: string[]) => list.filter((l) => !/: (700|600)$/.test(l));

async function freshDir(): Promise<{ parent: string; dataDir: string }> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'dform-modes-'));
  return { parent, dataDir: path.join(parent, 'data') };
}

describe('DATA_DIR on disk', () => {
  test('DATA_DIR, its folders and its files are readable by their owner only', async () => {
    const { parent, dataDir } = await freshDir();
    const server = await startServer({ dataDir });
    try {
      const call = client(server.url);
      const org = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
      const login = await call('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } });
      assert.equal(login.status, 200);
      // A mail in the outbox and a record in the journal, the lock held.
      await call('POST', '/auth/api/forgot_password', { org, body: { username: ADMIN_EMAIL } });
      await waitForMail(dataDir, (m) => m.to === ADMIN_EMAIL);
      const running = await modes(dataDir);
      for (const name of ['outbox.jsonl', 'db/journal.jsonl', 'secrets/token.key']) {
        assert.ok(
          running.some((l) => l.startsWith(`${name}:`)),
          `${name} exists: ${running.join(', ')}`,
        );
      }
      assert.deepEqual(privateOnly(running), [], 'while running');
      await server.stop();
      // The snapshots written on the way out too.
      const stopped = await modes(dataDir);
      assert.ok(
        stopped.some((l) => l.startsWith('db/collections/')),
        stopped.join(', '),
      );
      assert.deepEqual(privateOnly(stopped), [], 'after a stop');
    } finally {
      await server.stop();
      await rm(parent, { recursive: true, force: true });
    }
  });

  test('a DATA_DIR left open to others is closed at start', async () => {
    const { parent, dataDir } = await freshDir();
    await mkdir(dataDir);
    await chmod(dataDir, 0o755);
    const server = await startServer({ dataDir });
    try {
      assert.equal((await stat(dataDir)).mode & 0o777, 0o700);
    } finally {
      await server.stop();
      await rm(parent, { recursive: true, force: true });
    }
  });
});

const key = () => randomBytes(32).toString('base64');

describe('keys in production', () => {
  test('NODE_ENV=production refuses keys kept beside the data, saying how to fix it in one line', async () => {
    const { parent, dataDir } = await freshDir();
    try {
      const refused = await startServer({ dataDir, env: { NODE_ENV: 'production' } }).then(
        () => assert.fail('the server started'),
        (e: Error) => e.message,
      );
      const lines = refused.split('\n').filter((l) => l.startsWith('dform: cannot start'));
      assert.equal(lines.length, 1, refused);
      assert.match(lines[0], /DFORM_DATA_KEY, DFORM_LOOKUP_KEY and DFORM_TOKEN_KEY/);
      assert.match(lines[0], /DFORM_ALLOW_LOCAL_KEYS=1/);
      assert.deepEqual(await readdir(path.join(dataDir, 'secrets')).catch(() => []), [], 'no key was written');
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  test('NODE_ENV=production starts with the keys in the environment, none on disk', async () => {
    const { parent, dataDir } = await freshDir();
    const env = { NODE_ENV: 'production', DFORM_DATA_KEY: key(), DFORM_LOOKUP_KEY: key(), DFORM_TOKEN_KEY: key() };
    const server = await startServer({ dataDir, env });
    try {
      assert.equal((await client(server.url)('GET', '/healthz')).status, 200);
      assert.deepEqual(await readdir(path.join(dataDir, 'secrets')).catch(() => []), []);
    } finally {
      await server.stop();
      await rm(parent, { recursive: true, force: true });
    }
  });

  test('NODE_ENV=production with DFORM_ALLOW_LOCAL_KEYS=1 keeps them in DATA_DIR/secrets', async () => {
    const { parent, dataDir } = await freshDir();
    const server = await startServer({ dataDir, env: { NODE_ENV: 'production', DFORM_ALLOW_LOCAL_KEYS: '1' } });
    try {
      assert.equal((await client(server.url)('GET', '/healthz')).status, 200);
      assert.deepEqual((await readdir(path.join(dataDir, 'secrets'))).sort(), ['data.key', 'lookup.key', 'token.key']);
    } finally {
      await server.stop();
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe('the embedded store in DATA_DIR', () => {
  test('a second server on the same DATA_DIR refuses to start', async () => {
    const first = await startServer();
    try {
      await assert.rejects(startServer({ dataDir: first.dataDir }), /in use by process/);
      assert.equal((await client(first.url)('GET', '/healthz')).status, 200);
    } finally {
      await first.stop();
    }
  });

  test('a data file that does not parse is reported and left untouched', async () => {
    const server = await startServer();
    const { dataDir } = server;
    await server.stop({ keepData: true });
    const dir = path.join(dataDir, 'db', 'collections');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.json'));
    assert.ok(files.length > 0, 'the clean stop compacted into snapshot files');
    const victim = path.join(dir, files[0]);
    await writeFile(victim, '{"records": [ {"broken": ');
    await assert.rejects(startServer({ dataDir }), new RegExp(files[0].replace(/[.]/g, '\\.')));
    assert.equal(await readFile(victim, 'utf8'), '{"records": [ {"broken": ');
    await rm(dataDir, { recursive: true, force: true });
  });
});

describe("the store's keys", () => {
  const signsIn = async (url: string) => {
    const call = client(url);
    const org = (await call('GET', '/auth/api/resolve_org?hostname=localhost')).body.organization_id;
    return (await call('POST', '/auth/api/login', { org, body: { userid: ADMIN_EMAIL, key: ADMIN_PASSWORD } })).status;
  };
  const refusal = (e: Error) => e.message.split('\n').filter((l) => l.startsWith('dform: cannot start'));

  test('a store whose DATA_DIR/secrets/ was lost (a restore without it) does not start under new keys, and keeps none', async () => {
    const first = await startServer();
    const { dataDir } = first;
    try {
      await first.stop({ keepData: true });
      const secrets = path.join(dataDir, 'secrets');
      const kept = Object.fromEntries(
        await Promise.all(
          ['data', 'lookup', 'token'].map(async (k) => [k, await readFile(path.join(secrets, `${k}.key`), 'utf8')]),
        ),
      );
      await rm(secrets, { recursive: true });
      const lines = await startServer({ dataDir }).then(
        (s) => s.stop({ keepData: true }).then(() => assert.fail('the server started under new keys')),
        refusal,
      );
      assert.equal(lines.length, 1, String(lines));
      assert.match(
        lines[0],
        /the data, lookup, token keys do not match the keys this store was written under \(no key was found, so one was made and has not been kept: .*secrets\/data\.key/,
      );
      assert.deepEqual(await readdir(secrets), [], 'the keys made for it are taken back');
      // Its own keys back: it starts, and what it held is there.
      for (const [k, v] of Object.entries(kept))
        await writeFile(path.join(secrets, `${k}.key`), String(v), { mode: 0o600 });
      const again = await startServer({ dataDir });
      assert.equal(await signsIn(again.url), 200);
      await again.stop({ keepData: true });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('a store started under another data key from the environment stops, naming the key; under its own it starts', async () => {
    const env = { DFORM_DATA_KEY: key(), DFORM_LOOKUP_KEY: key(), DFORM_TOKEN_KEY: key() };
    const first = await startServer({ env });
    const { dataDir } = first;
    try {
      await first.stop({ keepData: true });
      const lines = await startServer({ dataDir, env: { ...env, DFORM_DATA_KEY: key() } }).then(
        (s) => s.stop({ keepData: true }).then(() => assert.fail('the server started under another key')),
        refusal,
      );
      assert.equal(lines.length, 1, String(lines));
      assert.match(lines[0], /the data key does not match the keys this store was written under: .*DFORM_DATA_KEY/);
      const own = await startServer({ dataDir, env });
      assert.equal(await signsIn(own.url), 200);
      await own.stop({ keepData: true });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

test('a port another process holds stops the start in one line before the store is set up: no admin password printed, nothing written', async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as net.AddressInfo).port;
  const { parent, dataDir } = await freshDir();
  try {
    const out = await startServer({ dataDir, env: { PORT: String(port) } }).then(
      (s) => s.stop().then(() => assert.fail('the server started on a port in use')),
      (e: Error) => e.message,
    );
    assert.match(
      out,
      /dform: cannot start: port \d+ on 127\.0\.0\.1 is in use by another process: stop it, or set PORT/,
    );
    assert.doesNotMatch(out, /generated admin password|\n\s+at /, 'no password shown for a store not kept, no stack');
    assert.deepEqual(await readdir(dataDir).catch(() => []), [], 'nothing written');
  } finally {
    holder.close();
    await rm(parent, { recursive: true, force: true });
  }
});
