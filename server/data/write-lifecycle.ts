/**
 * The write lifecycle: every create, save, update (patch) and delete of a record passes through the
 * stages below, in this order and no other. Each stage is named once here, in WRITE_STAGES, and
 * lives in the module of its job: write-access.ts (authorize), write-derive.ts (derive),
 * write-validate.ts (save transforms and the three validations), write-operations.ts (extra
 * operations), write-commit.ts (commit, after commit, load transforms). An entity's hooks (./hooks.ts)
 * run inside the stage that names them. docs/write-lifecycle.md walks one write through.
 */
import type { FieldError } from '../../engine/messages.ts';
import type { Caller } from '../auth/principal.ts';
import { ApiError } from '../http/errors.ts';
import type { Services } from '../services.ts';
import { VersionConflictError, type DataObject, type StoredRecord, type WriteOp } from '../storage/types.ts';
import { fieldFacts, type FieldFacts } from './fields.ts';
import { hooksFor, type EntityHooks } from './hooks.ts';
import { replayedRecord, type IdempotentCreate } from './idempotency.ts';
import { type RequestInfo, type Target, type WireRecord, type WriteMode } from './records.ts';
import type { BindResult } from './signatures.ts';
import { authorize, authorizeRemoval, type Access } from './write-access.ts';
import { afterCommit, afterDeleteCommit, answer, commitDelete, commitWrite } from './write-commit.ts';
import { derive } from './write-derive.ts';
import { deleteOperations, writeOperations } from './write-operations.ts';
import {
  saveTransforms,
  validateByHook,
  validateByRule,
  validateBySchema,
  validateReferences,
} from './write-validate.ts';

/** One write as it passes through the stages: what was asked, and what each stage made of it. */
export interface Write {
  s: Services;
  caller: Caller;
  t: Target;
  facts: FieldFacts;
  hook: EntityHooks | undefined;
  /** The mode the client asked for; `mode` is what it is once authorized (a save of nothing stored creates). */
  requested: WriteMode | 'delete';
  mode: WriteMode | 'delete';
  key: string;
  /** For a type keyed by user: the user the record is (or will be) theirs, decided by the authorize stage. */
  user?: string;
  incoming: DataObject;
  opts: { ifMatch?: string; idempotencyKey?: string; request: RequestInfo };
  idem?: IdempotentCreate;
  /** Decided once by the authorize stage; no later stage asks the access rules again. */
  access?: Access;
  stored?: StoredRecord;
  /** The stored data in clear. */
  before?: DataObject;
  /** The version the record will have. */
  version: number;
  now: number;
  /** The data to store: in clear until the extra operations stage seals it. */
  data: DataObject;
  errors: FieldError[];
  bindings: Record<string, unknown>;
  signatures?: BindResult;
  ops: WriteOp[];
  record?: StoredRecord;
  /** Set by a stage that answers the write itself (an idempotent retry); the rest do not run. */
  answer?: { record: WireRecord; created: boolean };
}

type Stage = (w: Write) => void | Promise<void>;

/** The stages, in order; each does what its name says for writes, for deletes, or for both. */
export const WRITE_STAGES: readonly { name: string; write?: Stage; delete?: Stage }[] = [
  { name: 'authorize', write: authorize, delete: authorizeRemoval },
  { name: 'derive', write: derive },
  { name: 'save transforms', write: saveTransforms },
  { name: 'validate by schema', write: validateBySchema },
  { name: 'validate by expression', write: validateByRule },
  { name: 'validate references', write: validateReferences },
  { name: 'validate by hook', write: validateByHook },
  { name: 'extra operations', write: writeOperations, delete: deleteOperations },
  { name: 'commit', write: commitWrite, delete: commitDelete },
  { name: 'after commit', write: afterCommit, delete: afterDeleteCommit },
  { name: 'load transforms', write: answer },
];

async function run(w: Write, kind: 'write' | 'delete'): Promise<void> {
  try {
    for (const stage of WRITE_STAGES) {
      await stage[kind]?.(w);
      if (w.answer) return;
    }
  } catch (e) {
    // A retry racing its original (the same Idempotency-Key) may be refused for what the original
    // just made (a hire's e-mail, now its account's): once the original is there, it is the answer.
    if (w.idem && e instanceof ApiError && e.status === 409) {
      const made = await w.idem.again();
      if (made) {
        w.answer = { record: await replayedRecord(w.s, w.caller, w.t, made), created: true };
        return;
      }
    }
    throw e;
  }
}

function newWrite(
  s: Services,
  caller: Caller,
  t: Target,
  fields: Pick<Write, 'key' | 'incoming' | 'opts' | 'mode'>,
): Write {
  return {
    s,
    caller,
    t,
    facts: fieldFacts(s.catalogue, t.entity),
    hook: hooksFor(t.entity.id),
    requested: fields.mode,
    version: 0,
    now: 0,
    data: {},
    errors: [],
    bindings: {},
    ops: [],
    ...fields,
  };
}

/** Creates (key undefined), saves (replaces the data) or updates (merges the fields sent) a record. */
export async function writeRecord(
  s: Services,
  caller: Caller,
  t: Target,
  key: string | undefined,
  incoming: DataObject,
  mode: WriteMode,
  opts: Write['opts'],
): Promise<{ record: WireRecord; created: boolean }> {
  const attempt = () =>
    runAgainOnRace(opts.ifMatch, () => newWrite(s, caller, t, { key: key ?? '', incoming, opts, mode }), 'write');
  const w = key === undefined ? await attempt() : await oneAtATime(recordLane(caller, t, key), attempt);
  return w.answer!;
}

export async function deleteRecord(
  s: Services,
  caller: Caller,
  t: Target,
  key: string,
  opts: Omit<Write['opts'], 'idempotencyKey'>,
): Promise<void> {
  await oneAtATime(recordLane(caller, t, key), () =>
    runAgainOnRace(opts.ifMatch, () => newWrite(s, caller, t, { key, incoming: {}, opts, mode: 'delete' }), 'delete'),
  );
}

/**
 * The writes of one record in this process, one after another. Each reads the record, works on it
 * (transforms, hooks: awaits) and commits on the version it read, so writes arriving together met
 * at the commit and all but one started again, and a few tries were not enough: an outside check's
 * 20 saves at once of one record, with no If-Match, answered 65-70 % of them 409 "Version conflict"
 * though none asked for a version. In turn they meet nothing; an If-Match still holds each to the
 * version it names, and writes of other processes (PostgreSQL) are still met by the tries below.
 */
const lanes = new Map<string, Promise<unknown>>();

function recordLane(caller: Caller, t: Target, key: string): string {
  return `${caller.org.id}\u0000${t.entity.id}\u0000${key}`;
}

async function oneAtATime<T>(lane: string, work: () => Promise<T>): Promise<T> {
  const before = lanes.get(lane) ?? Promise.resolve();
  const turn = before.then(work, work);
  const settled = turn.catch(() => undefined);
  lanes.set(lane, settled);
  try {
    return await turn;
  } finally {
    if (lanes.get(lane) === settled) lanes.delete(lane);
  }
}

/** Tries of a write that meets a concurrent one (a version conflict) without an If-Match. */
const RACE_TRIES = 5;

/**
 * Runs a write; without an If-Match, one that another write overtook between its read and its commit
 * (the commit's version check) is run again from the start over what is now stored, as if it had
 * come a moment later: the caller asked for this change over whatever is stored, and a 409 is the
 * answer only to a stale If-Match (API.md). With an If-Match too when what moved is another record
 * the commit writes (an employee's PTO balance): the record itself is checked against the If-Match
 * again on the next try. Nothing before the commit has any effect, so a try that failed left nothing
 * behind. Tries are a few milliseconds apart, at random, so that writes meeting over one record part.
 */
async function runAgainOnRace(
  ifMatch: string | undefined,
  make: () => Write,
  kind: 'write' | 'delete',
): Promise<Write> {
  for (let attempt = 1; ; attempt++) {
    const w = make();
    try {
      await run(w, kind);
      return w;
    } catch (e) {
      if (!(e instanceof VersionConflictError) || attempt >= RACE_TRIES) throw e;
      if (ifMatch !== undefined && e.collection === w.t.entity.id && e.key === w.key) throw e;
      // A short random pause, longer at each try: writes that met over one record (the shares of one
      // file, all carried by the file) would otherwise meet again at each try, in the same order.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
