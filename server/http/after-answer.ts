/**
 * Work a route hands over so that its answer does not wait for it, nor show how long it took
 * (forgot_password answers alike for an account that exists and one that does not, then looks it
 * up, makes its key and sends the message). Jobs run one at a time, in order, once the current
 * answer has gone; a job's error is logged, never answered. The queue is bounded: past `limit`
 * waiting jobs a new one is dropped (and logged), so a flood cannot grow memory.
 *
 * In the server's memory: a job still waiting when the process stops is not run.
 */
export interface AfterAnswer {
  /** Queues `job`; false when the queue was full and the job was dropped. */
  push(name: string, job: () => Promise<void> | void): boolean;
  /** Resolves once every job queued so far has run. */
  idle(): Promise<void>;
  /** Jobs waiting or running. */
  readonly size: number;
}

export function afterAnswerQueue({
  limit = 1_000,
  log,
}: {
  limit?: number;
  log: (level: 'warn' | 'error', message: string, detail?: Record<string, unknown>) => void;
}): AfterAnswer {
  const jobs: { name: string; job: () => Promise<void> | void }[] = [];
  let running = false;
  let waiters: (() => void)[] = [];

  const drain = async () => {
    for (let next = jobs[0]; next; next = jobs[0]) {
      try {
        await next.job();
      } catch (e) {
        log('error', `${next.name}: the work after the answer failed`, {
          error: e instanceof Error ? e.message : String(e),
        });
      }
      jobs.shift();
    }
    running = false;
    const done = waiters;
    waiters = [];
    for (const w of done) w();
  };

  return {
    push(name, job) {
      if (jobs.length >= limit) {
        log('warn', `${name}: ${limit} jobs wait already; this one is dropped`);
        return false;
      }
      jobs.push({ name, job });
      if (!running) {
        running = true;
        // setImmediate: after the answer in hand has been written.
        setImmediate(() => void drain());
      }
      return true;
    },
    idle: () => (jobs.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    get size() {
      return jobs.length;
    },
  };
}
