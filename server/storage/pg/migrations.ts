/**
 * The PostgreSQL schema, as numbered migrations applied in order at start and by `npm run db:migrate`.
 * A migration is never edited once released: a change is a new entry. Each runs in its own
 * transaction together with its row in `dform_migrations`, under an advisory lock, so that several
 * processes starting at once apply each migration exactly once.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'records',
    sql: `
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      -- Every record of every collection. Keys are unique per collection (as on the embedded store);
      -- ord keeps insertion order, which an update does not change. doc and meta are the JSON text
      -- as written (a read answers the same bytes, key order included, as the embedded store);
      -- data is doc as jsonb, what queries and indexes use.
      CREATE SEQUENCE dform_record_ord;
      CREATE TABLE dform_records (
        collection text NOT NULL,
        key text NOT NULL,
        org text NOT NULL,
        ord bigint NOT NULL DEFAULT nextval('dform_record_ord'),
        doc json NOT NULL,
        meta json NOT NULL,
        data jsonb GENERATED ALWAYS AS (doc::jsonb) STORED,
        PRIMARY KEY (collection, key)
      );
      CREATE INDEX dform_records_by_org ON dform_records (collection, org, ord);
      CREATE INDEX dform_records_data ON dform_records USING gin (data jsonb_path_ops);

      -- Tenancy a second time: a statement sees only the organizations its transaction named.
      ALTER TABLE dform_records ENABLE ROW LEVEL SECURITY;
      ALTER TABLE dform_records FORCE ROW LEVEL SECURITY;
      CREATE POLICY dform_tenant ON dform_records
        USING (org = ANY (string_to_array(current_setting('dform.orgs', true), ',')))
        WITH CHECK (org = ANY (string_to_array(current_setting('dform.orgs', true), ',')));

      -- A role without the right to bypass row-level security, taken by every connection that may.
      DO $$ BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'dform_app') THEN
          CREATE ROLE dform_app NOLOGIN NOBYPASSRLS;
        END IF;
      EXCEPTION WHEN insufficient_privilege THEN NULL;
      END $$;
      DO $$ BEGIN
        GRANT SELECT, INSERT, UPDATE, DELETE ON dform_records TO dform_app;
        GRANT USAGE ON SEQUENCE dform_record_ord TO dform_app;
      EXCEPTION WHEN undefined_object OR insufficient_privilege THEN NULL;
      END $$;
    `,
  },
  {
    version: 2,
    name: 'shared throttles and download keys',
    sql: `
      -- State every process must share that is not a record of an organization: no row-level
      -- security (a budget of an address spans organizations); keys are keyed digests, not names.
      -- The sign-in throttle's budgets (server/auth/throttle.ts). pending_until: checks under way
      -- of a process that died stop holding the budget then. forgotten_at: when an idle budget
      -- remembers nothing and may be deleted.
      CREATE TABLE dform_throttle_budgets (
        key text PRIMARY KEY,
        kind text NOT NULL,
        count double precision NOT NULL,
        last double precision NOT NULL,
        until double precision NOT NULL,
        pending integer NOT NULL,
        pending_until double precision NOT NULL,
        forgotten_at double precision NOT NULL
      );
      CREATE INDEX dform_throttle_budgets_forgotten ON dform_throttle_budgets (forgotten_at);
      -- Devices known to an account after a sign-in, until when.
      CREATE TABLE dform_throttle_devices (key text PRIMARY KEY, until double precision NOT NULL);
      CREATE INDEX dform_throttle_devices_until ON dform_throttle_devices (until);
      -- Calls of the rate limit (retrieve_ssn, forgot_password), per name, in its sliding window.
      CREATE TABLE dform_rate_hits (key text NOT NULL, at double precision NOT NULL);
      CREATE INDEX dform_rate_hits_key ON dform_rate_hits (key, at);
      -- Download keys (server/printable/download-keys.ts): only a digest of each key.
      CREATE TABLE dform_download_keys (
        id text PRIMARY KEY,
        kind text NOT NULL,
        org text NOT NULL,
        usr text NOT NULL,
        grant_json json NOT NULL,
        expires double precision NOT NULL,
        issued bigserial
      );
      CREATE INDEX dform_download_keys_user ON dform_download_keys (kind, org, usr, issued);
      CREATE INDEX dform_download_keys_expires ON dform_download_keys (expires);
      DO $$ BEGIN
        GRANT SELECT, INSERT, UPDATE, DELETE
          ON dform_throttle_budgets, dform_throttle_devices, dform_rate_hits, dform_download_keys TO dform_app;
        GRANT USAGE ON SEQUENCE dform_download_keys_issued_seq TO dform_app;
      EXCEPTION WHEN undefined_object OR insufficient_privilege THEN NULL;
      END $$;
    `,
  },
  {
    version: 3,
    name: 'the GIN index of the records without a pending list',
    sql: `
      -- With fastupdate a GIN index keeps new entries in a pending list (up to 4 MB) that every
      -- search reads whole until a vacuum merges it: after 10,000 employees were imported, a find
      -- by two criteria read 260 pages and took 2.2 ms, then 0.2 ms once the list was merged. Each
      -- write now updates the index itself, and no find pays for the writes before it.
      ALTER INDEX dform_records_data SET (fastupdate = off);
      SELECT gin_clean_pending_list('dform_records_data'::regclass);
    `,
  },
];
