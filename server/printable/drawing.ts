/**
 * Printable forms drawn in a worker thread (printable/draw-worker.ts), started on the first form and
 * kept: drawing an I-9 takes 50-100 ms of CPU, which on the server's event loop every other request
 * of every company waited for (docs/input-limits.md, "Printable forms"). A worker that fails or
 * exits fails the forms it was drawing; the next form starts a new one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LayoutError } from '../../printable/expressions.ts';
import type { Layout, PrintInput } from '../../printable/layout.ts';
import type { RenderResult } from '../../printable/render.ts';
import type { DrawAnswer, DrawRequest } from '../../printable/draw-worker.ts';

const WORKER_FILE = 'draw-worker.cjs';

/**
 * The bundled worker: beside the server's bundle when it runs from dist/server, and the built one
 * when the server runs from its sources (the tests: `npm test` builds dist/server first).
 */
function workerFile(): string {
  const beside = path.join(import.meta.dirname, WORKER_FILE);
  if (existsSync(beside)) return beside;
  const built = path.resolve(import.meta.dirname, '..', '..', 'dist', 'server', WORKER_FILE);
  if (existsSync(built)) return built;
  throw new Error(`printable: ${WORKER_FILE} is missing: run npm run build:server`);
}

interface Pending {
  resolve: (r: RenderResult) => void;
  reject: (e: Error) => void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function failAll(reason: Error): void {
  worker = undefined;
  for (const p of pending.values()) p.reject(reason);
  pending.clear();
}

function started(): Worker {
  if (worker) return worker;
  const w = new Worker(workerFile());
  w.on('message', (answer: DrawAnswer) => {
    const p = pending.get(answer.id);
    if (!p) return;
    pending.delete(answer.id);
    if ('error' in answer) {
      p.reject(answer.error.layout ? new LayoutError(answer.error.message) : new Error(answer.error.message));
    } else {
      const { pdf } = answer.result;
      p.resolve({ ...answer.result, pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
    }
    // Idle, the worker does not keep the process alive.
    if (pending.size === 0) w.unref();
  });
  w.on('error', (e) => {
    if (worker === w) failAll(new Error(`printable: the drawing worker failed: ${e.message}`));
  });
  w.on('exit', (code) => {
    if (worker === w) failAll(new Error(`printable: the drawing worker exited (${code})`));
  });
  worker = w;
  return w;
}

/** A form drawn from its layout and the records read, off the event loop. */
export function drawForm(layout: Layout, input: PrintInput): Promise<RenderResult> {
  const w = started();
  const id = nextId++;
  return new Promise<RenderResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, layout, input } satisfies DrawRequest);
  });
}
