/**
 * File sharing (docs/files.md "Sharing"): a share (storage/shares) names a file (storage/files) and
 * who may read and download it: users, file groups (storage/fgroups), or every signed-in user of
 * the company. The file record carries every share of it together (its server-owned shared_to_users,
 * shared_to_groups and publicly_shared), written in the same commit as the share, so that the
 * access rules read who a file is shared with from the file itself (@shared, x-shared-with) on
 * every store, in a read, a list and a download. A file private, protected or deleted carries none.
 */
import { can } from '../../../engine/access.ts';
import type { FieldError } from '../../../engine/messages.ts';
import type { Caller } from '../../auth/principal.ts';
import { ApiError, validationFailed } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../../storage/types.ts';
import type { EntityHooks } from '../hooks.ts';
import { FILE_GROUPS } from '../share-reach.ts';

export const FILES = 'storage/files';
export const SHARES = 'storage/shares';

/** How many shares one file may have: one per person who shares it is the use; more is a mistake or abuse. */
export const MAX_SHARES_PER_FILE = 100;
/** How many people, and how many groups, one file may be shared with in all its shares (a share's own bound). */
export const MAX_SHARED_TO = 2000;
const AT_MOST = MAX_SHARED_TO.toLocaleString('en-US');

export const NO_SUCH_FILE = 'No file you may share has this key.';
export const PRIVATE_FILE = 'This file is private: it cannot be shared. Make it not private first.';
export const PROTECTED_FILE = 'This file is protected: only its owner and file managers may read it.';
export const DELETED_FILE = 'This file is deleted: it cannot be shared.';
export const TOO_MANY_SHARES = `A file may have at most ${MAX_SHARES_PER_FILE} shares: add people to one of its shares instead.`;

interface Sharing {
  shared_to_users: string[];
  shared_to_groups: string[];
  publicly_shared: boolean;
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** Why a file with this data gives its shares nothing (private, protected, deleted), or undefined. */
function withheld(file: DataObject): string | undefined {
  if (file.private === true) return PRIVATE_FILE;
  if (file.protected === true) return PROTECTED_FILE;
  if (file.deleted === true) return DELETED_FILE;
  return undefined;
}

/**
 * What a file carries: every share of it together, or nothing while it is withheld (unless
 * `evenWithheld`, for the bounds). Only shares made by someone who could edit the file count: those
 * the server gave the file's owner (`file_owner`). A share stored before shares had any effect
 * (anyone could then name any file) has none, and gives nothing.
 */
function sharingOf(file: DataObject, shares: readonly DataObject[], evenWithheld = false): Sharing {
  if (!evenWithheld && withheld(file)) return { shared_to_users: [], shared_to_groups: [], publicly_shared: false };
  const users = new Set<string>();
  const groups = new Set<string>();
  let pub = false;
  for (const sh of shares) {
    if (typeof sh.file_owner !== 'string' || sh.file_owner !== file.owner_id) continue;
    for (const u of strings(sh.shared_to_users)) users.add(u);
    for (const g of strings(sh.shared_to_groups)) groups.add(g);
    if (sh.publicly_shared === true) pub = true;
  }
  return { shared_to_users: [...users], shared_to_groups: [...groups], publicly_shared: pub };
}

async function sharesOf(s: Services, org: string, fileKey: string): Promise<StoredRecord[]> {
  const found = await s.storage.find(SHARES, org, {
    criteria: [{ field: 'file_key', is: '=', value: fileKey }],
    limit: Infinity,
    offset: 0,
  });
  return found.items;
}

/** The file's shares with this one as it will be (or without it, deleted). */
async function sharesWith(s: Services, org: string, fileKey: string, key: string, data: DataObject | undefined) {
  const others = (await sharesOf(s, org, fileKey)).filter((r) => r.key !== key).map((r) => r.data);
  return data ? [...others, data] : others;
}

/**
 * The file as it carries its shares, written in the share's commit with the version it was read at:
 * a change of the file or of another share of it meanwhile fails the commit, which is then run
 * again over it (../write-lifecycle.ts): none is lost.
 * Read before its shares, so a share committed in between is among them. The file's last change
 * does not move: the file itself did not change.
 */
async function fileOps(
  s: Services,
  org: string,
  fileKey: string,
  key: string,
  data: DataObject | undefined,
): Promise<WriteOp[]> {
  const file = await s.storage.get(FILES, org, fileKey);
  if (!file) return [];
  const sharing = sharingOf(file.data, await sharesWith(s, org, fileKey, key, data));
  if (sameSharing(file.data, sharing))
    return [{ op: 'check', collection: FILES, org, key: fileKey, expectVersion: file.meta.version }];
  return [
    {
      op: 'put',
      record: { ...file, data: { ...file.data, ...sharing }, meta: { ...file.meta, version: file.meta.version + 1 } },
      expectVersion: file.meta.version,
    },
  ];
}

function sameSharing(data: DataObject, sharing: Sharing): boolean {
  return (
    JSON.stringify(strings(data.shared_to_users)) === JSON.stringify(sharing.shared_to_users) &&
    JSON.stringify(strings(data.shared_to_groups)) === JSON.stringify(sharing.shared_to_groups) &&
    (data.publicly_shared === true) === sharing.publicly_shared
  );
}

/** The file a share names, when the caller may share it (may edit it); the same refusal otherwise. */
async function fileToShare(s: Services, caller: Caller, fileKey: unknown): Promise<StoredRecord> {
  const refuse = (message: string) => validationFailed([{ path: '/file_key', message }]);
  if (typeof fileKey !== 'string' || !fileKey) throw refuse(NO_SUCH_FILE);
  const file = await s.storage.get(FILES, caller.org.id, fileKey.toLowerCase());
  const entity = s.catalogue.registry.resolve('storage', 'files')!.entity;
  // Another person's file is answered as no file at all: the answer tells nothing of what exists.
  if (!file || !can(entity, 'edit', caller.principal, file)) throw refuse(NO_SUCH_FILE);
  return file;
}

export const shareHooks: EntityHooks = {
  // The file's owner and module are the file's: set here, from the file the caller may edit. A
  // refusal here names, beside its own field, every field the schema refuses too.
  async prepare({ s, caller, data, before, incoming }) {
    // No file named: the schema's own message (File is required.).
    if (!before && (typeof data.file_key !== 'string' || !data.file_key)) return data;
    const refuse = (errors: FieldError[], shaped: DataObject) => {
      const entity = s.catalogue.registry.resolve('storage', 'shares')!.entity;
      const named = new Set(errors.map((e) => e.path));
      return validationFailed([
        ...errors,
        ...s.catalogue
          .validator(entity)(shaped)
          .filter((e) => !named.has(e.path) && e.path !== '/file_key'),
      ]);
    };
    const file = await fileToShare(s, caller, before ? before.file_key : data.file_key).catch((e: unknown) => {
      throw e instanceof ApiError && e.errors ? refuse(e.errors, data) : e;
    });
    const module = file.data.module;
    const out: DataObject = { ...data, file_owner: file.data.owner_id };
    if (!before) {
      out.file_key = file.key;
      // Whom it is shared with is read by the file's owner and file managers only (x-read); on a
      // create the owner is known only now, so the derive stage kept the fields' defaults. The
      // caller may edit the file, so they are its owner or a file manager: theirs as sent.
      for (const field of ['shared_to_users', 'shared_to_groups'])
        if (incoming[field] !== undefined) out[field] = incoming[field];
    }
    if (typeof module === 'string') out.module = module;
    else delete out.module;
    return out;
  },
  // Once the rest is valid: a file that may not be shared now, a module other than the file's, the
  // bounds, and the groups' modules.
  async validate({ s, caller, key, data, before, incoming }) {
    const org = caller.org.id;
    const fileKey = String(data.file_key);
    const errors: FieldError[] = [];
    const file = await s.storage.get(FILES, org, fileKey);
    const why = file && !before ? withheld(file.data) : undefined;
    if (why) errors.push({ path: '/file_key', message: why });
    if (incoming.module !== undefined && incoming.module !== data.module) {
      errors.push({
        path: '/module',
        message:
          typeof data.module === 'string' ? `Must be the file's module (${data.module}).` : 'The file has no module.',
      });
    }
    const all = await sharesWith(s, org, fileKey, key, data);
    if (!before && all.length > MAX_SHARES_PER_FILE) errors.push({ path: '/file_key', message: TOO_MANY_SHARES });
    const sharing = sharingOf(file?.data ?? {}, all, true);
    if (sharing.shared_to_users.length > MAX_SHARED_TO) {
      errors.push({
        path: '/shared_to_users',
        message: `A file may be shared with at most ${AT_MOST} people in all its shares.`,
      });
    }
    if (sharing.shared_to_groups.length > MAX_SHARED_TO) {
      errors.push({
        path: '/shared_to_groups',
        message: `A file may be shared with at most ${AT_MOST} file groups in all its shares.`,
      });
    }
    // A group takes files of its modules only (ALL: any), checked for each group the write adds.
    const had = new Set(strings(before?.shared_to_groups));
    const groups = strings(data.shared_to_groups);
    const added = groups.map((g, i) => ({ g, i })).filter(({ g }) => !had.has(g));
    for (let from = 0; from < added.length; from += 100) {
      const batch = added.slice(from, from + 100);
      const found = await s.storage.getMany(
        org,
        batch.map(({ g }) => ({ collection: FILE_GROUPS, key: g })),
      );
      batch.forEach(({ i }, j) => {
        const modules = strings(found[j]?.data.modules);
        if (!found[j] || modules.includes('ALL')) return;
        const module = data.module;
        if (typeof module === 'string' && modules.includes(module)) return;
        const takes = `This group takes files of ${modules.join(', ')} only`;
        errors.push({
          path: `/shared_to_groups/${i}`,
          message: typeof module === 'string' ? `${takes}: not of ${module}.` : `${takes}: this file has no module.`,
        });
      });
    }
    return errors;
  },
  async extraOps({ s, caller, key, data }) {
    return fileOps(s, caller.org.id, String(data.file_key), key, data);
  },
  async onDelete({ s, caller, record }) {
    return fileOps(s, caller.org.id, String(record.data.file_key), record.key, undefined);
  },
};

export const fileHooks: EntityHooks = {
  // What the file carries follows its flags: made private (protected, deleted) it carries nothing;
  // made not private again, its shares once more.
  async amend({ s, caller, key, data, before }) {
    if (!before) return data;
    const sharing = sharingOf(
      data,
      (await sharesOf(s, caller.org.id, key)).map((r) => r.data),
    );
    if (sameSharing(data, sharing)) return data;
    return { ...data, ...sharing };
  },
  // Its shares go with it.
  async onDelete({ s, caller, record }) {
    return (await sharesOf(s, caller.org.id, record.key)).map((r): WriteOp => ({
      op: 'delete',
      collection: SHARES,
      org: r.org,
      key: r.key,
      expectVersion: r.meta.version,
    }));
  },
};

/** Modules a group may narrow to only when no share with it is of a module left out. */
export const fileGroupHooks: EntityHooks = {
  // A group with no administrator named is its creator's to change.
  prepare({ caller, data, before }) {
    const admins = data.group_admins;
    // Anything but none or an empty list is the schema's to judge (a text: Must be a list).
    if (before || (admins !== undefined && !(Array.isArray(admins) && admins.length === 0))) return data;
    return { ...data, group_admins: [caller.principal.userKey] };
  },
  async validate({ s, caller, key, data, before }) {
    if (!before) return [];
    const modules = strings(data.modules);
    if (modules.includes('ALL')) return [];
    const found = await s.storage.find(SHARES, caller.org.id, {
      criteria: [{ field: 'shared_to_groups', is: 'contains', value: key }],
      limit: Infinity,
      offset: 0,
    });
    const left = new Set<string>();
    for (const sh of found.items) {
      const m = sh.data.module;
      if (typeof m !== 'string' || !modules.includes(m)) left.add(typeof m === 'string' ? m : 'no module');
    }
    if (!left.size) return [];
    return [
      {
        path: '/modules',
        message: `Files of ${[...left].sort().join(', ')} are shared with this group: keep ${left.size > 1 ? 'those modules' : 'that module'}, or take the group out of those shares first.`,
      },
    ];
  },
};
