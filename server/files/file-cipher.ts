/**
 * Files of sensitive fields at rest: AES-256-GCM with a key of their own per file, stored as
 * `iv (12 bytes) | ciphertext | tag (16 bytes)`. The file's key is kept only wrapped by the
 * server's data key (FieldCipher), beside the record's reference to the blob, so a copy of the
 * blob store alone holds no readable byte, and deleting the reference makes the blob unreadable.
 */
import { createCipheriv, createDecipheriv, randomBytes, type DecipherGCM } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { FieldCipher } from '../crypto/field-cipher.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function newFileKey(): Buffer {
  return randomBytes(32);
}

export function wrapFileKey(cipher: FieldCipher, key: Buffer): string {
  return cipher.encrypt(key.toString('base64'));
}

export function unwrapFileKey(cipher: FieldCipher, wrapped: string): Buffer {
  const key = Buffer.from(cipher.decrypt(wrapped), 'base64');
  if (key.length !== 32) throw new Error('file cipher: a wrapped file key does not hold 32 bytes');
  return key;
}

/** The encrypted form of a stream of chunks, chunk by chunk. */
export async function* encryptChunks(key: Buffer, source: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
  const iv = randomBytes(IV_BYTES);
  const c = createCipheriv('aes-256-gcm', key, iv);
  yield iv;
  for await (const chunk of source) {
    const out = c.update(chunk);
    if (out.byteLength) yield out;
  }
  const last = c.final();
  if (last.byteLength) yield last;
  yield c.getAuthTag();
}

/** A stored file whose bytes are not those written: cut short, or changed at rest. */
export class FileIntegrityError extends Error {}

/**
 * A stream that decrypts what encryptChunks wrote. It holds back the last 16 bytes (the tag) until
 * the end, and the last piece of plaintext too: GCM vouches for the bytes only once the tag checks,
 * so a blob changed at rest ends the stream in an error before its last bytes leave, and the
 * download is cut short (short of its Content-Length) rather than completed with altered bytes.
 */
export function decryptStream(key: Buffer): Transform {
  let head = Buffer.alloc(0);
  let decipher: DecipherGCM | undefined;
  let tail = Buffer.alloc(0);
  /** The latest plaintext, sent only once the next arrives or the tag has checked. */
  let held = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      let data = chunk;
      if (!decipher) {
        head = Buffer.concat([head, data]);
        if (head.length < IV_BYTES) return done();
        decipher = createDecipheriv('aes-256-gcm', key, head.subarray(0, IV_BYTES));
        data = head.subarray(IV_BYTES);
      }
      const all = tail.length ? Buffer.concat([tail, data]) : data;
      const cut = Math.max(0, all.length - TAG_BYTES);
      tail = Buffer.from(all.subarray(cut));
      const plain = cut > 0 ? decipher.update(all.subarray(0, cut)) : Buffer.alloc(0);
      if (plain.length) {
        if (held.length) this.push(held);
        held = plain;
      }
      done();
    },
    flush(done: TransformCallback) {
      try {
        if (!decipher || tail.length !== TAG_BYTES) throw new Error('file cipher: the stored file is cut short');
        decipher.setAuthTag(tail);
        const last = decipher.final();
        if (held.length) this.push(held);
        if (last.length) this.push(last);
        done();
      } catch (e) {
        done(new FileIntegrityError(String(e instanceof Error ? e.message : e)));
      }
    },
  });
}
