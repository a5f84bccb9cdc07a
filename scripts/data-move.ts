/**
 * `npm run data:export -- <folder>` and `npm run data:import -- <folder>` (docs/postgresql.md,
 * "Moving data"). The store is the one the server would use with the same environment: PostgreSQL
 * when DATABASE_URL is set, else the embedded store in DATA_DIR (default ./data). The keys are the
 * server's too (DFORM_DATA_KEY, DFORM_LOOKUP_KEY, DFORM_TOKEN_KEY, else DATA_DIR/secrets); none is
 * ever made here.
 *
 *   --batch=N   records a batch (default 1000): what the move holds in memory and, on import, commits at once
 */
import { configFromEnv } from '../server/config.ts';
import { loadKeys } from '../server/crypto/secrets.ts';
import { DEFAULT_BATCH, exportData, importData } from '../server/data-move/move.ts';
import { EmbeddedMoveStore, PostgresMoveStore, type MoveStore } from '../server/data-move/stores.ts';

const USAGE = 'usage: npm run data:export -- <folder> | npm run data:import -- <folder> [--batch=N]';

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const dir = rest.find((a) => !a.startsWith('--'));
  const batchArg = rest.find((a) => a.startsWith('--batch='));
  const batch = batchArg ? Number(batchArg.slice('--batch='.length)) : DEFAULT_BATCH;
  if ((command !== 'export' && command !== 'import') || !dir || !Number.isInteger(batch) || batch < 1) {
    throw new Error(USAGE);
  }
  const config = configFromEnv();
  const keys = await loadKeys(
    config.dataDir,
    { dataKey: config.dataKey, lookupKey: config.lookupKey, tokenKey: config.tokenKey },
    false,
  );
  const store: MoveStore = config.databaseUrl
    ? await PostgresMoveStore.open(config.databaseUrl, command === 'import')
    : await EmbeddedMoveStore.open(config.dataDir);
  const log = (msg: string) => process.stdout.write(msg + '\n');
  const started = performance.now();
  try {
    if (command === 'export') {
      const manifest = await exportData({ store, keys, dir, batch, log });
      log(
        `data:export: ${manifest.records} records of ${manifest.collections.length} collections from the ` +
          `${store.kind} store into ${dir} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } else {
      const result = await importData({ store, keys, dir, batch, log });
      log(
        `data:import: ${result.manifest.records} records of ${result.manifest.collections.length} collections ` +
          `in the ${store.kind} store, counts and digests match the export` +
          (result.resumedAt > 0 ? ` (resumed after ${result.resumedAt})` : '') +
          ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } finally {
    await store.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    // One line a person can act on; no stack trace.
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
