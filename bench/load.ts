/**
 * A small closed-loop load generator: `connections` keep-alive sockets, each sending its next
 * request as soon as the previous one answered, bounded by a request count and by time. Written by
 * hand (node:http) rather than with autocannon so that latencies are kept per kind of request:
 * the mixed phase needs the p99 of its reads alone.
 */
import http from 'node:http';
import { Worker } from 'node:worker_threads';

export interface Req {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Latencies are reported per kind; default 'all'. */
  kind?: string;
}

export interface LoadOptions {
  /** Origin, e.g. http://127.0.0.1:8787; only loopback is ever targeted. */
  url: string;
  headers?: Record<string, string>;
  connections: number;
  amount: number;
  seconds: number;
  next: (i: number) => Req;
  /** Sees every answer, e.g. to remember created records. */
  onResponse?: (i: number, status: number, body: string) => void;
}

export interface Stats {
  count: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

export interface LoadResult extends Stats {
  seconds: number;
  errors: number;
  firstError?: string;
  kinds: Map<string, Stats>;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const { hostname, port } = new URL(o.url);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost') throw new Error(`refusing to load ${hostname}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const latencies = new Map<string, number[]>();
  let issued = 0;
  let errors = 0;
  let firstError: string | undefined;
  const t0 = performance.now();
  const deadline = t0 + o.seconds * 1000;

  const worker = async () => {
    while (issued < o.amount && performance.now() < deadline) {
      const i = issued++;
      const req = o.next(i);
      const body = req.body === undefined ? undefined : JSON.stringify(req.body);
      const start = performance.now();
      // A refused or reset connection counts as an error, not a crash of the bench.
      const res = await send(agent, hostname, Number(port), req.method, req.path, o.headers ?? {}, body).catch(
        (e: Error) => ({ status: 599, body: e.message }),
      );
      const ms = performance.now() - start;
      const kind = req.kind ?? 'all';
      if (!latencies.has(kind)) latencies.set(kind, []);
      latencies.get(kind)!.push(ms);
      if (res.status >= 400) {
        errors++;
        firstError ??= `${req.method} ${req.path} -> ${res.status} ${res.body.slice(0, 300)}`;
      }
      o.onResponse?.(i, res.status, res.body);
    }
  };
  await Promise.all(Array.from({ length: o.connections }, worker));
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  const all = [...latencies.values()].flat();
  const kinds = new Map([...latencies].map(([k, v]) => [k, stats(v, seconds)]));
  return { ...stats(all, seconds), seconds, errors, firstError, kinds };
}

function send(
  agent: http.Agent,
  host: string,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const h =
      body === undefined
        ? headers
        : { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const req = http.request({ agent, host, port, method, path, headers: h }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export function stats(ms: number[], seconds: number): Stats {
  const sorted = Float64Array.from(ms).sort();
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
  return {
    count: ms.length,
    rps: ms.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

/**
 * Measures the server's event-loop blocking from outside: GET /healthz every 10 ms on its own
 * socket. It runs in a worker thread so the load generator's own pauses (GC, JSON) do not show up
 * as server latency. The first probes (connection set-up, the worker's own JIT) are not counted:
 * await `ready` before starting the load. `ask`: other addresses to GET in turn instead (records
 * read by key, to see a request that needs the store wait), with the headers they need.
 */
export function startProbe(
  url: string,
  everyMs = 10,
  ask: { paths: string[]; headers: Record<string, string> } = { paths: ['/healthz'], headers: {} },
): { ready: Promise<void>; stop: () => Promise<number[]> } {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let turn = 0;
    const get = () => new Promise((resolve, reject) => {
      const url = workerData.url + workerData.paths[turn++ % workerData.paths.length];
      http.get(url, { agent, headers: workerData.headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error('probe: ' + url + ' answered ' + res.statusCode));
        res.resume();
        res.on('end', resolve);
      }).on('error', reject);
    });
    let stopping = false;
    parentPort.on('message', () => { stopping = true; });
    (async () => {
      let latencies = [];
      let warm = false;
      let due = performance.now();
      while (!stopping) {
        const t = performance.now();
        await get();
        latencies.push(performance.now() - t);
        if (!warm && latencies.length === 20) {
          warm = true;
          latencies = [];
          parentPort.postMessage({ ready: true });
        }
        due += workerData.everyMs;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        else due = performance.now();
      }
      agent.destroy();
      parentPort.postMessage({ latencies });
    })();`;
  const worker = new Worker(code, { eval: true, workerData: { url, everyMs, ...ask } });
  let onReady: () => void;
  const ready = new Promise<void>((resolve, reject) => {
    onReady = resolve;
    worker.once('error', reject);
  });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.on('message', (m: { ready?: true; latencies?: number[] }) => (m.ready ? onReady() : resolve(m.latencies!)));
    worker.once('error', reject);
  });
  return {
    ready,
    stop: async () => {
      worker.postMessage('stop');
      const latencies = await done;
      await worker.terminate();
      return latencies;
    },
  };
}
