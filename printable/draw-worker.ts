/**
 * The worker thread that draws printable forms for the server (server/printable/drawing.ts):
 * pdfmake's measuring and drawing run here, so a form being drawn holds no request of the server's
 * event loop. Bundled beside the server as dist/server/draw-worker.cjs (scripts/build-server.ts).
 */
import { parentPort } from 'node:worker_threads';
import { LayoutError } from './expressions.ts';
import type { Layout, PrintInput } from './layout.ts';
import { renderLayout, type RenderResult } from './render.ts';

export interface DrawRequest {
  id: number;
  layout: Layout;
  input: PrintInput;
}

export type DrawAnswer =
  { id: number; result: RenderResult } | { id: number; error: { message: string; layout: boolean } };

const port = parentPort;
if (!port) throw new Error('printable: draw-worker runs as a worker thread');
port.on('message', (request: DrawRequest) => {
  renderLayout(request.layout, request.input).then(
    (result) => port.postMessage({ id: request.id, result } satisfies DrawAnswer),
    (e: unknown) =>
      port.postMessage({
        id: request.id,
        error: { message: e instanceof Error ? e.message : String(e), layout: e instanceof LayoutError },
      } satisfies DrawAnswer),
  );
});
