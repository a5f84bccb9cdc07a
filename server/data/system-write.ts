/**
 * Records the server writes on its own behalf (bootstrap, a new company's admin account): checked
 * against the same compiled schema as any client write, with sensitive values encrypted.
 */
import { sealSensitive } from '../crypto/field-cipher.ts';
import { mapSensitive } from '../../engine/masking.ts';
import { cloneJson } from '../../engine/schema-walk.ts';
import type { Services } from '../services.ts';
import type { DataObject, WriteOp } from '../storage/types.ts';
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
