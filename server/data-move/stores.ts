/**
 * The two stores as data:export reads them and data:import writes them: every record of every
 * organization, a batch at a time, plus the import's position (bundle.ts, PROGRESS) written in the
 * same commit as each batch.
 *
 * The embedded store is opened as the server opens it (its lock keeps a running server out); its
 * records are in memory by design, so "a batch at a time" bounds only what the move adds. On
 * PostgreSQL nothing holds more than a batch: an export reads through a cursor in one
 * REPEATABLE READ snapshot (consistent while servers keep writing), an import inserts a batch per
 * transaction. Both need a role that bypasses row-level security, as pg_dump does: `row_security`
 * is turned off, so a role the policy applies to gets an error, never a partial copy.
 */
import path from 'node:path';
import pg from 'pg';
import { JournalStore } from '../storage/journal-store.ts';
import { migrate } from '../storage/pg/migrate.ts';
import { CHANGES_CHANNEL } from '../storage/pg/pg-store.ts';
import type { StoredRecord } from '../storage/types.ts';
import { PROGRESS } from './bundle.ts';

/** How far an import got: records `done` of the manifest's collection number `collection`. */
export interface Progress {
  /** The manifest's mac: which export this position belongs to. */
  bundle: string;
  collection: number;
  done: number;
}

export interface MoveStore {
  readonly kind: 'embedded' | 'postgres';
  /** Collections holding records (the import's position excluded), by name. */
  collections(): Promise<string[]>;
  /** Starts the view the following reads share (one snapshot on PostgreSQL). */
  beginRead(): Promise<void>;
  endRead(): Promise<void>;
  /** A collection's records in insertion order, `size` at a time. */
  batches(collection: string, size: number): AsyncGenerator<StoredRecord[]>;
  progress(): Promise<Progress | undefined>;
  /** Adds records (in order, after those already there) and the new position, in one commit. */
  write(records: StoredRecord[], progress: Progress): Promise<void>;
  /** The import is checked: its position is removed. */
  finish(collections: string[]): Promise<void>;
  close(): Promise<void>;
}

function progressRecord(progress: Progress, version: number): StoredRecord {
  return {
    ...PROGRESS,
    data: { ...progress },
    meta: {
      created_by: 'data:import',
      created_time: 0,
      updated_by: 'data:import',
      updated_time: Math.floor(Date.now() / 1000),
      version,
    },
  };
}

function asProgress(data: unknown): Progress {
  const p = data as Progress;
  if (typeof p?.bundle !== 'string' || !Number.isInteger(p.collection) || !Number.isInteger(p.done)) {
    throw new Error(`data:import: the target's ${PROGRESS.collection} record is not an import position`);
  }
  return { bundle: p.bundle, collection: p.collection, done: p.done };
}

export class EmbeddedMoveStore implements MoveStore {
  readonly kind = 'embedded';
  private version = 0;

  private constructor(private readonly store: JournalStore) {}

  /** The store in `DATA_DIR/db`, as the server keeps it. */
  static async open(dataDir: string): Promise<EmbeddedMoveStore> {
    const store = await JournalStore.open(path.join(dataDir, 'db'), { log: (msg) => console.error(msg) });
    return new EmbeddedMoveStore(store);
  }

  async collections(): Promise<string[]> {
    return this.store.collectionNames().filter((name) => name !== PROGRESS.collection);
  }

  async beginRead(): Promise<void> {}
  async endRead(): Promise<void> {}

  async *batches(collection: string, size: number): AsyncGenerator<StoredRecord[]> {
    let batch: StoredRecord[] = [];
    for (const record of this.store.scan(collection)) {
      batch.push(record);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  async progress(): Promise<Progress | undefined> {
    const found = await this.store.get(PROGRESS.collection, PROGRESS.org, PROGRESS.key);
    this.version = found?.meta.version ?? 0;
    return found === undefined ? undefined : asProgress(found.data);
  }

  async write(records: StoredRecord[], progress: Progress): Promise<void> {
    await this.store.commit([
      ...records.map((record) => ({ op: 'put' as const, record })),
      { op: 'put', record: progressRecord(progress, ++this.version) },
    ]);
  }

  async finish(): Promise<void> {
    await this.store.commit([{ op: 'delete', ...PROGRESS }]);
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

interface RecordRow {
  org: string;
  key: string;
  doc: StoredRecord['data'];
  meta: StoredRecord['meta'];
}

export class PostgresMoveStore implements MoveStore {
  readonly kind = 'postgres';

  private constructor(private readonly client: pg.Client) {}

  /** `forImport`: the migrations are applied first (as the server would at start). */
  static async open(url: string, forImport: boolean): Promise<PostgresMoveStore> {
    if (forImport) await migrate(url);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('SET row_security = off');
      await client.query('SELECT 1 FROM dform_records LIMIT 1');
    } catch (err) {
      await client.end().catch(() => undefined);
      const message = (err as Error).message;
      if (/row-level security/i.test(message)) {
        throw new Error(
          'data:export and data:import read and write every organization: connect as a superuser or a role ' +
            `WITH BYPASSRLS, as pg_dump needs (${message})`,
        );
      }
      if ((err as { code?: string }).code === '42P01') {
        throw new Error('DATABASE_URL names a database that holds no dform data (run npm run db:migrate first?)');
      }
      throw err;
    }
    return new PostgresMoveStore(client);
  }

  async collections(): Promise<string[]> {
    const rows = await this.client.query<{ collection: string }>(
      'SELECT DISTINCT collection FROM dform_records WHERE collection <> $1',
      [PROGRESS.collection],
    );
    return rows.rows.map((r) => r.collection).sort();
  }

  async beginRead(): Promise<void> {
    await this.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  }

  async endRead(): Promise<void> {
    await this.client.query('COMMIT');
  }

  async *batches(collection: string, size: number): AsyncGenerator<StoredRecord[]> {
    // A cursor: the server keeps the rest of the answer, the client holds one batch.
    await this.client.query(
      `DECLARE dform_move NO SCROLL CURSOR FOR SELECT org, key, doc, meta FROM dform_records ` +
        `WHERE collection = ${this.client.escapeLiteral(collection)} ORDER BY ord`,
    );
    try {
      for (;;) {
        const rows = await this.client.query<RecordRow>(`FETCH FORWARD ${Math.floor(size)} FROM dform_move`);
        if (rows.rows.length === 0) break;
        yield rows.rows.map((r) => ({ collection, org: r.org, key: r.key, data: r.doc, meta: r.meta }));
      }
    } finally {
      await this.client.query('CLOSE dform_move');
    }
  }

  async progress(): Promise<Progress | undefined> {
    const rows = await this.client.query<{ doc: unknown }>(
      'SELECT doc FROM dform_records WHERE collection = $1 AND key = $2',
      [PROGRESS.collection, PROGRESS.key],
    );
    return rows.rows.length === 0 ? undefined : asProgress(rows.rows[0].doc);
  }

  async write(records: StoredRecord[], progress: Progress): Promise<void> {
    const columns: string[][] = [[], [], [], [], []];
    for (const r of records) {
      columns[0].push(r.collection);
      columns[1].push(r.key);
      columns[2].push(r.org);
      columns[3].push(JSON.stringify(r.data));
      columns[4].push(JSON.stringify(r.meta));
    }
    const mark = progressRecord(progress, 1);
    await this.client.query('BEGIN');
    try {
      // One statement a batch; ord (insertion order) is drawn in the file's order.
      await this.client.query(
        `INSERT INTO dform_records (collection, key, org, doc, meta)
         SELECT c, k, o, d::json, m::json
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS u(c, k, o, d, m, n)
         ORDER BY n`,
        columns,
      );
      await this.client.query(
        `INSERT INTO dform_records (collection, key, org, doc, meta) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (collection, key) DO UPDATE SET doc = EXCLUDED.doc, meta = EXCLUDED.meta`,
        [mark.collection, mark.key, mark.org, JSON.stringify(mark.data), JSON.stringify(mark.meta)],
      );
      await this.client.query('COMMIT');
    } catch (err) {
      await this.client.query('ROLLBACK').catch(() => undefined);
      const first = records[0];
      throw new Error(
        `data:import: PostgreSQL refused a batch of ${first?.collection} from key ${first?.key}: ${(err as Error).message}`,
      );
    }
  }

  async finish(collections: string[]): Promise<void> {
    await this.client.query('DELETE FROM dform_records WHERE collection = $1 AND key = $2', [
      PROGRESS.collection,
      PROGRESS.key,
    ]);
    // The planner's statistics after a bulk load; servers already running drop their caches.
    await this.client.query('ANALYZE dform_records');
    await this.client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify(collections)]);
  }

  async close(): Promise<void> {
    await this.client.end();
  }
}
