/**
 * Memberships and requests to join of channels deleted before a channel's delete took them with it
 * (docs/comms.md "Deleting"), deleted once per store at start: they named a channel that is gone,
 * and stayed readable to the person they named and counted in their finds. Messages are kept: what
 * a person wrote stays theirs (their sender reads them, as before).
 */
import type { Services } from '../services.ts';
import { CHANNEL_MEMBERS, CHANNELS } from './channel-reach.ts';
import { markPassDone, passDone, rewriteEach } from './record-walk.ts';

const ORPHANED = [CHANNEL_MEMBERS, 'comms/membership_requests'];

/** Deletes the memberships and requests whose channel does not exist; how many. */
export async function dropChannelOrphans(s: Services): Promise<number> {
  const marker = 'comms-channel-orphans';
  if (await passDone(s, marker)) return 0;
  const channelsOf = new Map<string, Promise<Set<string>>>();
  const existing = (org: string) => {
    let found = channelsOf.get(org);
    if (!found) {
      found = s.storage
        .find(CHANNELS, org, { criteria: [], limit: Number.MAX_SAFE_INTEGER, offset: 0 })
        .then((r) => new Set(r.items.map((c) => c.key)));
      channelsOf.set(org, found);
    }
    return found;
  };
  let dropped = 0;
  for (const collection of ORPHANED) {
    dropped += await rewriteEach(s, collection, async (record, org) =>
      (await existing(org)).has(String(record.data.channel_id))
        ? undefined
        : [{ op: 'delete', collection, org, key: record.key }],
    );
  }
  await markPassDone(s, marker, { dropped });
  return dropped;
}
