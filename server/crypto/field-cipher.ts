/**
 * Sensitive values at rest: AES-256-GCM with a fresh 96-bit IV per value, stored as
 * `enc:v1:<iv>:<tag>:<ciphertext>` (base64url). Lookups use a keyed HMAC, never a plain hash.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

export class FieldCipher {
  constructor(
    private readonly key: Buffer,
    private readonly lookupKey: Buffer,
  ) {}

  isEncrypted(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(PREFIX);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `${PREFIX}${iv.toString('base64url')}:${c.getAuthTag().toString('base64url')}:${ct.toString('base64url')}`;
  }

  decrypt(stored: string): string {
    if (!this.isEncrypted(stored)) return stored;
    const [iv, tag, ct] = stored.slice(PREFIX.length).split(':');
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  }

  /** A keyed digest for equality lookups of a sensitive value (an SSN, a single-use key). */
  lookup(value: string): string {
    return createHmac('sha256', this.lookupKey).update(value).digest('base64url');
  }
}
