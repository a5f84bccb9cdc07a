/**
 * The worker thread that draws printable forms and pay statements for the server (server/printable/drawing.ts):
 * pdfmake's measuring and drawing run here, so a form being drawn holds no request of the server's
 * event loop. Bundled beside the server as dist/server/draw-worker.cjs (scripts/build-server.ts).
 */
import { parentPort } from 'node:worker_threads';
import { LayoutError } from './expressions.ts';
import type { Layout, PrintInput } from './layout.ts';
import type { PayStatementInput } from './pay-statement.ts';
import { renderLayout, renderPayStatement, type RenderResult } from './render.ts';

/** A form over its layout, or a pay statement (a document of its own, not a layout). */
export type DrawRequest =
  { id: number; layout: Layout; input: PrintInput } | { id: number; statement: PayStatementInput };

export type DrawAnswer =
  { id: number; result: RenderResult } | { id: number; error: { message: string; layout: boolean } };

const port = parentPort;
if (!port) throw new Error('printable: draw-worker runs as a worker thread');

const draw = (request: DrawRequest): Promise<RenderResult> =>
  'statement' in request ? renderPayStatement(request.statement) : renderLayout(request.layout, request.input);

// One form at a time, in the order they came: a form's expressions wait for one another, and the
// server knows which form the worker is on (the oldest it owes) when one takes too long.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: DrawRequest) => {
  queue = queue.then(() =>
    draw(request).then(
      (result) => port.postMessage({ id: request.id, result } satisfies DrawAnswer),
      (e: unknown) =>
        port.postMessage({
          id: request.id,
          error: { message: e instanceof Error ? e.message : String(e), layout: e instanceof LayoutError },
        } satisfies DrawAnswer),
    ),
  );
});
