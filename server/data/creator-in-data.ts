/**
 * Records of a type whose rules name @creator (a secure file) keep their creator in the data as
 * well as in the meta, so that a list of what a user sent is a search of the store
 * (engine/registry.ts requires the field). Records written before the field get it from their meta
 * at start, once per type (a marker in system/migrations records it).
 */
import { namesToken } from '../../engine/access.ts';
import type { Services } from '../services.ts';
import { markPassDone, passDone, rewriteEach } from './record-walk.ts';

/** Answers how many records were given their creator. */
export async function keepCreatorInData(s: Services): Promise<number> {
  let count = 0;
  for (const entity of s.catalogue.registry.all()) {
    if (!Object.values(entity.file['x-access']).some((rule) => namesToken(rule, '@creator'))) continue;
    const marker = `creator-in-data:${entity.id}`;
    if (await passDone(s, marker)) continue;
    const given = await rewriteEach(s, entity.id, (record) => {
      if (record.data.created_by !== undefined) return undefined;
      const next = {
        ...record,
        data: { ...record.data, created_by: record.meta.created_by },
        meta: { ...record.meta, version: record.meta.version + 1 },
      };
      return [{ op: 'put', expectVersion: record.meta.version, record: next }];
    });
    await markPassDone(s, marker, { entity: entity.id, given });
    count += given;
  }
  return count;
}
