/**
 * Which channels a caller reaches (@member, x-channel; docs/comms.md): read from the store at each
 * request that needs it, never kept across requests, so a person blocked or removed from a channel
 * reads nothing more of it from the next request on. Never the company's every channel: a request
 * about one record reads its one channel and the caller's membership of it; a find reads the
 * channels that can concern the caller (group channels, theirs, those naming them, those they are a
 * member of), found by criteria the stores index.
 */
import { MEMBER, namesToken } from '../../engine/access.ts';
import type { Entity, Verb } from '../../engine/entity.ts';
import type { Caller } from '../auth/principal.ts';
import type { Services } from '../services.ts';
import type { Criterion, DataObject, StoredRecord } from '../storage/types.ts';

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
  /**
   * The channels read, by key, as stored: for a reach of one channel, that channel (when it exists);
   * for a find's, every channel that can concern the caller (`concerning`), and no other.
   */
  channels: ReadonlyMap<string, StoredRecord>;
}

/** Per request (the caller object is the request's): the find's reach under FIND, one channel's under its key. */
const FIND = '\u0000find';
const perRequest = new WeakMap<Caller, Map<string, Promise<ChannelReach>>>();

/**
 * The caller's reach of one channel (`channel`: its key), or, without it, of every channel that can
 * concern them, for a find. Read once per request.
 */
export function channelReachOf(s: Services, caller: Caller, channel?: string): Promise<ChannelReach> {
  let mine = perRequest.get(caller);
  if (!mine) perRequest.set(caller, (mine = new Map()));
  const at = channel ?? FIND;
  let reach = mine.get(at);
  if (!reach) {
    reach = readReach(s, caller, channel);
    mine.set(at, reach);
  }
  return reach;
}

/** A channel anyone who uses COMMS may read and join: a group channel that is not invite only. */
export function isOpen(channel: DataObject): boolean {
  return channel.type === 'group' && channel.invite_only !== true;
}

/**
 * The channels that can concern a person apart from their memberships (any one holds): group
 * channels (open or listed: everyone's), those they own, those naming them among direct members.
 */
export function concerning(user: string): Criterion[] {
  return [
    { field: 'type', is: '=', value: 'group' },
    { field: 'owner', is: '=', value: user },
    { field: 'direct_members', is: 'contains', value: user },
  ];
}

async function readReach(s: Services, caller: Caller, only: string | undefined): Promise<ChannelReach> {
  const user = caller.principal.userKey;
  const org = caller.org.id;
  const memberOf: Criterion[] = [{ field: 'user_id', is: '=', value: user }];
  if (only !== undefined) memberOf.push({ field: 'channel_id', is: '=', value: only });
  const all = { limit: Infinity, offset: 0 };
  const [found, mine] = await s.searches.run(org, () =>
    Promise.all([
      only !== undefined
        ? s.storage.getMany(org, [{ collection: CHANNELS, key: only }]).then((r) => r.filter((c) => !!c))
        : // One find per criterion: each an index's lookup where the store keeps one (= on the
          // embedded store; every one on PostgreSQL).
          Promise.all(
            concerning(user).map((c) => s.storage.findInSlices(CHANNELS, org, { criteria: [c], ...all })),
          ).then((r) => r.flatMap((f) => f.items)),
      s.storage.findInSlices(CHANNEL_MEMBERS, org, { criteria: memberOf, ...all }),
    ]),
  );
  const byKey = new Map(found.map((c) => [c.key, c]));
  // The private channels they are a member of, beside those found.
  const more = [...new Set(mine.items.map((m) => String(m.data.channel_id)))].filter((k) => !byKey.has(k));
  if (only === undefined && more.length) {
    const rest = await s.storage.getMany(
      org,
      more.map((key) => ({ collection: CHANNELS, key })),
    );
    for (const c of rest) if (c) byKey.set(c.key, c);
  }
  const blocked = new Set<string>();
  const joined = new Set<string>();
  const admin = new Set<string>();
  for (const m of mine.items) {
    const channel = String(m.data.channel_id);
    if (!byKey.has(channel)) continue;
    if (m.data.type === 'blocked') blocked.add(channel);
    else joined.add(channel);
    if (m.data.type === 'admin') admin.add(channel);
  }
  for (const [key, { data }] of byKey) {
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
  for (const [key, { data }] of byKey) {
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
