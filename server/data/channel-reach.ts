/**
 * Which channels a caller reaches (@member, x-channel; docs/comms.md): read from the store at each
 * request that needs it, never kept across requests, so a person blocked or removed from a channel
 * reads nothing more of it from the next request on. A company's channels are few (a channel is a
 * conversation, not a record per employee): they are read whole, their members only the caller's.
 */
import { MEMBER, namesToken } from '../../engine/access.ts';
import type { Entity, Verb } from '../../engine/entity.ts';
import type { Caller } from '../auth/principal.ts';
import type { Services } from '../services.ts';
import type { DataObject, StoredRecord } from '../storage/types.ts';

export const CHANNELS = 'comms/channels';
export const CHANNEL_MEMBERS = 'comms/channel_members';

export interface ChannelReach {
  /** Channels whose members, messages and requests the caller reads. */
  read: ReadonlySet<string>;
  /** Channels whose own record the caller reads: those, and group channels shown in listings. */
  see: ReadonlySet<string>;
  /** Channels the caller administers: owned, or joined as admin. */
  admin: ReadonlySet<string>;
  /** Channels the caller is in as member or admin, owns, or is a direct member of: where they post and invite. */
  joined: ReadonlySet<string>;
  /** Channels that blocked the caller. */
  blocked: ReadonlySet<string>;
  /** The company's channels by key, as stored. */
  channels: ReadonlyMap<string, DataObject>;
}

const perRequest = new WeakMap<Caller, Promise<ChannelReach>>();

export function channelReachOf(s: Services, caller: Caller): Promise<ChannelReach> {
  let reach = perRequest.get(caller);
  if (!reach) {
    reach = readReach(s, caller);
    perRequest.set(caller, reach);
  }
  return reach;
}

/** A channel anyone who uses COMMS may read and join: a group channel that is not invite only. */
export function isOpen(channel: DataObject): boolean {
  return channel.type === 'group' && channel.invite_only !== true;
}

async function readReach(s: Services, caller: Caller): Promise<ChannelReach> {
  const user = caller.principal.userKey;
  const org = caller.org.id;
  const [channels, mine] = await s.searches.run(org, () =>
    Promise.all([
      s.storage.findInSlices(CHANNELS, org, { criteria: [], limit: Infinity, offset: 0 }),
      s.storage.findInSlices(CHANNEL_MEMBERS, org, {
        criteria: [{ field: 'user_id', is: '=', value: user }],
        limit: Infinity,
        offset: 0,
      }),
    ]),
  );
  const byKey = new Map(channels.items.map((c) => [c.key, c.data]));
  const blocked = new Set<string>();
  const joined = new Set<string>();
  const admin = new Set<string>();
  for (const m of mine.items) {
    const channel = String(m.data.channel_id);
    if (m.data.type === 'blocked') blocked.add(channel);
    else joined.add(channel);
    if (m.data.type === 'admin') admin.add(channel);
  }
  for (const [key, data] of byKey) {
    // Named among its direct members (a conversation of a few): in it as a member, unless blocked.
    if (Array.isArray(data.direct_members) && data.direct_members.includes(user) && !blocked.has(key)) joined.add(key);
    // The owner is always in their channel: no member record blocks them out of it.
    if (data.owner === user) {
      admin.add(key);
      joined.add(key);
      blocked.delete(key);
    }
  }
  for (const key of blocked) {
    joined.delete(key);
    admin.delete(key);
  }
  const read = new Set<string>();
  const see = new Set<string>();
  for (const [key, data] of byKey) {
    if (blocked.has(key)) continue;
    if (joined.has(key) || isOpen(data)) read.add(key);
    if (joined.has(key) || isOpen(data) || (data.type === 'group' && data.visible_in_listings !== false)) see.add(key);
  }
  return { read, see, admin, joined, blocked, channels: byKey };
}

/** Whether this verb's rule of the type lets a channel's members reach its records. */
export function membersReach(entity: Entity, verb: Verb): boolean {
  return typeof entity.file['x-channel'] === 'string' && namesToken(entity.file['x-access'][verb], MEMBER);
}

/** The channel a record belongs to (its own key for a channel), as the entity's x-channel says. */
export function channelOf(entity: Entity, record: Pick<StoredRecord, 'key' | 'data'>): string | undefined {
  const field = entity.file['x-channel'];
  if (!field) return undefined;
  const v = field === 'key' ? record.key : record.data[field];
  return typeof v === 'string' ? v : undefined;
}

/**
 * The channels whose records of this type the caller reaches: a channel's own record where it is
 * seen; a record in a channel where they read it, or, where the type keeps its records to the
 * channel's admins (`x-channel-readers: admins`, a request to join), where they administer it.
 */
export function channelsReaching(entity: Entity, reach: ChannelReach): ReadonlySet<string> {
  if (entity.file['x-channel'] === 'key') return reach.see;
  return entity.file['x-channel-readers'] === 'admins' ? reach.admin : reach.read;
}

/** Whether the caller reaches the record through its channel (a channel itself: seen in listings). */
export function reachedThroughChannel(
  entity: Entity,
  record: Pick<StoredRecord, 'key' | 'data'>,
  reach: ChannelReach,
): boolean {
  const channel = channelOf(entity, record);
  return !!channel && channelsReaching(entity, reach).has(channel);
}
