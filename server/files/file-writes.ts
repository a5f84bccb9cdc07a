/**
 * The writes of a file field: an upload (streamed to the blob store, then the record, the blob's
 * references and the audit entry committed together) and a removal. The field's value
 * `{name, size, type, sha256, uploaded_time}` is written here and nowhere else.
 */
import { createHash } from 'node:crypto';
import { ownerOf } from '../../engine/access.ts';
import { fieldsSetByFile, nameForType, shortenFileName, type FileField, type FileValue } from '../../engine/files.ts';
import type { Caller } from '../auth/principal.ts';
import { actorOf, auditOp, type AuditActor } from '../data/audit.ts';
import type { RequestInfo, Target } from '../data/records.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { VersionConflictError, type DataObject, type StoredRecord } from '../storage/types.ts';
import type { StagedBlob } from './blob-store.ts';
import { encryptChunks, newFileKey, wrapFileKey } from './file-cipher.ts';
import { roomFor, usageOps } from './file-usage.ts';
import {
  blobsOf,
  commitRetrying,
  fileRef,
  heldFile,
  keepAndCommit,
  removeOrphans,
  repoint,
  withFileLock,
  type FileRef,
} from './references.ts';
import { FileEmpty, FileTooLarge, FileTypeRefused, limitBytes, sniffType } from './upload-body.ts';

export interface UploadInput {
  name: string;
  /** The request's Content-Type, lower-cased without parameters. */
  declaredType: string;
  source: AsyncIterable<Uint8Array>;
  /** The Content-Length sent, if any: a body that ends short of it is not a file. */
  declaredSize?: number;
  request: RequestInfo;
}

/** 413 for a file over its field's limit; the connection closes, the rest of the body unread. */
export function fileTooLarge(spec: FileField): ApiError {
  return new ApiError(
    413,
    'Payload too large',
    [{ path: `/${spec.field}`, message: `A file here may have at most ${spec.maxBytes} bytes.` }],
    { Connection: 'close' },
  );
}

function typeRefused(spec: FileField, found: string | undefined): ApiError {
  const allowed = spec.accept.length ? spec.accept.join(', ') : 'any recognised type';
  const is = found ? `its content is ${found}` : 'its content is of no recognised type';
  return new ApiError(
    415,
    'Unsupported file type',
    [{ path: `/${spec.field}`, message: `A file here must be one of: ${allowed} (${is}).` }],
    { Connection: 'close' },
  );
}

/**
 * Whom a file change is written as: a signed-in caller, or the server itself (a file whose expiry
 * passed), which the audit log names "system".
 */
interface FileWriter {
  org: string;
  orgName: string;
  by: string;
  actor: AuditActor | undefined;
}

const writerOf = (caller: Caller): FileWriter => ({
  org: caller.org.id,
  orgName: caller.org.name,
  by: caller.user.key,
  actor: actorOf(caller),
});

/** A copy of the stored record with some fields set (undefined removes one), one version on. */
function withFields(record: StoredRecord, fields: DataObject, by: string, now: number): StoredRecord {
  const data: DataObject = { ...record.data };
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) delete data[k];
    else data[k] = v;
  }
  return {
    ...record,
    data,
    meta: { ...record.meta, updated_by: by, updated_time: now, version: record.meta.version + 1 },
  };
}

async function current(s: Services, t: Target, org: string, key: string): Promise<StoredRecord> {
  const r = await s.storage.get(t.entity.id, org, key);
  if (!r) throw notFound();
  return r;
}

/**
 * One commit for a file field's change (upload or removal): the record's new fields, the blob
 * references moved, the usage counts moved (an upload past a quota refused), and the audit entry;
 * the record, the references and the counts are read afresh on each try (another process may have
 * moved them). Answers the blobs nothing holds any more; `check` refuses the change against the
 * record as it stands (404 when it has no file).
 */
async function commitFileChange(
  s: Services,
  writer: FileWriter,
  t: Target,
  key: string,
  field: string,
  ref: FileRef | undefined,
  fields: DataObject,
  audit: { fields: string[]; detail: Record<string, unknown>; request: RequestInfo; now: number },
  check?: (record: StoredRecord) => void,
): Promise<string[]> {
  const org = writer.org;
  return commitRetrying(
    async () => {
      const record = await current(s, t, org, key);
      check?.(record);
      const moved = await repoint(s, org, t.entity.id, record.key, field, ref);
      const usage = await usageOps(
        s,
        org,
        [{ gone: moved.prior && heldFile(moved.prior, record.data[field]), added: ref && heldFile(ref, undefined) }],
        ref && { field, orgName: writer.orgName },
      );
      await s.storage.commit([
        {
          op: 'put',
          expectVersion: record.meta.version,
          record: withFields(record, fields, writer.by, audit.now),
        },
        ...moved.ops,
        ...usage,
        auditOp({
          org,
          actor: writer.actor,
          action: 'update',
          module: t.entity.module,
          type: t.entity.type,
          key: record.key,
          affectedUser: ownerOf(t.entity, record.key, record.data),
          fields: audit.fields,
          detail: audit.detail,
          browser: audit.request.browser,
          address: audit.request.address,
          now: audit.now,
        }),
      ]);
      return moved.orphans;
    },
    8,
    // Another upload of the field marks the record uploading meanwhile (setStatus, outside the
    // file lock): the file change is made again over the record as it is now.
    t.entity.id,
  );
}

/**
 * Sets a record's status field; answers the record's version after it. With `only`, only while the
 * record is still at that version: an upload that failed puts back the status it found unless
 * another upload of the same file finished meanwhile (its status stands). The record read may have
 * moved before the write (another upload of the field marking it too, from another tab): the write
 * is worked out again over what is there now. Before, the caller got `409 Version conflict` for a
 * step of the server's own, having sent no version.
 */
async function setStatus(
  s: Services,
  t: Target,
  caller: Caller,
  key: string,
  field: string,
  value: string,
  only?: number,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const r = await current(s, t, caller.org.id, key);
    if ((only !== undefined && r.meta.version !== only) || r.data[field] === value) return r.meta.version;
    try {
      await s.storage.commit([
        {
          op: 'put',
          expectVersion: r.meta.version,
          record: withFields(r, { [field]: value }, caller.user.key, s.now()),
        },
      ]);
      return r.meta.version + 1;
    } catch (e) {
      if (!(e instanceof VersionConflictError) || attempt >= STATUS_TRIES) throw e;
      await new Promise((done) => setTimeout(done, Math.random() * 10 * attempt));
    }
  }
}

/** How many times a status is worked out again over others' writes before the conflict is answered. */
const STATUS_TRIES = 8;

export async function storeUpload(
  s: Services,
  caller: Caller,
  t: Target,
  key: string,
  spec: FileField,
  input: UploadInput,
): Promise<FileValue> {
  const org = caller.org.id;
  const status = spec.status;
  // The room left by the company's and the uploader's quotas, the file this one replaces given back.
  const roomNow = async () => {
    const record = await current(s, t, org, key);
    const prior = await fileRef(s, org, t.entity.id, key, spec.field);
    return roomFor(s, org, caller.user.key, prior && heldFile(prior, record.data[spec.field]));
  };
  const first = await roomNow();
  // A declared size past the room is refused before a byte of the body is read, and before the status moves.
  if (input.declaredSize !== undefined && input.declaredSize > first.room) {
    throw first.refusal(spec.field, caller.org.name, input.declaredSize);
  }
  const cap = Math.min(spec.maxBytes, first.room);
  const priorStatus = status ? (await current(s, t, org, key)).data[status.field] : undefined;
  const marked = status ? await setStatus(s, t, caller, key, status.field, status.uploading) : 0;
  let staged: StagedBlob | undefined;
  let committed = false;
  try {
    const { type, chunks } = await sniffType(limitBytes(input.source, cap), spec.accept, input.declaredType);
    const hash = createHash('sha256');
    let size = 0;
    const counted = (async function* () {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.byteLength;
        yield chunk;
      }
    })();
    const fileKey = spec.encrypted ? newFileKey() : undefined;
    staged = await blobsOf(s).stage(org, fileKey ? encryptChunks(fileKey, counted) : counted);
    if (input.declaredSize !== undefined && size !== input.declaredSize) {
      throw new ApiError(400, 'The upload ended before the length it declared', [
        { path: `/${spec.field}`, message: `Received ${size} of ${input.declaredSize} bytes.` },
      ]);
    }
    // Others' uploads may have taken the room meanwhile: refused before the bytes are kept. The
    // commit checks once more against the counts it moves, for uploads that commit meanwhile.
    const again = await roomNow();
    if (size > again.room) throw again.refusal(spec.field, caller.org.name, size);
    const now = s.now();
    const value: FileValue = {
      name: nameForType(input.name, type),
      size,
      type,
      sha256: hash.digest('hex'),
      uploaded_time: now,
    };
    const ref: FileRef = {
      blob: staged.id,
      ...(fileKey ? { wrapped: wrapFileKey(s.cipher, fileKey) } : {}),
      size,
      by: caller.user.key,
    };
    const blob = staged;
    const fields: DataObject = { [spec.field]: value };
    if (status) fields[status.field] = status.uploaded;
    if (status?.time) fields[status.time] = now;
    // The record's own name, type and size of its file follow the file: nobody types what the upload knows.
    if (spec.name) fields[spec.name.field] = shortenFileName(value.name, spec.name.maxLength);
    if (spec.type) fields[spec.type] = value.type;
    if (spec.size) fields[spec.size] = value.size;
    const orphans = await withFileLock(s, () =>
      keepAndCommit(s, org, blob, async () => {
        const out = await commitFileChange(s, writerOf(caller), t, key, spec.field, ref, fields, {
          fields: [spec.field, ...(status ? [status.field] : []), ...fieldsSetByFile(spec)],
          detail: { file: { name: value.name, size: value.size, type: value.type, sha256: value.sha256 } },
          request: input.request,
          now,
        });
        committed = true;
        return out;
      }),
    );
    await removeOrphans(s, org, orphans);
    return value;
  } catch (e) {
    if (staged && !committed) await staged.discard();
    if (status && !committed) {
      const prior = String(priorStatus ?? status.cleared ?? '');
      await setStatus(s, t, caller, key, status.field, prior, marked).catch(() => {});
    }
    if (e instanceof FileTooLarge)
      throw cap < spec.maxBytes ? first.refusal(spec.field, caller.org.name) : fileTooLarge(spec);
    if (e instanceof FileTypeRefused) throw typeRefused(spec, e.found);
    if (e instanceof FileEmpty) {
      throw new ApiError(400, 'The file is empty', [
        { path: `/${spec.field}`, message: 'The upload held no bytes: choose a file with content.' },
      ]);
    }
    throw e;
  }
}

/**
 * Counts a download in the record's `x-file.count` field (a secure company file's "Downloads"), as
 * the server. Downloads at once are each counted: a commit overtaken is made again over the count as
 * it stands. The count moves the record's version (an edit opened before it is asked to reload) but
 * not its last change, which stays the last person's.
 */
export async function countDownload(s: Services, t: Target, org: string, key: string, field: string): Promise<void> {
  await commitRetrying(
    async () => {
      const record = await current(s, t, org, key);
      const before = Number(record.data[field] ?? 0);
      await s.storage.commit([
        {
          op: 'put',
          expectVersion: record.meta.version,
          record: {
            ...record,
            data: { ...record.data, [field]: (Number.isSafeInteger(before) && before >= 0 ? before : 0) + 1 },
            meta: { ...record.meta, version: record.meta.version + 1 },
          },
        },
      ]);
    },
    COUNT_TRIES,
    t.entity.id,
  );
}

/** How many times a download's count is made again over others' (downloads at once of one file). */
const COUNT_TRIES = 30;

/** Removes a field's file: the value goes, the bytes once nothing else holds them. */
export function removeFile(
  s: Services,
  caller: Caller,
  t: Target,
  key: string,
  spec: FileField,
  request: RequestInfo,
): Promise<void> {
  return removeFileAs(s, writerOf(caller), t, key, spec, request, 'removed', (record) => {
    if (record.data[spec.field] === undefined) throw notFound();
  });
}

/**
 * Removes a file whose expiry (its record's `x-file.expires` field) has passed, as the server: the
 * record keeps its other fields and its expiry; the audit entry's detail says `file: "expired"`.
 * Answers whether it removed one (a record changed meanwhile is judged again as it stands now).
 */
export async function removeExpiredFile(
  s: Services,
  org: string,
  t: Target,
  key: string,
  spec: FileField & { expires: string },
): Promise<boolean> {
  const writer: FileWriter = { org, orgName: '', by: 'system', actor: undefined };
  try {
    await removeFileAs(s, writer, t, key, spec, {}, 'expired', (record) => {
      const at = record.data[spec.expires];
      if (record.data[spec.field] === undefined || typeof at !== 'number' || at > s.now()) throw new NothingToRemove();
    });
    return true;
  } catch (e) {
    if (e instanceof NothingToRemove) return false;
    throw e;
  }
}

class NothingToRemove extends Error {}

async function removeFileAs(
  s: Services,
  writer: FileWriter,
  t: Target,
  key: string,
  spec: FileField,
  request: RequestInfo,
  why: 'removed' | 'expired',
  check: (record: StoredRecord) => void,
): Promise<void> {
  const now = s.now();
  const fields: DataObject = { [spec.field]: undefined };
  if (spec.status?.cleared) fields[spec.status.field] = spec.status.cleared;
  if (spec.status?.time) fields[spec.status.time] = undefined;
  for (const field of fieldsSetByFile(spec)) fields[field] = undefined;
  const orphans = await withFileLock(s, () =>
    commitFileChange(
      s,
      writer,
      t,
      key,
      spec.field,
      undefined,
      fields,
      {
        fields: [spec.field, ...fieldsSetByFile(spec)],
        detail: { file: why },
        request,
        now,
      },
      check,
    ),
  );
  await removeOrphans(s, writer.org, orphans);
}
