/**
 * Starts the real server as `npm start` runs it (the bundle of server/main.ts, rebuilt first when a
 * source changed) as a child process on a free port with a temporary DATA_DIR, and a small client
 * that speaks the wire contract. When the run has a PostgreSQL cluster (DFORM_TEST_PG_URL, see
 * the api-pg vitest project), each DATA_DIR gets its own fresh database as DATABASE_URL, kept for a
 * restart over the same DATA_DIR.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, SERVER_START, startNodeFlags } from '../../scripts/build-server.ts';
import { freshDatabase } from './postgres.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const ADMIN_EMAIL = 'staff@dform.test';
export const ADMIN_PASSWORD = 'correct horse battery';

export interface TestServer {
  url: string;
  dataDir: string;
  /** The PostgreSQL database it keeps its records in, when it has one. */
  databaseUrl?: string;
  proc: ChildProcess;
  output: () => string;
  stop(opts?: { keepData?: boolean; signal?: NodeJS.Signals }): Promise<number | null>;
}

const databases = new Map<string, string>();

/** The database of a DATA_DIR under a PostgreSQL run; {} otherwise or when the test names its own. */
export async function databaseEnv(dataDir: string, env?: Record<string, string>): Promise<Record<string, string>> {
  const cluster = process.env.DFORM_TEST_PG_URL;
  if (!cluster || env?.DATABASE_URL !== undefined) return {};
  let url = databases.get(dataDir);
  if (url === undefined) {
    url = await freshDatabase(cluster);
    databases.set(dataDir, url);
  }
  return { DATABASE_URL: url };
}

export async function startServer(
  opts: { dataDir?: string; demo?: boolean; env?: Record<string, string> } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'dform-test-')));
  await ensureServerBuilt();
  const database = await databaseEnv(dataDir, opts.env);
  const proc = spawn(process.execPath, [...startNodeFlags(), SERVER_START, ...(opts.demo ? ['--demo'] : [])], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DFORM_ADMIN_EMAIL: ADMIN_EMAIL,
      DFORM_ADMIN_PASSWORD: ADMIN_PASSWORD,
      DFORM_THROTTLE_ADDRESS: '100000',
      ...database,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 30 s:\n${out}`)), 30_000);
    const check = () => {
      const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.stdout!.on('data', check);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return {
    url,
    dataDir,
    databaseUrl: database.DATABASE_URL ?? opts.env?.DATABASE_URL,
    proc,
    output: () => out,
    async stop({ keepData = false, signal = 'SIGTERM' } = {}) {
      const code = await new Promise<number | null>((resolve) => {
        // A process already ended (by a signal too: its exitCode stays null) sends no second 'exit'.
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve(proc.exitCode);
        proc.once('exit', (c) => resolve(c));
        proc.kill(signal);
      });
      if (!keepData && !opts.dataDir) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

export interface CallOptions {
  org?: string;
  token?: string;
  body?: unknown;
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/**
 * Sends `body` and answers the server's response even when the server closes the connection before
 * the body is all written (its answer arrives first; the write then fails with EPIPE or ECONNRESET).
 */
function answerDespiteClose(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, {
      method,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', () => undefined);
      res.on('close', () => {
        const out = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v));
        resolve(new Response(chunks.length ? Buffer.concat(chunks) : null, { status: res.statusCode, headers: out }));
      });
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    req.end(body);
  });
}

export function client(url: string) {
  return async function call<T = any>(method: string, p: string, o: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...o.headers };
    if (o.org) headers['organization-id'] = o.org;
    if (o.token) headers['auth_token'] = o.token;
    let body: BodyInit | undefined = o.rawBody;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + p, { method, headers, body }).catch((e: { cause?: { code?: string } }) => {
      // A kept-alive connection the server closed while this process was busy (a PDF rendered in
      // process blocks the event loop past the server's keep-alive timeout): the request never
      // reached the server; sent again on a new connection.
      if (e.cause?.code === 'UND_ERR_SOCKET') return fetch(url + p, { method, headers, body });
      // The server answered (a 413 for a body over its limit) and closed the connection before
      // this process had written the whole body: fetch drops that answer; node:http reads it.
      if ((e.cause?.code === 'EPIPE' || e.cause?.code === 'ECONNRESET') && typeof body === 'string') {
        // The server closed before reading the body, so it did not act on it: asking again is safe.
        const again = (tries: number): Promise<Response> =>
          answerDespiteClose(url + p, method, headers, body).catch((err: unknown) => {
            if (tries <= 1) throw err;
            return again(tries - 1);
          });
        return again(5);
      }
      throw e;
    });
    const text = await res.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  };
}
