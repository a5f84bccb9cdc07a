/**
 * Files of one module (../shared/API.md "v2 additions: Files"), mounted at /<module>/api:
 * - `PUT /files/{type}/{key}/{field}`: the body is the file (header `x-file-name`), for a caller who
 *   may edit the record; answers the field's new value.
 * - `GET /files/{type}/{key}/{field}`: the bytes, as an attachment, for a caller who may read it;
 *   signed in by header, or with `?download=<key>` from
 * - `POST /files/{type}/{key}/{field}/download_key`: a single-use key that lives a minute, bound to
 *   the caller's session and that one file (a browser link cannot carry the auth_token header).
 * - `DELETE /files/{type}/{key}/{field}`: removes the file.
 * A HEAD of the download answers 405 (../http/get-only.ts): it must neither spend a key nor audit a reveal.
 */
import { commitReveal } from '../data/reveal-audit.ts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { Hono, type Context } from 'hono';
import { allows, ownedBy, ownerOf } from '../../engine/access.ts';
import { cleanFileName, isFileValue, nameForType, type FileField } from '../../engine/files.ts';
import { epochToUs } from '../../engine/masks.ts';
import { callerOfSession, isUuid, type Caller } from '../auth/principal.ts';
import { signedIn, signedInUnless } from '../auth/signed-in.ts';
import { fieldFacts } from '../data/fields.ts';
import { hooksFor } from '../data/hooks.ts';
import { editableRecord, readableRecord, target, unreadableFields, type Target } from '../data/records.ts';
import { requestInfo, type AppEnv } from '../http/context.ts';
import { ApiError, badRequest, invalidToken, notAuthorized, notFound } from '../http/errors.ts';
import { getOnly } from '../http/get-only.ts';
import { requestHeader } from '../http/node-request.ts';
import { memoryDownloadKeys } from '../printable/download-keys.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import { BlobMissing } from './blob-store.ts';
import { decryptStream, FileIntegrityError, unwrapFileKey } from './file-cipher.ts';
import { countDownload, fileTooLarge, removeFile, storeUpload } from './file-writes.ts';
import { blobsOf, fileRef } from './references.ts';
import { bodyChunks } from './upload-body.ts';

/** How long a file's download key lives, in seconds. */
export const FILE_KEY_SECONDS = 60;

const FIELD = /^[a-z][a-z0-9_]{0,63}$/;

function fileOf(s: Services, t: Target, field: string): FileField {
  const spec = FIELD.test(field) ? fieldFacts(s.catalogue, t.entity).files.find((f) => f.field === field) : undefined;
  if (!spec) throw notFound();
  return spec;
}

function recordKey(c: Context): string {
  const key = c.req.param('key')?.toLowerCase();
  if (!isUuid(key)) throw notFound();
  return key;
}

/** A field's own edit rule (x-edit) holds for its file too. */
function assertMayChange(s: Services, caller: Caller, t: Target, stored: StoredRecord, field: string): void {
  const rule = fieldFacts(s.catalogue, t.entity).editRules.get(field);
  if (rule && !allows(rule, caller.principal, ownedBy(t.entity, stored.key, stored.data, caller.principal.userKey))) {
    throw notAuthorized();
  }
}

/** A stored file that must stay (a record kept for retention) is neither removed nor replaced: 409. */
async function assertMayLetGo(s: Services, caller: Caller, t: Target, stored: StoredRecord, field: string) {
  const hook = hooksFor(t.entity.id)?.fileRemoval;
  if (hook && stored.data[field] !== undefined) await hook({ s, caller, record: stored, field });
}

/** The stored record whose file this caller may read, and the file's value; 404 when there is no file. */
async function readableFile(s: Services, caller: Caller, t: Target, key: string, field: string) {
  const record = await readableRecord(s, caller, t, key);
  const facts = fieldFacts(s.catalogue, t.entity);
  if (unreadableFields(facts, caller.principal, t.entity, record).includes(field)) throw notFound();
  assertNotExpired(
    s,
    facts.files.find((f) => f.field === field),
    record,
  );
  const value = record.data[field];
  const ref = await fileRef(s, record.org, t.entity.id, record.key, field);
  if (!isFileValue(value) || !ref) throw notFound();
  return { record, value, ref };
}

/**
 * A file past the time its record's `x-file.expires` field holds is no longer given out (a secure
 * company file: "After this time the file is removed."): `410` to a download, a download link
 * and a link made before. Before, it downloaded for ever.
 */
function assertNotExpired(s: Services, spec: FileField | undefined, record: StoredRecord): void {
  const at = spec?.expires ? record.data[spec.expires] : undefined;
  if (typeof at !== 'number' || at > s.now()) return;
  throw new ApiError(410, 'This file has expired', [
    { path: `/${spec!.field}`, message: `This file expired on ${epochToUs(at)} and is no longer given out.` },
  ]);
}

/** The x-file-name header: percent-encoded UTF-8 (as encodeURIComponent writes it) or plain ASCII. */
function fileName(c: Context, field: string): string {
  const raw = requestHeader(c, 'x-file-name');
  if (raw === undefined || raw.trim() === '') {
    throw badRequest('Validation failed', [{ path: `/${field}`, message: 'The x-file-name header names the file.' }]);
  }
  let name = utf8Bytes(raw);
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not percent-encoded: the name as sent.
  }
  return cleanFileName(name);
}

/**
 * A header's bytes arrive one a character. A client that does not percent-encode the name (curl)
 * sends its UTF-8 bytes, read as "RÃ©sumÃ©": those are decoded as UTF-8 when they are valid UTF-8,
 * and are otherwise taken as the Latin-1 they are.
 */
function utf8Bytes(raw: string): string {
  if (!/[\x80-\xff]/.test(raw) || /[\u0100-\uffff]/.test(raw)) return raw;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(raw, 'latin1'));
  } catch {
    return raw;
  }
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
function disposition(stored: string, type: string): string {
  // A file stored before names followed types downloads under the name of what it is too.
  const name = nameForType(stored, type);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  // A name stored before names were cleaned of half characters still downloads.
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(cleanFileName(name))}`;
}

/**
 * A value of RFC 5987 (attr-char or %XX). encodeURIComponent leaves ' ( ) * as they are, which the
 * grammar does not allow: Chromium then dropped the UTF-8 name for the ASCII one, and O'Brien's
 * résumé downloaded as "O'Brien r_sum_.pdf".
 */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function fileRoutes(s: Services, module: string) {
  const app = new Hono<AppEnv>();
  const keys = (s.downloadKeys ?? memoryDownloadKeys)('file', { now: s.now, ttlSeconds: FILE_KEY_SECONDS });
  const grantName = (type: string, field: string) => `file:${module}/${type}/${field}`;
  const auth = signedIn(s);
  // A download key (?download=) is the credential of a plain link, proved by the route itself.
  const authUnlessKey = signedInUnless(s, (c) => c.req.query('download') !== undefined);

  app.put('/files/:type/:key/:field', auth, async (c) => {
    const caller = c.var.caller;
    const t = target(s, caller, module, c.req.param('type'));
    const spec = fileOf(s, t, c.req.param('field'));
    const key = recordKey(c);
    const stored = await editableRecord(s, caller, t, key);
    assertMayChange(s, caller, t, stored, spec.field);
    await assertMayLetGo(s, caller, t, stored, spec.field);
    // A declared size over the limit is refused before a byte of the body is read.
    const declared = Number(requestHeader(c, 'content-length') ?? NaN);
    if (declared > spec.maxBytes) throw fileTooLarge(spec);
    const value = await storeUpload(s, caller, t, key, spec, {
      name: fileName(c, spec.field),
      declaredType: (requestHeader(c, 'content-type') ?? '').split(';')[0].trim().toLowerCase(),
      source: bodyChunks(c),
      declaredSize: Number.isSafeInteger(declared) ? declared : undefined,
      request: requestInfo(c),
    });
    return c.json(value);
  });

  app.delete('/files/:type/:key/:field', auth, async (c) => {
    const caller = c.var.caller;
    const t = target(s, caller, module, c.req.param('type'));
    const spec = fileOf(s, t, c.req.param('field'));
    const key = recordKey(c);
    const stored = await editableRecord(s, caller, t, key);
    assertMayChange(s, caller, t, stored, spec.field);
    await assertMayLetGo(s, caller, t, stored, spec.field);
    await removeFile(s, caller, t, key, spec, requestInfo(c));
    return c.body(null, 204);
  });

  app.post('/files/:type/:key/:field/download_key', auth, async (c) => {
    const caller = c.var.caller;
    const type = c.req.param('type');
    const t = target(s, caller, module, type);
    const spec = fileOf(s, t, c.req.param('field'));
    const key = recordKey(c);
    await readableFile(s, caller, t, key, spec.field);
    const { downloadKey, expires } = await keys.issue({
      org: caller.org.id,
      user: caller.user.key,
      sid: caller.sid,
      sessionExp: caller.exp,
      form: grantName(type, spec.field),
      key,
    });
    const url = `/${module}/api/files/${type}/${key}/${spec.field}?download=${downloadKey}`;
    return c.json({ download_key: downloadKey, expires, url }, 201);
  });

  app.get('/files/:type/:key/:field', getOnly, authUnlessKey, async (c) => {
    const download = c.req.query('download');
    const type = c.req.param('type');
    const field = c.req.param('field');
    const key = recordKey(c);
    let caller: Caller;
    if (download === undefined) caller = c.var.caller!;
    else {
      // The key opens this one file once, for the session that asked for it, still live.
      const grant = await keys.redeem(download);
      const headerOrg = requestHeader(c, 'organization-id')?.toLowerCase();
      if (
        !grant ||
        grant.form !== grantName(type, field) ||
        grant.key !== key ||
        (headerOrg && headerOrg !== grant.org)
      ) {
        throw invalidToken();
      }
      caller = await callerOfSession(s, grant.org, grant.sid, grant.user, grant.sessionExp);
    }
    const t = target(s, caller, module, type);
    const spec = fileOf(s, t, field);
    const { record, value, ref } = await readableFile(s, caller, t, key, spec.field);
    // A sensitive file read is a reveal, audited before a byte leaves, as a whole SSN is.
    if (spec.encrypted) {
      await commitReveal(s, c, caller, {
        module: t.entity.module,
        type: t.entity.type,
        key,
        affectedUser: ownerOf(t.entity, key, record.data),
        fields: [spec.field],
        detail: { file: { name: value.name, sha256: value.sha256 } },
      });
    }
    let bytes: Readable;
    try {
      bytes = await blobsOf(s).open(record.org, ref.blob);
    } catch (e) {
      if (e instanceof BlobMissing) {
        s.log('error', 'files: a record points at a blob that is gone', { type: t.entity.id, key, field });
        throw notFound();
      }
      throw e;
    }
    if (spec.count) await countDownload(s, t, record.org, key, spec.count);
    let body: Readable = bytes;
    if (ref.wrapped) {
      body = new PassThrough();
      // Only the decryption's own failure is one of the file's; a client hanging up mid-download ends
      // the pipeline too (an abort), and is no alarm.
      pipeline(bytes, decryptStream(unwrapFileKey(s.cipher, ref.wrapped)), body as PassThrough).catch((e: unknown) => {
        if (e instanceof FileIntegrityError)
          s.log('error', 'files: a stored file failed its integrity check', {
            type: t.entity.id,
            key,
            error: String(e),
          });
      });
    }
    return c.body(Readable.toWeb(body) as ReadableStream, 200, {
      'Content-Type': value.type,
      'Content-Length': String(value.size),
      'Content-Disposition': disposition(value.name, value.type),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // The URL may hold a (spent) download key: keep it out of any Referer.
      'Referrer-Policy': 'no-referrer',
    });
  });

  return app;
}
