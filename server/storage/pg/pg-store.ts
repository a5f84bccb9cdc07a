/**
 * The storage interface over PostgreSQL (selected by DATABASE_URL). One commit is one transaction:
 * every row it reads is locked (`FOR UPDATE`) before its version is checked, so two processes
 * writing one version cannot both win, and a commit's records, audit entry, uniqueness claims and
 * index entries appear together or not at all. Finds are SQL over jsonb (./sql-query.ts).
 *
 * Tenancy is in every statement (`org = $n`) and, a second time, in row-level security: each
 * transaction names the organizations it may see (`dform.orgs`) and connections take the
 * `dform_app` role, which cannot bypass the policy.
 *
 * `generation` stays synchronous: a counter per collection, moved by this process's commits and by
 * the NOTIFY every commit sends to the other processes.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { checkName, normalizeRecord } from '../record-shape.ts';
import {
  ORGANIZATIONS,
  PRINCIPAL_SOURCES,
  PRINCIPAL_STAMPS,
  StorageUnavailableError,
  VersionConflictError,
} from '../types.ts';
import type {
  FindOf,
  FindQuery,
  FindResult,
  ManyAndFound,
  RecordRef,
  Storage,
  StoredRecord,
  WriteOp,
} from '../types.ts';
import { deepFreeze } from '../values.ts';
import { migrate } from './migrate.ts';
import { countSql, findSql, getManyAndFindSql, getManySql } from './sql-query.ts';

export const CHANGES_CHANNEL = 'dform_changes';
/** Arbitrary, fixed, not the migrations' (./migrate.ts): the advisory lock of `alone`. */
const START_LOCK = 4_207_751;

export interface PgStoreOptions {
  /** Connections in the pool; default 10. */
  poolSize?: number;
  log?: (msg: string) => void;
}

interface Row {
  key: string;
  org: string;
  doc: Record<string, unknown>;
  meta: StoredRecord['meta'];
  total?: string;
}

/** SQLSTATEs after which a whole transaction is safely tried again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;
/** Find statements one connection keeps prepared (see PgStore.prepared). */
const MAX_PREPARED = 200;
/** Reads of up to this many records at once are prepared statements (one per count). */
const MAX_NAMED_MANY = 8;

export class PgStore implements Storage {
  private readonly generations = new Map<string, number>();
  /**
   * Moves whenever this process may have missed other processes' notifications, which moves every
   * collection's generation: at each call while it does not listen, and once when it listens again.
   */
  private unheard = 0;
  private listening = false;
  private url = '';
  private relisten: NodeJS.Timeout | undefined;
  /** The finds each pooled connection has prepared (`prepared`). */
  private readonly preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
  /** The organization each pooled connection's session is set to see (`statement`). */
  private readonly sessionOrgs = new WeakMap<pg.PoolClient, string>();
  private listener: pg.Client | undefined;
  private closed = false;

  private constructor(
    readonly pool: pg.Pool,
    private readonly log: (msg: string) => void,
  ) {}

  static async open(url: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const log = options.log ?? ((msg: string) => console.warn(msg));
    await migrate(url, log);
    // Asked on a connection of its own: every connection of the pool, its first included, takes the
    // role as it starts (a startup option), before its first statement; a connection that cannot
    // take it fails instead of running as the connecting user.
    const appRole = await hasAppRole(url);
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      ...(appRole ? { options: '-c role=dform_app' } : {}),
    });
    // An idle connection that breaks is replaced on the next checkout; it must not end the process.
    pool.on('error', (err) => log(`storage: idle PostgreSQL connection failed: ${err.message}`));
    const store = new PgStore(pool, log);
    await store.listen(url);
    return store;
  }

  generation(collection: string): number {
    // Both parts only grow, so their sum differs from every value answered before either moved.
    if (!this.listening) this.unheard++;
    return this.unheard + (this.generations.get(collection) ?? 0);
  }

  async get(collection: string, org: string, key: string): Promise<StoredRecord | undefined> {
    // One statement is its own snapshot: no transaction around it.
    const rows = await this.statement(org, (client) =>
      client.query<Row>({
        // Named: planned once per connection. The table has many indexes (list-indexes.ts), and
        // planning looks at each of them; a read by key should not pay that every time.
        name: 'dform_get',
        text: 'SELECT key, org, doc, meta FROM dform_records WHERE collection = $1 AND org = $2 AND key = $3',
        values: [collection, org, key],
      }),
    );
    return rows.rows.length === 0 ? undefined : toRecord(collection, rows.rows[0]);
  }

  async getMany(org: string, refs: readonly RecordRef[]): Promise<(StoredRecord | undefined)[]> {
    if (refs.length === 0) return [];
    const rows = await this.statement(org, (client) =>
      client.query<Row & { i: number }>({
        ...(refs.length <= MAX_NAMED_MANY ? { name: `dform_get_many_${refs.length}` } : {}),
        text: getManySql(refs.length),
        values: [org, ...refs.flatMap((ref) => [ref.collection, ref.key])],
      }),
    );
    return recordsInPlace(refs, new Map(rows.rows.map((row) => [row.i, row])));
  }

  async getManyAndFind(org: string, refs: readonly RecordRef[], find: FindOf): Promise<ManyAndFound> {
    const { collection, query } = find;
    if (refs.length === 0) return { records: [], found: await this.find(collection, org, query) };
    const withTotal = filtered(query);
    const sql = findSql(collection, org, query, withTotal);
    const rows = await this.statement(org, (client) =>
      client.query<Row & { i: number }>(
        this.prepared(client, {
          text: getManyAndFindSql(refs.length, sql, withTotal),
          values: [...sql.values, org, ...refs.flatMap((ref) => [ref.collection, ref.key])],
        }),
      ),
    );
    const probed = new Map<number, Row>();
    const page: Row[] = [];
    for (const row of rows.rows) {
      if (row.i >= 0) probed.set(row.i, row);
      else page[-row.i - 1] = row;
    }
    const records = recordsInPlace(refs, probed);
    const known = totalOf(page, query, withTotal);
    // A page that does not tell its total is read again with its count, as `find` does.
    const found =
      known === undefined
        ? await this.find(collection, org, query)
        : { items: page.map((row) => toRecord(collection, row)), total: known };
    return { records, found };
  }

  async find(collection: string, org: string, query: FindQuery): Promise<FindResult> {
    const withTotal = filtered(query);
    const sql = findSql(collection, org, query, withTotal);
    // The page alone is one statement; a page that does not tell its total is read again with the count,
    // both in one snapshot.
    const page = await this.statement(org, (client) => client.query<Row>(this.prepared(client, sql)));
    const known = totalOf(page.rows, query, withTotal);
    if (known !== undefined) return { items: page.rows.map((row) => toRecord(collection, row)), total: known };
    return this.transaction([org], 'REPEATABLE READ', async (client) => {
      const again = await client.query<Row>(this.prepared(client, sql));
      const counted = await client.query<{ total: string }>(this.prepared(client, countSql(collection, org, query)));
      return { items: again.rows.map((row) => toRecord(collection, row)), total: Number(counted.rows[0].total) };
    });
  }

  /** The database does the work of a find: nothing here holds the event loop, so slices are not needed. */
  findInSlices(collection: string, org: string, query: FindQuery): Promise<FindResult> {
    return this.find(collection, org, query);
  }

  async commit(ops: WriteOp[]): Promise<StoredRecord[]> {
    if (this.closed) throw new Error('storage: the store is closed');
    if (!Array.isArray(ops)) throw new Error('storage: commit needs an array of ops');
    const prepared = ops.map(prepareOp);
    // An organization's record moves that organization's stamp: the transaction sees it too.
    const stamped = prepared.flatMap((op) => {
      const collection = op.op === 'put' ? op.record.collection : op.collection;
      if (collection === ORGANIZATIONS) return [op.op === 'put' ? op.record.key : op.key];
      if (PRINCIPAL_SOURCES.has(collection)) return [op.op === 'put' ? op.record.org : op.org];
      return [];
    });
    const orgs = [...new Set([...prepared.map((op) => (op.op === 'put' ? op.record.org : op.org)), ...stamped])];
    if (prepared.length === 0) return [];
    const changed = new Set<string>();
    const out = await this.transaction(orgs, 'READ COMMITTED', async (client) => {
      changed.clear();
      const stored: StoredRecord[] = [];
      for (const op of prepared) {
        const collection = op.op === 'put' ? op.record.collection : op.collection;
        const key = op.op === 'put' ? op.record.key : op.key;
        if (op.op === 'put') {
          const { record } = op;
          let current = await lockRow(client, collection, key);
          if (current === undefined) {
            // Inserted unless another transaction holds the key; then that row is checked as ours would be.
            const inserted = await client.query({
              name: 'dform_insert',
              text: 'INSERT INTO dform_records (collection, key, org, doc, meta) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
              values: [collection, key, record.org, JSON.stringify(record.data), JSON.stringify(record.meta)],
            });
            if (inserted.rowCount === 1) {
              checkVersion(collection, key, op.expectVersion, 0);
              stored.push(record);
              changed.add(collection);
              continue;
            }
            current = await lockRow(client, collection, key);
            // Not visible under this transaction's organizations: the key is another organization's.
            if (current === undefined) throw otherOrganization(collection, key);
          }
          if (current.org !== record.org) throw otherOrganization(collection, key);
          checkVersion(collection, key, op.expectVersion, current.version);
          await client.query({
            name: 'dform_update',
            text: 'UPDATE dform_records SET doc = $3, meta = $4 WHERE collection = $1 AND key = $2',
            values: [collection, key, JSON.stringify(record.data), JSON.stringify(record.meta)],
          });
          stored.push(record);
          changed.add(collection);
        } else {
          // Locked as a write's row is: a concurrent write of it waits for this commit, or fails it.
          const current = await lockRow(client, collection, key);
          const visible = current !== undefined && current.org === op.org ? current : undefined;
          checkVersion(collection, key, op.expectVersion, visible?.version ?? 0);
          if (visible === undefined || op.op === 'check') continue;
          await client.query('DELETE FROM dform_records WHERE collection = $1 AND key = $2 AND org = $3', [
            collection,
            key,
            op.org,
          ]);
          changed.add(collection);
        }
      }
      // Organizations whose users, groups or own record this commit writes: their stamps move with it,
      // in one order for every commit, so that two commits moving the same two never wait on each other.
      for (const org of [...new Set(stamped)].sort()) await movePrincipalStamp(client, org);
      if (changed.size > 0) {
        await client.query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, JSON.stringify([...changed])]);
      }
      return stored;
    });
    for (const name of changed) this.bump(name);
    return out;
  }

  /** Under a session advisory lock on a connection of its own, held while `work` runs. */
  async alone<T>(work: () => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken = false;
    try {
      await client.query('SELECT pg_advisory_lock($1)', [START_LOCK]);
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK]).catch(() => {
          broken = true;
        });
      }
    } finally {
      // A connection whose unlock failed is dropped, and its lock with it.
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.relisten);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  /**
   * Runs `work` in one transaction that sees only `orgs`. Retried whole on a deadlock or a
   * serialization failure; a lost connection becomes StorageUnavailableError.
   */
  async transaction<T>(
    orgs: readonly string[],
    isolation: 'READ COMMITTED' | 'REPEATABLE READ',
    work: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const client = await this.connect();
      let broken = false;
      try {
        await client.query(`BEGIN ISOLATION LEVEL ${isolation}`);
        await client.query("SELECT set_config('dform.orgs', $1, true)", [orgs.join(',')]);
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        try {
          await client.query('ROLLBACK');
        } catch {
          broken = true;
        }
        const code = (err as { code?: unknown }).code;
        if (typeof code === 'string' && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) continue;
        if (err instanceof VersionConflictError || !isConnectionError(err)) throw err;
        throw unavailable(err);
      } finally {
        client.release(broken);
      }
    }
  }

  /** A pooled connection; none to be had is StorageUnavailableError. */
  private async connect(): Promise<pg.PoolClient> {
    try {
      return await this.pool.connect();
    } catch (err) {
      throw unavailable(err);
    }
  }

  /**
   * A find's statement, named so that each connection prepares it once: planning a statement on the
   * records' table looks at each of its indexes (about 2.4 ms with the list indexes, more than the
   * execution of a small find), and a prepared statement is planned again only while PostgreSQL
   * finds its custom plans cheaper than a generic one. The finds' shapes are the callers' (fields
   * and operators), so a connection prepares at most MAX_PREPARED of them; others are planned each time.
   */
  private prepared(client: pg.PoolClient, sql: { text: string; values: unknown[] }): pg.QueryConfig {
    let names = this.preparedOn.get(client);
    if (!names) this.preparedOn.set(client, (names = new Set()));
    const name = `dform_find_${createHash('sha256').update(sql.text).digest('base64url').slice(0, 32)}`;
    if (!names.has(name)) {
      if (names.size >= MAX_PREPARED) return { text: sql.text, values: sql.values };
      names.add(name);
    }
    return { name, text: sql.text, values: sql.values };
  }

  /**
   * Runs one statement outside a transaction on a connection that sees only `org`. The organization
   * is the connection's own setting, set only when it differs from the last one set on it: a read by
   * key is one round trip, not four (BEGIN, set, SELECT, COMMIT). A commit's `SET LOCAL` ends with its
   * transaction and leaves this setting as it was.
   */
  private async statement<T>(org: string, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('storage: the store is closed');
    const client = await this.connect();
    let broken = false;
    try {
      if (this.sessionOrgs.get(client) !== org) {
        this.sessionOrgs.delete(client);
        await client.query({
          name: 'dform_set_org',
          text: "SELECT set_config('dform.orgs', $1, false)",
          values: [org],
        });
        this.sessionOrgs.set(client, org);
      }
      return await work(client);
    } catch (err) {
      broken = isConnectionError(err);
      throw broken ? unavailable(err) : err;
    } finally {
      client.release(broken);
    }
  }

  private bump(collection: string): void {
    this.generations.set(collection, (this.generations.get(collection) ?? 0) + 1);
  }

  /**
   * Another process's commits move this process's generations (caches derived from records). When
   * the listening connection ends (a restart or failover of the database, a proxy's idle timeout),
   * no cache is trusted (`generation` moves at every call) until a new connection listens again,
   * tried after 1 s, then up to every 30 s. Before, the process never listened again and served
   * what it had cached of other processes' writes (a company's status, modules and name) for good.
   */
  private async listen(url: string): Promise<void> {
    this.url = url;
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      this.listening = false;
      if (this.listener === client) this.listener = undefined;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.log(
        `storage: change notifications lost, caches of other processes' writes are not used until they are heard again: ${reason}`,
      );
      this.listenAgain(1000);
    };
    client.on('error', (err) => onLost(err.message));
    client.on('end', () => onLost('the connection ended'));
    client.on('notification', (msg) => {
      if (msg.channel !== CHANGES_CHANNEL || msg.payload === undefined) return;
      try {
        for (const name of JSON.parse(msg.payload) as string[]) this.bump(name);
      } catch {
        // A payload this version cannot read changes nothing it caches.
      }
    });
    await client.connect();
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    if (lost) throw new Error('the connection ended while it started listening');
    this.listener = client;
    // What was cached before now (while not listening too) is not trusted: notifications of the gap are lost.
    this.unheard++;
    this.listening = true;
  }

  private listenAgain(delay: number): void {
    clearTimeout(this.relisten);
    this.relisten = setTimeout(() => {
      if (this.closed) return;
      this.listen(this.url).then(
        () => this.log('storage: change notifications heard again'),
        (err: Error) => {
          this.log(`storage: listening for change notifications failed, tried again: ${err.message}`);
          this.listenAgain(Math.min(delay * 2, 30_000));
        },
      );
    }, delay);
    this.relisten.unref();
  }
}

type PreparedOp =
  | { op: 'put'; record: StoredRecord; expectVersion?: number }
  | { op: 'delete' | 'check'; collection: string; org: string; key: string; expectVersion?: number };

/** Checked and normalized before the transaction starts, as the embedded store's `prepare` does. */
function prepareOp(op: WriteOp): PreparedOp {
  if (op.op === 'put') return { op: 'put', record: normalizeRecord(op.record), expectVersion: op.expectVersion };
  if (op.op === 'delete' || op.op === 'check') {
    checkName(op.collection);
    if (typeof op.org !== 'string' || typeof op.key !== 'string')
      throw new Error(`storage: ${op.op} needs org and key`);
    return { ...op };
  }
  throw new Error(`storage: unknown op ${String((op as { op: unknown }).op)}`);
}

async function lockRow(
  client: pg.PoolClient,
  collection: string,
  key: string,
): Promise<{ org: string; version: number } | undefined> {
  const found = await client.query<{ org: string; version: number }>({
    name: 'dform_lock_row',
    text: "SELECT org, (meta->>'version')::int AS version FROM dform_records WHERE collection = $1 AND key = $2 FOR UPDATE",
    values: [collection, key],
  });
  return found.rows[0];
}

/**
 * Moves the organization's principal stamp (../types.ts, PRINCIPAL_STAMPS) by one (the first at
 * version 1), in the commit's transaction: a reader sees the stamp moved exactly when it sees the
 * users, groups and organization records the commit wrote.
 */
async function movePrincipalStamp(client: pg.PoolClient, org: string): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await client.query({
    name: 'dform_principal_stamp',
    text: `INSERT INTO dform_records (collection, key, org, doc, meta)
      VALUES ($1, $2, $2, '{}', json_build_object('created_by', 'system', 'created_time', $3::bigint,
        'updated_by', 'system', 'updated_time', $3::bigint, 'version', 1))
      ON CONFLICT (collection, key) DO UPDATE SET meta = json_build_object(
        'created_by', 'system', 'created_time', (dform_records.meta->>'created_time')::bigint,
        'updated_by', 'system', 'updated_time', $3::bigint,
        'version', (dform_records.meta->>'version')::int + 1)`,
    values: [PRINCIPAL_STAMPS, org, now],
  });
}

function checkVersion(collection: string, key: string, expected: number | undefined, actual: number): void {
  if (expected !== undefined && expected !== actual) throw new VersionConflictError(collection, key, expected, actual);
}

function otherOrganization(collection: string, key: string): Error {
  return new Error(`storage: ${collection}/${key} belongs to another organization`);
}

/**
 * Whether a find filters the company's records: its page then carries a window count. A find that
 * does not reads its page through a list's sort index and counts apart (sql-query.ts, findSql).
 */
function filtered(query: FindQuery): boolean {
  return query.criteria.length > 0 || query.anyOf !== undefined;
}

/** The total a find's page tells by itself, or undefined when it must be counted. */
function totalOf(rows: Row[], query: FindQuery, withTotal: boolean): number | undefined {
  if (withTotal && rows.length > 0) return Number(rows[0].total);
  // A page that is not full and not past the end tells the total.
  if (rows.length < query.limit && (rows.length > 0 || query.offset === 0)) return query.offset + rows.length;
  return undefined;
}

/** The records of `refs` from the rows of their probes, by place (`i`): undefined where none was found. */
function recordsInPlace(refs: readonly RecordRef[], rows: Map<number, Row>): (StoredRecord | undefined)[] {
  return refs.map((ref, i) => {
    const row = rows.get(i);
    return row && toRecord(ref.collection, row);
  });
}

function toRecord(collection: string, row: Row): StoredRecord {
  return deepFreeze({ collection, org: row.org, key: row.key, data: row.doc, meta: row.meta });
}

async function hasAppRole(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const found = await client.query<{ ok: boolean }>(
      "SELECT pg_has_role(current_user, 'dform_app', 'MEMBER') AS ok FROM pg_roles WHERE rolname = 'dform_app'",
    );
    return found.rows[0]?.ok === true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Errors of the connection or the server's state, not of the statement: the commit did not happen. */
function isConnectionError(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string') return err instanceof Error && /connect|terminat|Connection/i.test(err.message);
  return /^(08|53|57|58)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code);
}

function unavailable(err: unknown): StorageUnavailableError {
  const code = (err as { code?: unknown }).code;
  return new StorageUnavailableError(
    `storage: PostgreSQL did not take the commit: ${err instanceof Error ? err.message : String(err)}`,
    typeof code === 'string' ? code : undefined,
  );
}
