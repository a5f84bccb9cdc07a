/**
 * The processes under test: the real dform server, the bare Hono peer and json-server, each in its
 * own child process so that its CPU time and peak memory can be read from /proc/<pid>.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { SERVER_START, startNodeFlags } from '../scripts/build-server.ts';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const JSON_SERVER_BIN = path.join(ROOT, 'node_modules', 'json-server', 'lib', 'bin.js');
/**
 * With two cores or more, the server under test runs on CPU 1 and the bench itself (load
 * generator, probes) on CPU 0, so that neither preempts the other: on a 2-core machine that
 * otherwise shows up as 30-100 ms "stalls" that are scheduling, not the server's doing.
 */
export const PINNED = os.cpus().length >= 2 && existsSync('/usr/bin/taskset');

export function pinSelf(): void {
  if (PINNED) execFileSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)], { stdio: 'ignore' });
}

/**
 * Lets this process (all its threads, the collector's too) run on every CPU again, and so the
 * processes it starts from then on (PostgreSQL's postmaster, whose backends inherit it).
 */
export function unpinSelf(): void {
  const all = `0-${os.cpus().length - 1}`;
  if (PINNED) execFileSync('taskset', ['-a', '-p', '-c', all, String(process.pid)], { stdio: 'ignore' });
}

export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-123' };

export interface Proc {
  name: string;
  child: ChildProcess;
  pid: number;
  url: string;
  /** Spawn until the readiness URL first answered 200. */
  startupMs: number;
  /** The last things the process printed, for error messages. */
  output: string[];
}

/** The real server, as `npm start` runs it (the bundle; bench/run.ts builds it first). */
export function startDform(
  dataDir: string,
  opts: {
    demo?: boolean;
    cpuProfDir?: string;
    env?: Record<string, string>;
    nodeArgs?: string[];
    /** false: on any core (several server processes at once); default: CPU 1 when pinning. */
    pin?: boolean;
  } = {},
): Promise<Proc> {
  const nodeArgs = opts.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`] : [];
  nodeArgs.push(...(opts.nodeArgs ?? []));
  // For investigations, e.g. DFORM_BENCH_NODE_ARGS=--trace-gc DFORM_BENCH_SERVER_LOG=/tmp/dform.log
  nodeArgs.push(...(process.env.DFORM_BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []));
  const args = [...nodeArgs, ...startNodeFlags(), SERVER_START, ...(opts.demo ? ['--demo'] : [])];
  const env = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DFORM_ADMIN_EMAIL: ADMIN.email,
    DFORM_ADMIN_PASSWORD: ADMIN.password,
    // Every bench request comes from 127.0.0.1; the default throttle would refuse the logins.
    DFORM_THROTTLE_ADDRESS: '100000',
    ...opts.env,
  };
  return launch('dform', args, env, /dform: listening on (http:\/\/\S+)/, '/healthz', undefined, opts.pin);
}

/** The in-memory Map peer (bench/bare-hono.ts), fed from json-server's db.json. */
export function startBareHono(dbFile: string): Promise<Proc> {
  const args = ['--import', 'tsx', 'bench/bare-hono.ts'];
  return launch('bare-hono', args, { DB_FILE: dbFile }, /bare-hono: listening on (http:\/\/\S+)/, '/healthz');
}

/** json-server cannot listen on port 0, so a free port is picked first. */
export async function startJsonServer(dbFile: string): Promise<Proc> {
  const port = await freePort();
  const args = [JSON_SERVER_BIN, '--port', String(port), '--host', '127.0.0.1', dbFile];
  // It has no health route: the cheapest real answer is one page of one item.
  const url = `http://127.0.0.1:${port}`;
  return launch('json-server', args, {}, undefined, '/employees?_page=1&_per_page=1', url);
}

async function launch(
  name: string,
  args: string[],
  env: Record<string, string>,
  listening: RegExp | undefined,
  readyPath: string,
  knownUrl?: string,
  pin = true,
): Promise<Proc> {
  const t0 = performance.now();
  // taskset execs node in place, so the pid stays the server's own. A process started from this
  // one inherits its CPU 0 alone: "any core" has to be said.
  const cpus = pin ? '1' : `0-${os.cpus().length - 1}`;
  const [cmd, argv] = PINNED ? ['taskset', ['-c', cpus, process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let exited = false;
  // Resolves with the URL the process says it listens on, or undefined once it has exited.
  const announced = new Promise<string | undefined>((resolve) => {
    const onData = (chunk: Buffer) => {
      if (name === 'dform' && process.env.DFORM_BENCH_SERVER_LOG)
        appendFileSync(process.env.DFORM_BENCH_SERVER_LOG, chunk);
      output.push(chunk.toString());
      if (output.length > 200) output.shift(); // keep the pipe drained but memory bounded
      const m = listening?.exec(output.join(''));
      if (m) resolve(m[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', () => {
      exited = true;
      resolve(undefined);
    });
    setTimeout(() => resolve(undefined), 120_000).unref();
  });
  const url = knownUrl ?? (await announced);
  const deadline = t0 + 120_000;
  while (url !== undefined && !exited && performance.now() < deadline) {
    if (await answers(url + readyPath)) {
      return { name, child, pid: child.pid!, url, startupMs: performance.now() - t0, output };
    }
    await sleep(5);
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not become ready:\n${output.join('')}`);
}

/** SIGTERM (dform compacts its store and releases its lock), then wait for the exit. */
export async function stop(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exit = once(p.child, 'exit');
  p.child.kill('SIGTERM');
  const timer = setTimeout(() => p.child.kill('SIGKILL'), 60_000);
  await exit;
  clearTimeout(timer);
}

const CLK_TCK = 100; // getconf CLK_TCK on Linux x86-64

/** User + system CPU time of a process so far, in microseconds (10 ms resolution). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLK_TCK;
}

/** Peak resident set size (VmHWM) in MiB. */
export function peakRssMiB(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address() as net.AddressInfo;
  srv.close();
  await once(srv, 'close');
  return port;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
