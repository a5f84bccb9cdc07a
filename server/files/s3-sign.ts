/**
 * AWS Signature Version 4 for S3 requests (path-style), signed headers host, x-amz-date and
 * x-amz-content-sha256: the few lines the S3 store needs, so no SDK is bundled for them.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
import { createHash, createHmac } from 'node:crypto';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/** The payload hash of a request whose body is not hashed (a GET, a DELETE, or a streamed PUT). */
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** RFC 3986 encoding of one path segment or query part, as SigV4 wants it. */
export function encodeSegment(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalPath(pathname: string): string {
  return pathname.split('/').map(encodeSegment).join('/');
}

/**
 * The headers that sign a request: `Authorization`, `x-amz-date`, `x-amz-content-sha256`
 * (add `host` yourself only if the client does not send it; it is signed as given).
 */
export function signRequest(
  creds: S3Credentials,
  req: { method: string; host: string; path: string; query?: string; payloadSha256: string; now?: Date },
): Record<string, string> {
  const amzDate = (req.now ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const scope = `${day}/${creds.region}/s3/aws4_request`;
  const headers = `host:${req.host}\nx-amz-content-sha256:${req.payloadSha256}\nx-amz-date:${amzDate}\n`;
  const signed = 'host;x-amz-content-sha256;x-amz-date';
  // `query` is already canonical (sorted, encoded, `name=` for a bare name), and sent as it is.
  const canonical = [req.method, canonicalPath(req.path), req.query ?? '', headers, signed, req.payloadSha256].join(
    '\n',
  );
  const toSign = [
    'AWS4-HMAC-SHA256',
    amzDate,
    scope,
    createHash('sha256').update(canonical, 'utf8').digest('hex'),
  ].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), creds.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign, 'utf8').digest('hex');
  return {
    authorization: `AWS4-HMAC-SHA256 Credential=${creds.accessKeyId}/${scope}, SignedHeaders=${signed}, Signature=${signature}`,
    'x-amz-date': amzDate,
    'x-amz-content-sha256': req.payloadSha256,
  };
}
