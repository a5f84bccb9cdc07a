/**
 * A job the server runs on its own: at start, then every `everySeconds` (0: at start only), one run
 * at a time. A run that answers `more` (work left for a next turn) is followed by another a second
 * later; what it answers as `note` is logged. Stopped, the run under way ends before the store closes.
 */
import type { Services } from './services.ts';

export interface PeriodicRun {
  more?: boolean;
  note?: string;
}

export function startPeriodic(
  s: Services,
  name: string,
  everySeconds: number,
  job: () => Promise<PeriodicRun>,
): { stop(): Promise<void>; first: Promise<void> } {
  let running: Promise<void> | undefined;
  let soon: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const run = (): Promise<void> => {
    if (running) return running;
    running = job()
      .then(
        (r) => {
          if (r.note) s.log('info', `${name}: ${r.note}`);
          if (r.more && !stopped) {
            soon = setTimeout(() => void run(), 1000);
            soon.unref();
          }
        },
        (e: unknown) => s.log('warn', `${name}: run failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => (running = undefined));
    return running;
  };
  const timer = everySeconds > 0 ? setInterval(() => void run(), everySeconds * 1000) : undefined;
  timer?.unref();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running;
    },
    first: run(),
  };
}
