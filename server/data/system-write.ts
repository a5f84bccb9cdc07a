/**
 * Records the server writes on its own behalf (bootstrap, a new company's admin account): checked
 * against the same compiled schema as any client write, with sensitive values encrypted.
 */
import { sealSensitive } from '../crypto/field-cipher.ts';
import { mapSensitive } from '../../engine/masking.ts';
import { cloneJson } from '../../engine/schema-walk.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord, WriteOp } from '../storage/types.ts';
import { fieldFacts } from './fields.ts';

export function systemPut(
  s: Services,
  entityId: string,
  org: string,
  key: string,
  data: DataObject,
  actor = 'system',
): WriteOp {
  const entity = s.catalogue.registry.require(...(entityId.split('/') as [string, string]));
  const copy = cloneJson(data);
  const errors = s.catalogue.validator(entity)(copy);
  if (errors.length) {
    throw new Error(`system write of ${entityId}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`);
  }
  mapSensitive(copy, fieldFacts(s.catalogue, entity).sensitive, (kind, v) =>
    kind === 'secret' || typeof v !== 'string' ? v : sealSensitive(s.cipher, kind, v),
  );
  const now = s.now();
  return {
    op: 'put',
    expectVersion: 0,
    record: {
      collection: entityId,
      org,
      key,
      data: copy,
      meta: { created_by: actor, created_time: now, updated_by: actor, updated_time: now, version: 1 },
    },
  };
}

/**
 * The op that saves a stored record with `changes` (a field set to undefined is removed), as the
 * server's own change: the version checked and moved on, the writer and time stamped.
 */
export function systemUpdate(s: Services, record: StoredRecord, by: string, changes: DataObject): WriteOp {
  const data = { ...record.data, ...changes };
  for (const [k, v] of Object.entries(changes)) if (v === undefined) delete data[k];
  return {
    op: 'put',
    expectVersion: record.meta.version,
    record: {
      ...record,
      data,
      meta: { ...record.meta, updated_by: by, updated_time: s.now(), version: record.meta.version + 1 },
    },
  };
}

/**
 * The put of a server-kept record over `prior` (the version read, or none): written only if that
 * is still the stored version, so of two writers at once one meets a version conflict.
 */
export function putOver(
  collection: string,
  org: string,
  key: string,
  data: object,
  prior: StoredRecord | undefined,
  now: number,
): WriteOp {
  return {
    op: 'put',
    expectVersion: prior?.meta.version ?? 0,
    record: {
      collection,
      org,
      key,
      data: data as DataObject,
      meta: {
        created_by: prior?.meta.created_by ?? 'system',
        created_time: prior?.meta.created_time ?? now,
        updated_by: 'system',
        updated_time: now,
        version: (prior?.meta.version ?? 0) + 1,
      },
    },
  };
}
