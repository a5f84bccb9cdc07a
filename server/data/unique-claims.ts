/**
 * Claims for records written before their type's field was unique (x-unique: ./unique.ts), made once
 * per store at start: the first record holding a value claims it; a value another record already
 * holds is left unclaimed (the two stay as they were, and a later write of the value is refused).
 */
import type { Entity } from '../../engine/entity.ts';
import { SYSTEM, type Services } from '../services.ts';
import type { StoredRecord, WriteOp } from '../storage/types.ts';
import { fieldFacts } from './fields.ts';
import { markPassDone, passDone, rewriteEach } from './record-walk.ts';
import { decryptedData } from './records.ts';
import { claimKey, claimOps, claimValue } from './unique.ts';

/**
 * The claims a stored record makes that no record holds yet, and that `taken` (claim keys already
 * written in this run) does not name; adds the claims made to `taken`.
 */
export async function storedClaimOps(
  s: Services,
  entity: Entity,
  record: StoredRecord,
  taken: Set<string>,
): Promise<WriteOp[]> {
  const data = decryptedData(s, entity, record);
  const ops: WriteOp[] = [];
  for (const u of fieldFacts(s.catalogue, entity).unique) {
    const value = data[u.field];
    if (typeof value !== 'string' || claimValue(value) === '') continue;
    const key = claimKey(s, record.org, u.scope, value);
    if (taken.has(key) || (await s.storage.get(SYSTEM.unique, record.org, key))) continue;
    taken.add(key);
    ops.push(...claimOps(s, record.org, u.scope, record.key, value, undefined));
  }
  return ops;
}

/** Claims for the stored records of `entity` (module/type), once per store (`marker`): how many claimed. */
export async function claimStoredValues(s: Services, entityId: string, marker: string): Promise<number> {
  if (await passDone(s, marker)) return 0;
  const [module, type] = entityId.split('/');
  const entity = s.catalogue.registry.require(module, type);
  const taken = new Set<string>();
  const claimed = await rewriteEach(s, entity.id, (record) => storedClaimOps(s, entity, record, taken));
  await markPassDone(s, marker, { claimed });
  return claimed;
}
