/**
 * Values of fields marked sensitive after records held them (the I-9's A-Number, passport, I-94 and
 * document numbers, once stored in clear) are sealed at start, once for each set of sensitive
 * fields a type has: a write keeps the fields it does not change byte for byte, so without this a
 * clear value would stay clear until someone changed it. Lists whose items keep a key (x-item-key)
 * give their items written before the key existed one, so a masked value sent back is restored from
 * the same item. A marker per type and set of fields (system/migrations) records that it ran.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Entity } from '../../engine/entity.ts';
import { assignItemKeys } from '../../engine/item-keys.ts';
import { mapSensitive } from '../../engine/masking.ts';
import { cloneJson } from '../../engine/schema-walk.ts';
import { sealSensitive } from '../crypto/field-cipher.ts';
import type { Services } from '../services.ts';
import type { StoredRecord } from '../storage/types.ts';
import { fieldFacts } from './fields.ts';
import { markPassDone, passDone, rewriteEach } from './record-walk.ts';

function markerOf(s: Services, entity: Entity): string | undefined {
  const facts = fieldFacts(s.catalogue, entity);
  const sealed = facts.sensitive.filter((f) => f.kind !== 'secret');
  if (!sealed.length && !facts.keyedArrays.length) return undefined;
  const shape = JSON.stringify([sealed, facts.keyedArrays]);
  return `sealed-at-rest:${entity.id}:${createHash('sha256').update(shape).digest('hex').slice(0, 16)}`;
}

/** The record with its clear sensitive values sealed and its keyed items given keys; undefined when nothing changed. */
function sealed(s: Services, entity: Entity, record: StoredRecord): StoredRecord | undefined {
  const facts = fieldFacts(s.catalogue, entity);
  const data = cloneJson(record.data);
  let changed = false;
  mapSensitive(data, facts.sensitive, (kind, v) => {
    if (kind === 'secret' || typeof v !== 'string' || s.cipher.isEncrypted(v)) return v;
    changed = true;
    return sealSensitive(s.cipher, kind, v);
  });
  const before = JSON.stringify(data);
  assignItemKeys(data, facts.keyedArrays, randomUUID);
  changed ||= JSON.stringify(data) !== before;
  if (!changed) return undefined;
  return { ...record, data, meta: { ...record.meta, version: record.meta.version + 1 } };
}

/** Seals what is still clear, once per type and set of sensitive fields; answers how many records changed. */
export async function sealAtRest(s: Services): Promise<number> {
  let count = 0;
  for (const entity of s.catalogue.registry.all()) {
    const marker = markerOf(s, entity);
    if (!marker || (await passDone(s, marker))) continue;
    count += await rewriteEach(s, entity.id, (record) => {
      const next = sealed(s, entity, record);
      return next && [{ op: 'put', expectVersion: record.meta.version, record: next }];
    });
    await markPassDone(s, marker, { entity: entity.id });
  }
  return count;
}
