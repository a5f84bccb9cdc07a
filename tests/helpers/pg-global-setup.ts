/**
 * The api-pg project's global setup (vitest.config.ts): one embedded PostgreSQL cluster for the
 * whole run (tests/helpers/postgres.ts), its admin URL handed to the project's test files
 * (tests/helpers/pg-setup.ts), stopped when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { startCluster } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const cluster = await startCluster();
  process.stdout.write(`PostgreSQL cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  project.provide('pgAdminUrl', cluster.adminUrl);
  return () => cluster.stop();
}
