/**
 * A stop that loses no request: the server takes no new connection, lets every request it has
 * accepted finish (a find, a create, an upload still arriving), closing each kept-alive connection
 * once it is idle, and only then lets the store close. Before, SIGTERM closed the store under
 * requests in flight: they were reset, or answered 500 "the store is closed" on PostgreSQL, in
 * every rolling deploy. A request still running after `graceMs` (a client sending its body very
 * slowly) is cut, so a stop always ends.
 */
import type { Server } from 'node:http';

export function drain(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearInterval(idle);
      clearTimeout(deadline);
      resolve();
    };
    server.close(() => finish());
    // A connection kept alive after its answer would hold the close: each is closed once idle.
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const deadline = setTimeout(() => {
      server.closeAllConnections();
      finish();
    }, graceMs);
  });
}
