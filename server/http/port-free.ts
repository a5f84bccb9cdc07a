/**
 * Whether the server's port can be listened on, asked before the start opens the store: a port
 * another process holds was found only at the end of the start, after a new store had been set up
 * and its generated admin password printed "once", and the start then died with a stack trace,
 * leaving the store's lock behind. Port 0 (any free port) is always free.
 */
import net from 'node:net';

export function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === 'EADDRINUSE'
            ? `port ${port} on ${host} is in use by another process: stop it, or set PORT to another port`
            : e.code === 'EACCES'
              ? `port ${port} on ${host} may not be listened on by this user: set PORT to one above 1023`
              : `port ${port} on ${host} cannot be listened on (${e.code ?? e.message})`,
        ),
      ),
    );
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
