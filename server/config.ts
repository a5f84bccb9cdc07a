/**
 * The server's configuration, read once from the environment (../shared/API.md "Starting it").
 */
import { isIP } from 'node:net';
import path from 'node:path';

export interface ServerConfig {
  /** PORT; once the server listens, the port it listens on (PORT=0 picks a free one). */
  port: number;
  host: string;
  dataDir: string;
  /**
   * DATABASE_URL (`postgres://…`): keep everything in that PostgreSQL database instead of the
   * embedded store in DATA_DIR, so that several processes can serve it as one (../docs/postgresql.md).
   */
  databaseUrl?: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Base64 of 32 bytes; when unset the server generates one into DATA_DIR/secrets on first start. */
  dataKey?: string;
  /** Base64 of 32 bytes signing the session tokens; generated likewise when unset. */
  tokenKey?: string;
  /** Base64 of 32 bytes keying the lookup digests of sensitive values; generated likewise when unset. */
  lookupKey?: string;
  /**
   * Whether keys may be kept in (or generated into) DATA_DIR/secrets: not in production
   * (NODE_ENV=production), where they belong apart from the data, unless DFORM_ALLOW_LOCAL_KEYS=1.
   */
  localKeysAllowed: boolean;
  /**
   * Domain under which company hostnames are derived (spec/001 section 5): DFORM_PRODUCT_DOMAIN, else
   * `localhost` when the server listens on this machine only (browsers reach `<name>.localhost` with no
   * set-up), else `dform.app`.
   */
  productDomain: string;
  /** Domains a company hostname may sit under: the product domain first, then DFORM_HOSTNAME_DOMAINS. */
  hostnameDomains: string[];
  /**
   * How a company's site is reached from outside, `{hostname}` standing for the company's hostname
   * (DFORM_PUBLIC_URL, e.g. `https://{hostname}`); unset, server/public-url.ts picks the default.
   */
  publicUrl?: string;
  /**
   * Sign-in throttling (server/auth/throttle.ts, docs/sign-in-throttle.md): failures allowed per
   * account, (account, address) pair, address and known device before each backs off, the delays,
   * and how long a device that signed in stays known. `windowSeconds`, `perAccount` and
   * `perAddress` also rate-limit retrieve_ssn per caller and forgot_password per name.
   */
  throttle: {
    windowSeconds: number;
    perAccount: number;
    perPair: number;
    perAddress: number;
    perDevice: number;
    firstDelay: number;
    maxDelay: number;
    deviceSeconds: number;
  };
  /**
   * DFORM_TRUSTED_PROXIES: addresses of the reverse proxies in front of the server, whose
   * X-Forwarded-For names the client (server/http/context.ts). None by default: the socket's peer.
   */
  trustedProxies: string[];
  /** Session length in seconds. */
  sessionSeconds: number;
  /**
   * DFORM_RECENT_SIGN_IN_SECONDS: how long after signing in a session may change its password or an
   * active second factor without giving the current password (a refresh keeps the sign-in's time).
   */
  recentSignInSeconds: number;
  /** DFORM_REFRESH_SECONDS: how long a family of refresh tokens may renew sessions after its sign-in. */
  refreshSeconds: number;
  /**
   * DFORM_RESEND_SECONDS: at most one invitation to one person (a hire's Resend invitation, a user's
   * invite e-mail or code) in this many seconds.
   */
  resendSeconds: number;
  /**
   * Invitation e-mails (a new hire's, Resend invitation, a user's invite e-mail or code) per sign-in
   * throttle window (DFORM_THROTTLE_WINDOW): DFORM_INVITATIONS_COMPANY from one company and
   * DFORM_INVITATIONS_USER from one signed-in person (server/auth/invitations.ts).
   */
  invitations: { perCompany: number; perUser: number };
  /**
   * Where files' bytes live: an S3-compatible bucket when DFORM_S3_BUCKET is set (with
   * DFORM_S3_ENDPOINT, DFORM_S3_REGION, DFORM_S3_ACCESS_KEY_ID, DFORM_S3_SECRET_ACCESS_KEY and
   * optionally DFORM_S3_PREFIX), else DATA_DIR/files (docs/files.md).
   */
  s3?: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    prefix: string;
  };
  /**
   * Seconds without a request after which a session ends (0: never): for the product-staff admin
   * and users who manage payroll data, users, groups or companies, and for everyone else.
   */
  idleSeconds: { managing: number; others: number };
  /**
   * The outbox's timings (server/mail/outbox.ts), in seconds but the interval: a claim on a message
   * older than `claimSeconds` is a stopped process's (DFORM_OUTBOX_CLAIM_SECONDS), the sender's lease
   * lasts `leaseSeconds` (DFORM_OUTBOX_LEASE_SECONDS), a failed send is retried after `retrySeconds`
   * doubled at each failure (DFORM_OUTBOX_RETRY_SECONDS), each process tries to drain every
   * `intervalMs` milliseconds (DFORM_OUTBOX_INTERVAL_MS). Unset: OUTBOX_DEFAULTS.
   */
  outbox?: OutboxTimings;
  /**
   * The PTO accrual job (server/data/pto-accruals.ts, docs/pto.md "Accruals"): it runs at start and
   * every `everySeconds` (DFORM_PTO_ACCRUAL_SECONDS, default 3600; 0: at start only), going over at
   * most `batch` enrolments of each company per run (DFORM_PTO_ACCRUAL_BATCH, default 200).
   */
  ptoAccruals?: { everySeconds: number; batch: number };
  /**
   * How often files past their expiry are removed (server/files/expiry.ts): at start and every
   * DFORM_FILE_EXPIRY_SECONDS (default 600; 0: at start only).
   */
  fileExpirySeconds?: number;
  /**
   * The bytes of files a company may keep (DFORM_FILE_QUOTA_COMPANY) and one person may upload into
   * it (DFORM_FILE_QUOTA_USER), counted by each file's recorded size (server/files/file-usage.ts).
   * Unset: FILE_QUOTA_DEFAULTS.
   */
  fileQuota?: FileQuota;
}

export interface FileQuota {
  perCompany: number;
  perUser: number;
}

const GiB = 1024 ** 3;

/** A company's records of a few thousand employees with their documents fit; one person's scans fit a hundred times over. */
export const FILE_QUOTA_DEFAULTS: FileQuota = { perCompany: 10 * GiB, perUser: 1 * GiB };

export interface OutboxTimings {
  claimSeconds: number;
  leaseSeconds: number;
  retrySeconds: number;
  intervalMs: number;
}

export const OUTBOX_DEFAULTS: OutboxTimings = {
  claimSeconds: 60,
  leaseSeconds: 30,
  retrySeconds: 30,
  intervalMs: 5_000,
};

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`config: ${name} must be a whole number, not '${value}'`);
  return n;
}

const UNITS: Record<string, number> = { '': 1, kib: 1024, mib: 1024 ** 2, gib: GiB, tib: 1024 ** 4 };

/** A number of bytes, whole, with an optional binary unit: `1073741824`, `500MiB`, `10 GiB`. */
function bytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const m = /^(\d+)\s*(kib|mib|gib|tib)?$/i.exec(value.trim());
  const n = m ? Number(m[1]) * UNITS[(m[2] ?? '').toLowerCase()] : NaN;
  if (!Number.isSafeInteger(n))
    throw new Error(`config: ${name} must be a number of bytes (as 10GiB or 500MiB), not '${value}'`);
  return n;
}

/** A comma-separated list of domains, lower-cased, each a dotted host name. */
function domains(name: string, value: string | undefined, first: string): string[] {
  const list = (value ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  for (const d of list) {
    if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/.test(d)) {
      throw new Error(`config: ${name} must list domain names, not '${d}'`);
    }
  }
  return [...new Set([first, ...list])];
}

/** The product domain of a local run: browsers resolve every `<name>.localhost` to this machine. */
export const LOCAL_DOMAIN = 'localhost';

/** Whether `host` (an interface to listen on) is reachable from this machine only. */
function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === LOCAL_DOMAIN || h.endsWith(`.${LOCAL_DOMAIN}`) || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** A comma-separated list of IP addresses. */
function addresses(name: string, value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (const a of list) {
    if (isIP(a) === 0) throw new Error(`config: ${name} must list IP addresses, not '${a}'`);
  }
  return list;
}

/** DFORM_PUBLIC_URL: `http` or `https`, `://{hostname}`, and a port when not the scheme's own. */
function publicUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const m = /^(https?):\/\/\{hostname\}(?::(\d{1,5}))?\/?$/.exec(value.trim());
  if (!m || (m[2] !== undefined && (Number(m[2]) < 1 || Number(m[2]) > 65535))) {
    throw new Error(
      `config: DFORM_PUBLIC_URL must look like https://{hostname} or http://{hostname}:8787, not '${value}'`,
    );
  }
  return `${m[1]}://{hostname}${m[2] === undefined ? '' : `:${Number(m[2])}`}`;
}

function s3Config(env: NodeJS.ProcessEnv): NonNullable<ServerConfig['s3']> {
  const need = (name: string) => {
    const v = env[name];
    if (!v) throw new Error(`config: DFORM_S3_BUCKET is set, so ${name} must be too`);
    return v;
  };
  const endpoint = need('DFORM_S3_ENDPOINT');
  if (!/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) {
    throw new Error(`config: DFORM_S3_ENDPOINT must be http(s)://host[:port], not '${endpoint}'`);
  }
  return {
    endpoint,
    bucket: need('DFORM_S3_BUCKET'),
    region: env.DFORM_S3_REGION || 'us-east-1',
    accessKeyId: need('DFORM_S3_ACCESS_KEY_ID'),
    secretAccessKey: need('DFORM_S3_SECRET_ACCESS_KEY'),
    prefix: env.DFORM_S3_PREFIX ?? '',
  };
}

/** DATABASE_URL: a postgres:// or postgresql:// URL naming a database; unset or empty keeps the embedded store. */
function databaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error('config: DATABASE_URL must look like postgres://user:password@host:5432/database');
  }
  if ((url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') || !url.hostname || url.pathname.length < 2) {
    throw new Error('config: DATABASE_URL must look like postgres://user:password@host:5432/database');
  }
  return value.trim();
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const host = env.HOST || '127.0.0.1';
  const productDomain = (env.DFORM_PRODUCT_DOMAIN || (isLoopbackHost(host) ? LOCAL_DOMAIN : 'dform.app')).toLowerCase();
  return {
    port: int('PORT', env.PORT, 8787),
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    adminEmail: env.DFORM_ADMIN_EMAIL || undefined,
    adminPassword: env.DFORM_ADMIN_PASSWORD || undefined,
    dataKey: env.DFORM_DATA_KEY || undefined,
    tokenKey: env.DFORM_TOKEN_KEY || undefined,
    lookupKey: env.DFORM_LOOKUP_KEY || undefined,
    localKeysAllowed: env.NODE_ENV !== 'production' || env.DFORM_ALLOW_LOCAL_KEYS === '1',
    productDomain,
    hostnameDomains: domains('DFORM_HOSTNAME_DOMAINS', env.DFORM_HOSTNAME_DOMAINS, productDomain),
    publicUrl: publicUrl(env.DFORM_PUBLIC_URL),
    throttle: {
      windowSeconds: int('DFORM_THROTTLE_WINDOW', env.DFORM_THROTTLE_WINDOW, 900),
      perAccount: int('DFORM_THROTTLE_ACCOUNT', env.DFORM_THROTTLE_ACCOUNT, 10),
      perPair: int('DFORM_THROTTLE_PAIR', env.DFORM_THROTTLE_PAIR, 5),
      perAddress: int('DFORM_THROTTLE_ADDRESS', env.DFORM_THROTTLE_ADDRESS, 300),
      perDevice: int('DFORM_THROTTLE_DEVICE', env.DFORM_THROTTLE_DEVICE, 10),
      firstDelay: int('DFORM_THROTTLE_DELAY', env.DFORM_THROTTLE_DELAY, 1),
      maxDelay: int('DFORM_THROTTLE_MAX_DELAY', env.DFORM_THROTTLE_MAX_DELAY, 900),
      deviceSeconds: 86_400 * int('DFORM_THROTTLE_DEVICE_DAYS', env.DFORM_THROTTLE_DEVICE_DAYS, 30),
    },
    trustedProxies: addresses('DFORM_TRUSTED_PROXIES', env.DFORM_TRUSTED_PROXIES),
    sessionSeconds: int('DFORM_SESSION_SECONDS', env.DFORM_SESSION_SECONDS, 8 * 3600),
    recentSignInSeconds: int('DFORM_RECENT_SIGN_IN_SECONDS', env.DFORM_RECENT_SIGN_IN_SECONDS, 10 * 60),
    ...(env.DFORM_S3_BUCKET ? { s3: s3Config(env) } : {}),
    refreshSeconds: int('DFORM_REFRESH_SECONDS', env.DFORM_REFRESH_SECONDS, 24 * 3600),
    resendSeconds: int('DFORM_RESEND_SECONDS', env.DFORM_RESEND_SECONDS, 60),
    invitations: {
      perCompany: int('DFORM_INVITATIONS_COMPANY', env.DFORM_INVITATIONS_COMPANY, 300),
      perUser: int('DFORM_INVITATIONS_USER', env.DFORM_INVITATIONS_USER, 100),
    },
    idleSeconds: {
      managing: int('DFORM_IDLE_SECONDS', env.DFORM_IDLE_SECONDS, 30 * 60),
      others: int('DFORM_IDLE_SECONDS_OTHERS', env.DFORM_IDLE_SECONDS_OTHERS, 0),
    },
    ptoAccruals: {
      everySeconds: int('DFORM_PTO_ACCRUAL_SECONDS', env.DFORM_PTO_ACCRUAL_SECONDS, 3600),
      batch: Math.max(1, int('DFORM_PTO_ACCRUAL_BATCH', env.DFORM_PTO_ACCRUAL_BATCH, 200)),
    },
    fileExpirySeconds: int('DFORM_FILE_EXPIRY_SECONDS', env.DFORM_FILE_EXPIRY_SECONDS, 600),
    fileQuota: {
      perCompany: bytes('DFORM_FILE_QUOTA_COMPANY', env.DFORM_FILE_QUOTA_COMPANY, FILE_QUOTA_DEFAULTS.perCompany),
      perUser: bytes('DFORM_FILE_QUOTA_USER', env.DFORM_FILE_QUOTA_USER, FILE_QUOTA_DEFAULTS.perUser),
    },
    outbox: {
      claimSeconds: int('DFORM_OUTBOX_CLAIM_SECONDS', env.DFORM_OUTBOX_CLAIM_SECONDS, OUTBOX_DEFAULTS.claimSeconds),
      leaseSeconds: int('DFORM_OUTBOX_LEASE_SECONDS', env.DFORM_OUTBOX_LEASE_SECONDS, OUTBOX_DEFAULTS.leaseSeconds),
      retrySeconds: int('DFORM_OUTBOX_RETRY_SECONDS', env.DFORM_OUTBOX_RETRY_SECONDS, OUTBOX_DEFAULTS.retrySeconds),
      intervalMs: Math.max(
        50,
        int('DFORM_OUTBOX_INTERVAL_MS', env.DFORM_OUTBOX_INTERVAL_MS, OUTBOX_DEFAULTS.intervalMs),
      ),
    },
  };
}
