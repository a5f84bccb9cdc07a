/**
 * Printable forms drawn in a worker thread (printable/draw-worker.ts), started on the first form and
 * kept: drawing an I-9 takes 50-100 ms of CPU, which on the server's event loop every other request
 * of every company waited for (docs/input-limits.md, "Printable forms"). The worker draws one form
 * at a time, in order. A form still drawing after `stalledMs` is stopped: the worker is ended, that
 * form fails (FormTooSlow: 422 to its caller), and the forms queued behind it are drawn by a new
 * worker. Before, they failed with it, after a minute, and so one employee's form held every
 * company's. A worker that fails or exits fails the forms it held (a 500 to each); the next form
 * starts a new one.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LayoutError } from '../../printable/expressions.ts';
import type { Layout, PrintInput } from '../../printable/layout.ts';
import type { RenderResult } from '../../printable/render.ts';
import type { PayStatementInput } from '../../printable/pay-statement.ts';
import type { DrawAnswer, DrawRequest } from '../../printable/draw-worker.ts';

const WORKER_FILE = 'draw-worker.cjs';

/** A form takes well under a second (an I-9, 50-100 ms of CPU): one drawing this long is held by its values. */
const STALLED_MS = 20_000;

/** A form the worker was still drawing when its time was up. */
export class FormTooSlow extends Error {
  constructor(ms: number) {
    super(`This form took more than ${Math.round(ms / 1000)} s to draw and was stopped.`);
    this.name = 'FormTooSlow';
  }
}

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
  request: DrawRequest;
  resolve: (r: RenderResult) => void;
  reject: (e: Error) => void;
}

export class Drawer {
  private worker: Worker | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** When the worker last answered, or was last sent a form while it owed none. */
  private lastHeard = 0;

  constructor(public stalledMs = STALLED_MS) {}

  /** A form drawn from its layout and the records read, off the event loop. */
  draw(layout: Layout, input: PrintInput): Promise<RenderResult> {
    return this.send((id) => ({ id, layout, input }));
  }

  /** A pay statement drawn off the event loop. */
  drawStatement(statement: PayStatementInput): Promise<RenderResult> {
    return this.send((id) => ({ id, statement }));
  }

  private send(request: (id: number) => DrawRequest): Promise<RenderResult> {
    const w = this.started();
    const id = this.nextId++;
    if (this.pending.size === 0) this.lastHeard = Date.now();
    return new Promise<RenderResult>((resolve, reject) => {
      const message = request(id);
      this.pending.set(id, { request: message, resolve, reject });
      w.ref();
      w.postMessage(message);
    });
  }

  /** Stops the worker; forms still waiting fail. */
  async close(): Promise<void> {
    const w = this.worker;
    this.stopped(new Error('printable: the drawing worker was closed'));
    await w?.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(workerFile());
    w.on('message', (answer: DrawAnswer) => this.answered(w, answer));
    w.on('error', (e) => {
      if (this.worker === w) this.stopped(new Error(`printable: the drawing worker failed: ${e.message}`));
    });
    w.on('exit', (code) => {
      if (this.worker === w) this.stopped(new Error(`printable: the drawing worker exited (${code})`));
    });
    this.worker = w;
    this.watchdog = setInterval(() => this.check(w), Math.max(1, this.stalledMs / 4));
    this.watchdog.unref();
    return w;
  }

  private answered(w: Worker, answer: DrawAnswer): void {
    const p = this.pending.get(answer.id);
    if (this.worker !== w || !p) return;
    this.lastHeard = Date.now();
    this.pending.delete(answer.id);
    if ('error' in answer) {
      p.reject(answer.error.layout ? new LayoutError(answer.error.message) : new Error(answer.error.message));
    } else {
      const { pdf } = answer.result;
      p.resolve({ ...answer.result, pdf: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) });
    }
    // Idle, the worker does not keep the process alive.
    if (this.pending.size === 0) w.unref();
  }

  private check(w: Worker): void {
    if (this.worker !== w || this.pending.size === 0 || Date.now() - this.lastHeard <= this.stalledMs) return;
    // The worker draws in order: the form it is stuck on is the oldest it owes.
    const [stuck] = this.pending.keys();
    const p = this.pending.get(stuck)!;
    this.pending.delete(stuck);
    const queued = [...this.pending.values()];
    this.pending.clear();
    clearInterval(this.watchdog);
    this.worker = undefined;
    void w.terminate();
    p.reject(new FormTooSlow(this.stalledMs));
    if (!queued.length) return;
    const next = this.started();
    this.lastHeard = Date.now();
    for (const q of queued) {
      this.pending.set(q.request.id, q);
      next.ref();
      next.postMessage(q.request);
    }
  }

  private stopped(reason: Error): void {
    clearInterval(this.watchdog);
    this.worker = undefined;
    const failed = [...this.pending.values()];
    this.pending.clear();
    for (const p of failed) p.reject(reason);
  }
}

const drawer = new Drawer();

/** A form drawn by the server's drawing worker. */
export function drawForm(layout: Layout, input: PrintInput): Promise<RenderResult> {
  return drawer.draw(layout, input);
}

/** A pay statement drawn by the server's drawing worker. */
export function drawPayStatement(statement: PayStatementInput): Promise<RenderResult> {
  return drawer.drawStatement(statement);
}
