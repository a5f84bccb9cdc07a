/**
 * Sensitive values at rest: AES-256-GCM with a fresh 96-bit IV per value, stored as
 * `enc:v2:<mask>:<iv>:<tag>:<ciphertext>` (base64url), or `enc:v1:<iv>:<tag>:<ciphertext>` for a
 * value without a mask (a secret) and for values written before v2. Lookups use a keyed HMAC,
 * never a plain hash.
 *
 * v2 keeps the masked form every answer shows (xxx-xx-1234) beside the ciphertext, bound to it as
 * the cipher's additional authenticated data: a read masks without decrypting, so answering a list
 * of records costs no AES work however many records there are (at 100k records most reads were
 * first reads, and decrypting for the mask was most of their cost). The mask holds no more than
 * any answer does.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { maskValue, type SensitiveKind } from '../../engine/masking.ts';

const V1 = 'enc:v1:';
const V2 = 'enc:v2:';
/**
 * What a stored mask may hold: the masked form's x, digits, dashes and (an id's last four) letters,
 * nothing that splits the envelope.
 */
const MASK = /^[A-Za-z0-9-]{1,40}$/;

export class FieldCipher {
  constructor(
    private readonly key: Buffer,
    private readonly lookupKey: Buffer,
  ) {}

  isEncrypted(value: unknown): value is string {
    return typeof value === 'string' && (value.startsWith(V2) || value.startsWith(V1));
  }

  /** Encrypts a value; with its masked form (kept beside it, authenticated) when it has one. */
  encrypt(plain: string, mask?: string): string {
    if (mask !== undefined && !MASK.test(mask))
      throw new Error('field cipher: a mask holds letters, digits and dashes');
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    if (mask !== undefined) c.setAAD(Buffer.from(mask, 'utf8'));
    const ct = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    const body = `${iv.toString('base64url')}:${c.getAuthTag().toString('base64url')}:${ct.toString('base64url')}`;
    return mask === undefined ? `${V1}${body}` : `${V2}${mask}:${body}`;
  }

  decrypt(stored: string): string {
    if (!this.isEncrypted(stored)) return stored;
    const parts = stored.slice(V1.length).split(':');
    const mask = stored.startsWith(V2) ? parts.shift() : undefined;
    const [iv = '', tag = '', ct = ''] = parts;
    const d = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    if (mask !== undefined) d.setAAD(Buffer.from(mask, 'utf8'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]).toString('utf8');
  }

  /** The masked form stored with a v2 value, read without decrypting; undefined for any other. */
  storedMask(stored: string): string | undefined {
    if (!stored.startsWith(V2)) return undefined;
    const end = stored.indexOf(':', V2.length);
    return end > V2.length ? stored.slice(V2.length, end) : undefined;
  }

  /** A keyed digest for equality lookups of a sensitive value (an SSN, a single-use key). */
  lookup(value: string): string {
    return createHmac('sha256', this.lookupKey).update(value).digest('base64url');
  }
}

/** A sensitive field's value as it is stored: encrypted, with its masked form unless it is a secret. */
export function sealSensitive(cipher: FieldCipher, kind: SensitiveKind, plain: string): string {
  return cipher.encrypt(plain, maskValue(kind, plain));
}
