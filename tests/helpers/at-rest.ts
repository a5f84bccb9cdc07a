/**
 * Everything a server keeps at rest, as one text to search (for a value that must not be there in
 * clear): every file of the embedded store under DATA_DIR/db, or every row of every table of its
 * PostgreSQL database.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestServer } from './server.ts';

export async function textAtRest(server: Pick<TestServer, 'dataDir' | 'databaseUrl'>): Promise<string> {
  return server.databaseUrl ? databaseText(server.databaseUrl) : storeFilesText(server.dataDir);
}

async function storeFilesText(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'db');
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const texts = await Promise.all(files.map((f) => readFile(path.join(f.parentPath, f.name), 'latin1')));
  return texts.join('\n');
}

/** Each row as PostgreSQL spells it (`(a,b,...)`), read as the cluster's superuser, past row-level security. */
async function databaseText(url: string): Promise<string> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const tables = await db.query<{ name: string }>(
      "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    const texts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await db.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
      texts.push(...rows.rows.map((r) => r.row));
    }
    return texts.join('\n');
  } finally {
    await db.end();
  }
}

/**
 * The stored text of the latest write of a record (by its key) that includes `marker`: the last such
 * line of the embedded store's journal, or the record's row in PostgreSQL.
 */
export async function lastStoredWrite(
  server: Pick<TestServer, 'dataDir' | 'databaseUrl'>,
  key: string,
  marker: string,
): Promise<string | undefined> {
  if (!server.databaseUrl) {
    const journal = await readFile(path.join(server.dataDir, 'db', 'journal.jsonl'), 'utf8');
    return journal.split('\n').findLast((l) => l.includes(key) && l.includes(marker));
  }
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const rows = await db.query<{ doc: string }>('SELECT doc::text AS doc FROM dform_records WHERE key = $1', [key]);
    return rows.rows.map((r) => r.doc).find((doc) => doc.includes(marker));
  } finally {
    await db.end();
  }
}
