/**
 * Files whose time is up are removed: a file field naming an expiry (`x-file.expires`, a secure
 * company file's "Expires: After this time the file is removed.") loses its file once that time has
 * passed, bytes and all, as the server (the audit entry's actor is "system", its detail
 * `file: "expired"`). The record stays, with its expiry, so its download goes on answering 410
 * rather than 404. Before, only the download was refused and the bytes were kept for ever.
 *
 * Runs at start and every DFORM_FILE_EXPIRY_SECONDS (default 600; 0: at start only), over every
 * company. Safe with several processes: each removal is made over the record as it stands then, and a
 * record cleared or given a later expiry meanwhile is left.
 */
import type { FileField } from '../../engine/files.ts';
import { fieldFacts } from '../data/fields.ts';
import { startPeriodic, type PeriodicRun } from '../periodic.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../services.ts';
import { removeExpiredFile } from './file-writes.ts';

/** Records of one type and company gone over per run; a full page asks for another run soon. */
const PER_RUN = 200;

export async function removeExpiredFiles(s: Services): Promise<{ removed: number; more: boolean }> {
  const now = s.now();
  const expiring = s.catalogue.registry.all().flatMap((entity) =>
    fieldFacts(s.catalogue, entity)
      .files.filter((f): f is FileField & { expires: string } => f.expires !== undefined)
      .map((spec) => ({ entity, spec })),
  );
  const result = { removed: 0, more: false };
  if (!expiring.length) return result;
  const orgs = await s.storage.find(SYSTEM.orgs, SYSTEM_ORG, {
    criteria: [],
    limit: Number.MAX_SAFE_INTEGER,
    offset: 0,
  });
  for (const { key: org } of orgs.items) {
    for (const { entity, spec } of expiring) {
      const page = await s.storage.find(entity.id, org, {
        criteria: [
          { field: spec.expires, is: '<=', value: now },
          // Only records still holding a file: a missing size matches no range.
          { field: `${spec.field}.size`, is: '>=', value: 0 },
        ],
        limit: PER_RUN,
        offset: 0,
      });
      if (page.items.length === PER_RUN) result.more = true;
      for (const record of page.items) {
        try {
          if (await removeExpiredFile(s, org, { entity, my: false }, record.key, spec)) result.removed++;
        } catch (e) {
          s.log(
            'warn',
            `file expiry: ${entity.id} ${org}/${record.key}: ${e instanceof Error ? e.message : String(e)}`,
          );
        }
      }
    }
  }
  return result;
}

export function startFileExpiry(s: Services, everySeconds = s.config.fileExpirySeconds ?? 600) {
  return startPeriodic(s, 'file expiry', everySeconds, async (): Promise<PeriodicRun> => {
    const r = await removeExpiredFiles(s);
    return { more: r.more, note: r.removed ? `removed ${r.removed} expired files` : undefined };
  });
}
