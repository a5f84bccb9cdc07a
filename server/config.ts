/**
 * The server's configuration, read once from the environment (../shared/API.md "Starting it").
 */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Base64 of 32 bytes; when unset the server generates one into DATA_DIR/secrets on first start. */
  dataKey?: string;
  /** Base64 of 32 bytes signing the session tokens; generated likewise when unset. */
  tokenKey?: string;
  /** Domain under which company hostnames are derived (spec/001 section 5). */
  productDomain: string;
  /** Domains a company hostname may sit under: the product domain first, then DFORM_HOSTNAME_DOMAINS. */
  hostnameDomains: string[];
  /** Sign-in throttling: attempts per window, per account and per client address. */
  throttle: { windowSeconds: number; perAccount: number; perAddress: number };
  /** Session length in seconds. */
  sessionSeconds: number;
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`config: ${name} must be a whole number, not '${value}'`);
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

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const productDomain = (env.DFORM_PRODUCT_DOMAIN || 'dform.app').toLowerCase();
  return {
    port: int('PORT', env.PORT, 8787),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    adminEmail: env.DFORM_ADMIN_EMAIL || undefined,
    adminPassword: env.DFORM_ADMIN_PASSWORD || undefined,
    dataKey: env.DFORM_DATA_KEY || undefined,
    tokenKey: env.DFORM_TOKEN_KEY || undefined,
    productDomain,
    hostnameDomains: domains('DFORM_HOSTNAME_DOMAINS', env.DFORM_HOSTNAME_DOMAINS, productDomain),
    throttle: {
      windowSeconds: int('DFORM_THROTTLE_WINDOW', env.DFORM_THROTTLE_WINDOW, 900),
      perAccount: int('DFORM_THROTTLE_ACCOUNT', env.DFORM_THROTTLE_ACCOUNT, 10),
      perAddress: int('DFORM_THROTTLE_ADDRESS', env.DFORM_THROTTLE_ADDRESS, 300),
    },
    sessionSeconds: int('DFORM_SESSION_SECONDS', env.DFORM_SESSION_SECONDS, 8 * 3600),
  };
}
