/**
 * The server's keys: the field-encryption key, the lookup HMAC key and the token signing key.
 * Each comes from the environment, or is generated once into DATA_DIR/secrets/ (mode 0600 in a
 * 0700 folder) and reused. Keys beside the data are no protection for a stolen copy of DATA_DIR,
 * so in production (NODE_ENV=production) the server refuses them unless DFORM_ALLOW_LOCAL_KEYS=1.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Keys {
  data: Buffer;
  lookup: Buffer;
  token: Buffer;
  /** The key files this start made, none having been found (./key-check.ts takes them back). */
  made: string[];
}

async function loadOrCreate(
  dir: string,
  name: string,
  fromEnv: string | undefined,
  create: boolean,
  made: string[],
): Promise<Buffer> {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error(`secrets: ${name} from the environment must be 32 bytes of base64`);
    return key;
  }
  const file = path.join(dir, `${name}.key`);
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`secrets: ${file} does not hold 32 bytes of base64`);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    if (!create) throw new Error(`secrets: no ${name} key: neither in the environment nor in ${file}`);
  }
  made.push(file);
  const key = randomBytes(32);
  const tmp = `${file}.tmp`;
  await writeFile(tmp, key.toString('base64') + '\n', { mode: 0o600 });
  const fh = await open(tmp, 'r');
  await fh.sync();
  await fh.close();
  await rename(tmp, file);
  return key;
}

/** Why a production start is refused, and how to fix it, in one line. */
const LOCAL_KEYS_REFUSED =
  'secrets: NODE_ENV=production keeps no keys beside the data: set DFORM_DATA_KEY, DFORM_LOOKUP_KEY and DFORM_TOKEN_KEY (32 random bytes of base64 each, e.g. `openssl rand -base64 32`), or DFORM_ALLOW_LOCAL_KEYS=1 to keep them in DATA_DIR/secrets';

export async function loadKeys(
  dataDir: string,
  env: { dataKey?: string; tokenKey?: string; lookupKey?: string; localKeysAllowed?: boolean },
  /** false: a key missing is an error, not made (data:export and data:import read the keys a server made). */
  create = true,
): Promise<Keys> {
  if (env.localKeysAllowed === false && !(env.dataKey && env.tokenKey && env.lookupKey)) {
    throw new Error(LOCAL_KEYS_REFUSED);
  }
  const dir = path.join(dataDir, 'secrets');
  if (create) await mkdir(dir, { recursive: true, mode: 0o700 });
  const made: string[] = [];
  return {
    data: await loadOrCreate(dir, 'data', env.dataKey, create, made),
    lookup: await loadOrCreate(dir, 'lookup', env.lookupKey, create, made),
    token: await loadOrCreate(dir, 'token', env.tokenKey, create, made),
    made,
  };
}
