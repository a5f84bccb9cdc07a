/**
 * Work written as steps (a generator that yields between bounded pieces), run at once or a few
 * milliseconds at a time with the event loop free in between: a request's find over a large
 * company must not hold every other request.
 */

/**
 * The longest a sliced run holds the event loop before letting others run. Small against the
 * 50 ms no request may hold it (docs/input-limits.md), large against the cost of one turn.
 */
export const SLICE_MS = 8;

/** Runs a generator of steps to its end at once. */
export function run<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/** Runs a generator of steps to its end, yielding to the event loop every `sliceMs`. */
export async function runInSlices<T>(steps: Generator<void, T>, sliceMs = SLICE_MS): Promise<T> {
  let start = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - start >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      start = performance.now();
    }
  }
}
