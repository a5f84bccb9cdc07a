/**
 * How many bytes of files each company keeps, and each person uploaded into it, against the
 * company's quotas (./file-quota.ts: its own limits where product staff set them, else the
 * deployment's DFORM_FILE_QUOTA_COMPANY and DFORM_FILE_QUOTA_USER): every company shares one disk
 * or bucket, so none may fill it. A file counts by its size as recorded in its value, once
 * per field that holds it (identical bytes in two records count twice, though kept once).
 *
 * The counts are records of their own (system/file_usage) moved in the very commit that holds or
 * lets go of a file, each from the version read: of two uploads that each fit alone but not
 * together, across processes too, the second commit meets a version conflict, is worked out again
 * over the first (./references.ts commitRetrying) and refused. Bytes swept as orphans were never
 * counted: only the fields that hold a file are.
 *
 * A company without its record (files stored before the quota) is summed from its file fields once,
 * by the start-up pass below or by the first change that moves it. A person without one has
 * uploaded nothing since: every upload that names its uploader moves that person's record.
 */
import { byteAmount as amount } from '../../engine/byte-amount.ts';
import { isFileValue } from '../../engine/files.ts';
import { commitUnlessTaken, markPassDone, passDone } from '../data/record-walk.ts';
import { putOver } from '../data/system-write.ts';
import { ApiError } from '../http/errors.ts';
import { quotaOf } from './file-quota.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';

/** A file a field holds: its recorded size, and who uploaded it (unknown for files stored before uploaders were kept). */
export interface HeldFile {
  size: number;
  by?: string;
}

/** One field's change: the file it lets go of and the one it takes, either or both. */
export interface FileMove {
  gone?: HeldFile;
  added?: HeldFile;
}

export interface Usage {
  bytes: number;
  files: number;
}

const ALL = { criteria: [], limit: Number.MAX_SAFE_INTEGER, offset: 0 };

const personKey = (org: string, user: string) => `${org}/${user}`;

/** The size a field's stored value records (0 for a value that is no file). */
export function recordedSize(value: unknown): number {
  return isFileValue(value) ? value.size : 0;
}

/**
 * A company's files summed from its file fields (system/file_blobs, keyed
 * `<module>/<type>/<record key>/<field>`): the size each reference keeps, else the record's value.
 */
async function summed(s: Services, org: string): Promise<Usage> {
  let bytes = 0;
  let files = 0;
  for (const ref of (await s.storage.find(SYSTEM.fileBlobs, org, ALL)).items) {
    let size = typeof ref.data.size === 'number' ? ref.data.size : undefined;
    if (size === undefined) {
      const [module, type, key, field] = ref.key.split('/');
      size = recordedSize((await s.storage.get(`${module}/${type}`, org, key))?.data[field]);
    }
    bytes += size;
    files++;
  }
  return { bytes, files };
}

/** A company's usage (org alone) or a person's, and the record holding it (none yet). */
async function readUsage(s: Services, org: string, user?: string): Promise<Usage & { record?: StoredRecord }> {
  const record = await s.storage.get(SYSTEM.fileUsage, org, user ? personKey(org, user) : org);
  if (record) return { bytes: Number(record.data.bytes) || 0, files: Number(record.data.files) || 0, record };
  return user ? { bytes: 0, files: 0 } : summed(s, org);
}

/** What a company's files use (org alone), or what one person uploaded into it, as counted now. */
export async function usageOf(s: Services, org: string, user?: string): Promise<Usage> {
  const { bytes, files } = await readUsage(s, org, user);
  return { bytes, files };
}

/** What the quota refuses: whose files, how many bytes they use, the limit. */
interface Refusal {
  person: boolean;
  orgName: string;
  used: number;
  limit: number;
  /** The file's size; unknown while a body without Content-Length is read. */
  size?: number;
}

/** 413: the file does not fit the company's room or the uploader's; nothing is stored. */
export function quotaRefused(field: string, r: Refusal): ApiError {
  const whose = r.person
    ? `Your files use ${amount(r.used, true)} of the ${amount(r.limit)} one person may upload to ${r.orgName}`
    : `${r.orgName}'s files use ${amount(r.used, true)} of ${amount(r.limit)}`;
  const file = r.size === undefined ? 'this file' : `this ${amount(r.size)} file`;
  const message = `${whose}: ${file} does not fit. Remove files you no longer need, or ask product staff for more room.`;
  return new ApiError(413, 'File storage quota reached', [{ path: `/${field}`, message }], { Connection: 'close' });
}

/**
 * The writes of the usage records `moves` change, each from the version read here. With `check`,
 * a record that grows past its limit refuses the whole change (quotaRefused); one that shrinks, or
 * stays past a limit lowered since without growing, is written. Moves that cancel out write nothing.
 */
export async function usageOps(
  s: Services,
  org: string,
  moves: readonly FileMove[],
  check?: { field: string; orgName: string },
): Promise<WriteOp[]> {
  const deltas = new Map<string, { user?: string; bytes: number; files: number; size: number }>();
  const move = (user: string | undefined, f: HeldFile, sign: 1 | -1) => {
    const id = user ?? '';
    const d = deltas.get(id) ?? { user, bytes: 0, files: 0, size: 0 };
    d.bytes += sign * f.size;
    d.files += sign;
    if (sign > 0) d.size += f.size;
    deltas.set(id, d);
  };
  for (const { gone, added } of moves) {
    for (const [f, sign] of [
      [gone, -1],
      [added, 1],
    ] as const) {
      if (!f) continue;
      move(undefined, f, sign);
      if (f.by) move(f.by, f, sign);
    }
  }
  // Only a change that may grow a count is checked, against the limits as they stand now.
  const quota = check ? await quotaOf(s, org) : undefined;
  const now = s.now();
  const ops: WriteOp[] = [];
  for (const { user, bytes, files, size } of deltas.values()) {
    if (!bytes && !files) continue;
    const usage = await readUsage(s, org, user);
    const next = Math.max(0, usage.bytes + bytes);
    const limit = quota && (user ? quota.perUser : quota.perCompany);
    if (check && limit !== undefined && bytes > 0 && next > limit) {
      throw quotaRefused(check.field, { person: !!user, orgName: check.orgName, used: usage.bytes, limit, size });
    }
    const key = user ? personKey(org, user) : org;
    const data = { bytes: next, files: Math.max(0, usage.files + files), ...(user ? { user } : {}) };
    ops.push(putOver(SYSTEM.fileUsage, org, key, data, usage.record, now));
  }
  return ops;
}

/**
 * The room an upload by `uploader` has, replacing `prior` (its bytes go back): the least of the
 * company's and the person's, and the refusal to answer for a file past it.
 */
export async function roomFor(
  s: Services,
  org: string,
  uploader: string,
  prior: HeldFile | undefined,
): Promise<{ room: number; refusal: (field: string, orgName: string, size?: number) => ApiError }> {
  const quota = await quotaOf(s, org);
  const company = await readUsage(s, org);
  const person = await readUsage(s, org, uploader);
  // Past a limit lowered since, the room is what the replaced file gives back: no growth, as usageOps holds.
  const companyRoom = Math.max(0, quota.perCompany - company.bytes) + (prior?.size ?? 0);
  const personRoom = Math.max(0, quota.perUser - person.bytes) + (prior?.by === uploader ? prior.size : 0);
  const byPerson = personRoom < companyRoom;
  return {
    room: Math.max(0, Math.min(companyRoom, personRoom)),
    refusal: (field, orgName, size) =>
      quotaRefused(field, {
        person: byPerson,
        orgName,
        used: byPerson ? person.bytes : company.bytes,
        limit: byPerson ? quota.perUser : quota.perCompany,
        size,
      }),
  };
}

const PASS_MARKER = 'file-usage-v1';

/**
 * Once per store: every company without a usage record gets one, summed from its file fields. A
 * record another process made meanwhile stands (the write here fails and is left). Answers how
 * many companies with files were counted.
 */
export async function countFileUsage(s: Services): Promise<number> {
  if (await passDone(s, PASS_MARKER)) return 0;
  let made = 0;
  for (const org of (await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, ALL)).items) {
    if (await s.storage.get(SYSTEM.fileUsage, org.key, org.key)) continue;
    const usage = await summed(s, org.key);
    const put = putOver(SYSTEM.fileUsage, org.key, org.key, usage, undefined, s.now());
    if ((await commitUnlessTaken(s, [put])) && usage.files) made++;
  }
  await markPassDone(s, PASS_MARKER, { made });
  return made;
}
