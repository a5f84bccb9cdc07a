/**
 * Builds one data set: a dform DATA_DIR holding the demo company plus N employees, and json-server's
 * db.json with the same employees and spare users. Seeding through the HTTP API would take longer
 * than the whole bench, so the records go straight into the store, shaped and encrypted as the
 * server does it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FieldCipher, sealSensitive } from '../server/crypto/field-cipher.ts';
import { loadKeys } from '../server/crypto/secrets.ts';
import { loadCatalogue } from '../server/schemas.ts';
import { JournalStore } from '../server/storage/journal-store.ts';
import type { DataObject, StoredRecord, WriteOp } from '../server/storage/types.ts';
import { startDform, stop } from './procs.ts';

/** The demo company's hostname: the bench's servers are local runs (server/demo.ts). */
export const DEMO_HOST = 'acmedemo.localhost';
const TYPES = ['REGULAR', 'CONTRACT', 'AGG', 'HOUSE'];
const FIRST = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eva', 'Finn', 'Gus', 'Hana', 'Ike', 'Juno', 'Kai', 'Lena'];
const LAST = ['Ng', 'Okafor', 'Patel', 'Quinn', 'Rossi', 'Silva', 'Tanaka', 'Ueda', 'Vega', 'Weiss', 'Xu', 'Young'];
const TITLES = ['Clerk', 'Analyst', 'Engineer', 'Manager', 'Driver', 'Nurse', 'Cook', 'Technician'];

export interface Dataset {
  records: number;
  dataDir: string;
  /** json-server's database, also read by bare-hono. */
  dbFile: string;
  org: string;
  /** The seeded employees' keys, for reads. */
  keys: string[];
  /**
   * Keys of seeded users with no employee record yet. Employees are keyed by user key and the
   * server refuses one for a user that does not exist, so the create phase needs these.
   */
  pool: string[];
}

/** Deterministic data (mulberry32), so every run and every size has the same value mix. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The find with two criteria every store row measures (a page of 20 and the total), and json-server's
 * same query: fields the seeded employees hold (employeeData).
 */
export const FIND_BODY = {
  criteria: [
    { field: 'employment_type', is: '=', value: 'REGULAR' },
    { field: 'home_department', is: '=', value: 'D7' },
  ],
  limit: 20,
};
export const JSON_FIND = '/employees?employment_type=REGULAR&home_department=D7&_page=1&_per_page=20';

/** Employee data as a client would send it (plaintext SSN). */
export function employeeData(random: () => number, i: number) {
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  /** A number from 1 to `max` with `width` digits: an SSN part is never all zeros. */
  const part = (max: number, width: number) => String(1 + Math.floor(random() * max)).padStart(width, '0');
  // Area 001-899 but 666 (never issued; 9xx is an ITIN), group 01-99, serial 0001-9999.
  const area = part(899, 3);
  const first = pick(FIRST);
  const last = pick(LAST);
  return {
    first_name: first,
    last_name: last,
    email: `${first}.${last}.${i}@example.com`.toLowerCase(),
    ssn: `${area === '666' ? '665' : area}-${part(99, 2)}-${part(9999, 4)}`,
    employment_type: pick(TYPES),
    home_department: `D${Math.floor(random() * 50)}`,
    job_title: pick(TITLES),
  };
}

export async function seed(root: string, n: number, poolSize: number, log: (msg: string) => void): Promise<Dataset> {
  const dataDir = path.join(root, `dform-${n}`);
  await mkdir(dataDir, { recursive: true });

  // 1. The server creates the root org, the demo company, its users and its keys.
  const demo = await startDform(dataDir, { demo: true });
  const res = await fetch(`${demo.url}/auth/api/resolve_org?hostname=${DEMO_HOST}`);
  const { organization_id: org } = (await res.json()) as { organization_id: string };
  await stop(demo);
  if (!org) throw new Error('seed: could not resolve the demo organization');

  // 2. Bulk load, straight into the store the server just released.
  const keys = await loadKeys(dataDir, {});
  const cipher = new FieldCipher(keys.data, keys.lookup);
  const catalogue = loadCatalogue();
  // Every record is validated like a server write, which also fills the schema's defaults in.
  const validator = (module: string, type: string) => {
    const v = catalogue.validator(catalogue.registry.require(module, type));
    return (data: DataObject) => {
      const errors = v(data);
      if (errors.length) throw new Error(`seed: invalid ${module}/${type}: ${JSON.stringify(errors)}`);
    };
  };
  const checkEmployee = validator('payroll', 'employee');
  const checkUser = validator('auth', 'users');
  const now = Math.floor(Date.now() / 1000);
  const meta = { created_by: 'bench', created_time: now, updated_by: 'bench', updated_time: now, version: 1 };
  const put = (collection: string, key: string, data: DataObject): WriteOp => ({
    op: 'put',
    expectVersion: 0,
    record: { collection, org, key, data, meta } satisfies StoredRecord,
  });

  const random = rng(n);
  const employees: DataObject[] = [];
  const ops: WriteOp[] = [];
  const store = await JournalStore.open(path.join(dataDir, 'db'));
  const flush = async (force = false) => {
    if (ops.length >= 1000 || (force && ops.length)) await store.commit(ops.splice(0));
  };
  for (let i = 0; i < n; i++) {
    const key = randomUUID();
    const plain = { ...employeeData(random, i), status: 'active', sync_status: 'pending', _user_uuid: key };
    checkEmployee(plain);
    employees.push({ id: key, ...plain });
    // Encrypted with the keys the server generated, by the same FieldCipher its write path uses.
    ops.push(put('payroll/employee', key, { ...plain, ssn: sealSensitive(cipher, 'ssn', plain.ssn) }));
    await flush();
  }
  const pool: string[] = [];
  const users: DataObject[] = [];
  for (let i = 0; i < poolSize; i++) {
    const key = randomUUID();
    const user = {
      email: `bench.user.${i}@example.com`,
      display_name: `Bench User ${i}`,
      status: 'active',
      permissions: [],
      is_employee: true,
      cross_site_login_only: false,
      created_by: 'bench',
      created_time: now,
    };
    checkUser(user);
    pool.push(key);
    users.push({ id: key, ...user });
    ops.push(put('auth/users', key, user));
    await flush();
  }
  await flush(true);
  await store.close(); // compacts: the server starts from snapshot files, as after any restart

  // 3. json-server gets the same employees, SSN in clear (it has no notion of sensitive data), and
  // the same spare users, so that both start from the same data (the demo company's few records,
  // about 85 kB, are dform's own).
  const dbFile = path.join(root, `json-server-${n}.json`);
  await writeFile(dbFile, JSON.stringify({ employees, users }));
  log(`seeded ${n} employees + ${poolSize} spare users in ${dataDir}`);
  return { records: n, dataDir, dbFile, org, keys: employees.map((e) => e.id as string), pool };
}
