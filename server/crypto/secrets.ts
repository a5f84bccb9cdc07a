/**
 * The server's keys: the field-encryption key, the lookup HMAC key and the token signing key.
 * Each comes from the environment, or is generated once into DATA_DIR/secrets/ (mode 0600) and
 * reused. In production set them in the environment so that the keys live apart from the data.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Keys {
  data: Buffer;
  lookup: Buffer;
  token: Buffer;
}

async function loadOrCreate(dir: string, name: string, fromEnv: string | undefined): Promise<Buffer> {
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
  }
  const key = randomBytes(32);
  const tmp = `${file}.tmp`;
  await writeFile(tmp, key.toString('base64') + '\n', { mode: 0o600 });
  const fh = await open(tmp, 'r');
  await fh.sync();
  await fh.close();
  await rename(tmp, file);
  return key;
}

export async function loadKeys(
  dataDir: string,
  env: { dataKey?: string; tokenKey?: string; lookupKey?: string },
): Promise<Keys> {
  const dir = path.join(dataDir, 'secrets');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return {
    data: await loadOrCreate(dir, 'data', env.dataKey),
    lookup: await loadOrCreate(dir, 'lookup', env.lookupKey),
    token: await loadOrCreate(dir, 'token', env.tokenKey),
  };
}
