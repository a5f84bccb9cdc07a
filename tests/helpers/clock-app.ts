/**
 * The app built in-process (as tests/helpers/in-process.ts does) with a clock the test moves and a
 * caller that names any organization: for time-bound behaviour a real process cannot be made to
 * show quickly (single-use keys expiring, sessions ending).
 */
import { rm } from 'node:fs/promises';
import { createApp } from '../../server/app.ts';
import { inProcessCaller, testServices } from './in-process.ts';
import { bootstrap } from '../../server/bootstrap.ts';

export interface ClockApp {
  rootOrg: string;
  /** Seconds added to the clock, which otherwise stands still at its start. */
  advance(seconds: number): void;
  outbox: { to: string; subject: string; text: string }[];
  call(
    method: string,
    p: string,
    o?: { org?: string; token?: string; body?: unknown },
  ): Promise<{ status: number; text: string; body: any }>;
  close(): Promise<void>;
}

export async function clockApp(): Promise<ClockApp> {
  let offset = 0;
  // The clock stands still but for advance(): a test that moves it to one second before an expiry
  // (a key's 59:59) must not be carried past it by the real seconds its requests take.
  const start = Math.floor(Date.now() / 1000);
  const { services, storage, transport, dataDir } = await testServices({
    now: () => start + offset,
    prefix: 'dform-clock-',
  });
  const boot = await bootstrap(services);
  const app = createApp(services);
  return {
    rootOrg: boot.orgId,
    advance: (seconds) => void (offset += seconds),
    outbox: transport.sent,
    call: inProcessCaller(app, boot.orgId),
    async close() {
      await storage.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
