/**
 * The last stages of a write (./write-lifecycle.ts): the one atomic commit, the work after it, and
 * the answer as the caller reads the record (load transforms).
 */
import { commitReleasing, holdsFiles } from '../files/references.ts';
import { VersionConflictError } from '../storage/types.ts';
import { SYSTEM } from '../services.ts';
import { ownerOf } from '../../engine/access.ts';
import { hireStartedBy } from '../payroll/hire-account.ts';
import { hookArgs } from './hooks.ts';
import { toWire, type WriteMode } from './records.ts';
import { replayedRecord } from './idempotency.ts';
import type { Write } from './write-lifecycle.ts';

// commit: one atomic commit of the operations the stages before listed.
export async function commitWrite(w: Write): Promise<void> {
  const { s, caller, t, idem } = w;
  try {
    await s.storage.commit(w.ops);
  } catch (e) {
    // The same create retried concurrently: the first one made the record; answer it.
    if (idem && e instanceof VersionConflictError && e.collection === SYSTEM.idempotency) {
      // The winner may sit in the same commit group, applied to memory a moment later.
      for (let i = 0; i < 50; i++) {
        const made = await idem.again();
        if (made) {
          w.answer = { record: await replayedRecord(s, caller, t, made), created: true };
          return;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    throw e;
  }
}

export async function commitDelete(w: Write): Promise<void> {
  const { s, caller } = w;
  // Every record the commit deletes takes its files with it (the record's own, and those its
  // onDelete hook deletes with it: an account's documents): their references in the same commit,
  // their bytes right after.
  const withFiles = w.ops.flatMap((op) => {
    if (op.op !== 'delete') return [];
    const [module, type] = op.collection.split('/');
    const entity = s.catalogue.registry.resolve(module, type)?.entity;
    return entity && holdsFiles(s, entity) ? [{ entity, key: op.key }] : [];
  });
  if (!withFiles.length) {
    await s.storage.commit(w.ops);
    return;
  }
  await commitReleasing(s, caller.org.id, withFiles, w.ops);
}

// after commit: the afterCommit hook's work (sending a message), then the record as it now stands
// (the work may have changed it).
export async function afterCommit(w: Write): Promise<void> {
  const record = w.record!;
  // A form of the onboarding saved by its employee moves their hire on (../payroll/hire-account.ts).
  await hireStartedBy(w.s, w.caller, w.t.entity, ownerOf(w.t.entity, record.key, w.data));
  const work = w.hook?.afterCommit;
  if (!work) return;
  await work({ ...hookArgs(w, w.data, w.requested as WriteMode), record });
  w.record = (await w.s.storage.get(record.collection, record.org, record.key)) ?? record;
}

// after commit of a delete: the afterDelete hook's work (sending a message), with the record as it was.
export async function afterDeleteCommit(w: Write): Promise<void> {
  await w.hook?.afterDelete?.({ s: w.s, caller: w.caller, record: w.stored! });
}

// load transforms: the answer as a client reads it (../records.ts toWire: masked, x-read, load transform).
export async function answer(w: Write): Promise<void> {
  w.answer = { record: await toWire(w.s, w.t.entity, w.record!, w.caller.principal), created: !w.stored };
}
