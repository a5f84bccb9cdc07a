/**
 * The directory of organizations. A company's own record lives in its parent's `auth/organizations`
 * collection (the parent administers it); the directory maps every organization id to that parent
 * and to its hostname, so a request's organization can be found from its id or its host alone.
 */
import { companyTimeZone } from '../engine/local-day.ts';
import type { Services } from './services.ts';
import { SYSTEM, SYSTEM_ORG } from './services.ts';
import type { StoredRecord, WriteOp } from './storage/types.ts';

export interface OrgInfo {
  id: string;
  parent: string;
  record: StoredRecord;
  activeModules: string[];
  enabledFeatures: Record<string, unknown>;
  name: string;
  hostname: string;
  status: string;
  /** The root (product) organization, where product staff sign in. */
  root: boolean;
}

interface KnownOrg {
  dirs: number;
  records: number;
  /** The organization's stamp (./storage/types.ts, PRINCIPAL_STAMPS) as last read with it, if known. */
  stamp?: number;
  org: OrgInfo | undefined;
}
const known = new WeakMap<Services, Map<string, KnownOrg>>();
const MAX_KNOWN = 10_000;

/**
 * Every request names its organization, so its directory entry and record are kept while neither
 * collection changes: the store's generations move with every commit, this process's and (over
 * PostgreSQL) every other process's, as the principal cache relies on too.
 */
export async function getOrg(s: Services, orgId: string, stamp?: number): Promise<OrgInfo | undefined> {
  const dirs = s.storage.generation(SYSTEM.orgs);
  const records = s.storage.generation('auth/organizations');
  let cache = known.get(s);
  if (!cache) known.set(s, (cache = new Map()));
  const entry = cache.get(orgId);
  // `stamp`, read with a signed-in request's session, also tells of another process's change whose
  // notification has not arrived yet.
  const fresh = entry && entry.dirs === dirs && entry.records === records;
  if (fresh && (stamp === undefined || entry.stamp === stamp)) return entry.org;
  const org = await readOrg(s, orgId);
  if (cache.size >= MAX_KNOWN) cache.delete(cache.keys().next().value!);
  cache.set(orgId, { dirs, records, stamp, org });
  return org;
}

/**
 * The organization as stored now, read past the cache (and kept in it): for the decision to open a
 * session. Over PostgreSQL another process's commit moves the generations only once its notification
 * arrives, and a company turned inactive there went on admitting sign-ins here (and one turned
 * active again refusing them) for a request sent right after that process answered.
 */
export async function currentOrg(s: Services, orgId: string): Promise<OrgInfo | undefined> {
  const dirs = s.storage.generation(SYSTEM.orgs);
  const records = s.storage.generation('auth/organizations');
  const org = await readOrg(s, orgId);
  let cache = known.get(s);
  if (!cache) known.set(s, (cache = new Map()));
  if (cache.size >= MAX_KNOWN && !cache.has(orgId)) cache.delete(cache.keys().next().value!);
  cache.set(orgId, { dirs, records, org });
  return org;
}

async function readOrg(s: Services, orgId: string): Promise<OrgInfo | undefined> {
  const dir = await s.storage.get(SYSTEM.orgs, SYSTEM_ORG, orgId);
  if (!dir) return undefined;
  const parent = String(dir.data.parent);
  const record = await s.storage.get('auth/organizations', parent, orgId);
  if (!record) return undefined;
  const d = record.data;
  const modules = Array.isArray(d.active_modules) ? (d.active_modules as string[]) : [];
  // Shared by every request while cached (getOrg).
  return Object.freeze({
    id: orgId,
    parent,
    record,
    // auth and comms are always kept active (spec/001 section 5).
    activeModules: Object.freeze([...new Set(['auth', 'comms', ...modules])]) as string[],
    enabledFeatures: (d.enabled_features as Record<string, unknown>) ?? {},
    name: String(d.name ?? ''),
    hostname: String(d.hostname ?? ''),
    status: String(d.status ?? 'active'),
    root: dir.data.root === true,
  });
}

export async function findOrgByHostname(s: Services, hostname: string): Promise<string | undefined> {
  const r = await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, {
    criteria: [{ field: 'hostname', is: '=', value: hostname.toLowerCase() }],
    limit: 1,
    offset: 0,
  });
  return r.items[0]?.key;
}

export async function rootOrgId(s: Services): Promise<string | undefined> {
  const r = await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, {
    criteria: [{ field: 'root', is: '=', value: true }],
    limit: 1,
    offset: 0,
  });
  return r.items[0]?.key;
}

/** The directory entry to write beside an organization record. */
export function directoryOp(
  orgId: string,
  parent: string,
  hostname: string,
  now: number,
  root = false,
  previousVersion?: number,
): WriteOp {
  return {
    op: 'put',
    record: {
      collection: SYSTEM.orgs,
      org: SYSTEM_ORG,
      key: orgId,
      data: { parent, hostname: hostname.toLowerCase(), root },
      meta: {
        created_by: 'system',
        created_time: now,
        updated_by: 'system',
        updated_time: now,
        version: (previousVersion ?? 0) + 1,
      },
    },
  };
}

/**
 * The company's time zone (docs/signatures.md): the one it set, else its state's, else
 * America/New_York. The day a signature was made, and whether a due day has passed, are read in it.
 */
export async function orgTimeZone(s: Services, org: string | OrgInfo): Promise<string> {
  const info = typeof org === 'string' ? await getOrg(s, org) : org;
  return companyTimeZone(info?.record.data);
}
