/**
 * COMMS channels (docs/comms.md): who may post in a channel, add or remove its members, ask to
 * join or invite, as the channel and the caller's place in it say. Reads are the access rules'
 * (@member, ../channel-reach.ts); these are the writes. The product-staff admin passes the
 * membership rules; a closed or archived channel takes no message from anyone.
 */
import type { FieldError } from '../../../engine/messages.ts';
import type { Caller } from '../../auth/principal.ts';
import { ApiError, notAuthorized } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import type { DataObject, WriteOp } from '../../storage/types.ts';
import { CHANNEL_MEMBERS, channelReachOf, isOpen, type ChannelReach } from '../channel-reach.ts';
import type { EntityHooks, HookArgs } from '../hooks.ts';
import { claimOps, releaseOp } from '../unique.ts';

export const NO_SUCH_CHANNEL = 'No such channel.';
export const CHANNEL_NOT_ACTIVE = 'This channel is closed: it takes no new messages.';
export const JOIN_TO_POST = 'Join the channel to write in it.';
export const NEW_CHANNEL_OWNER = 'A new channel is owned by the person who creates it.';
export const ALREADY_IN_CHANNEL = 'This person is already in the channel.';
export const BLOCKED_FROM_CHANNEL = 'This channel has blocked you.';
export const JOIN_AS_MEMBER = "Only the channel's admins make someone admin or blocked.";
export const INVITE_ONLY = 'This channel is invite only: ask to join it.';
export const ONLY_ADMINS_ADD = "Only the channel's admins, or its members where it lets them invite, add others.";
export const REQUEST_FOR_ONESELF = 'A request to join is made for oneself.';
export const ONLY_ADMINS_INVITE = "Only the channel's admins, or its members where it lets them invite, invite others.";
export const MEMBERS_CANNOT_LEAVE = 'This channel does not let its members leave.';
export const BLOCK_STAYS = "A block is lifted by the channel's admins only.";
export const INVITERS_WORDS = 'An invitation says what its inviter set: ask them for another.';
export const CHANNEL_HAS_MESSAGES = 'This channel has messages: archive it (status archived) instead of deleting it.';

const MESSAGES = 'comms/messages';
const REQUESTS = 'comms/membership_requests';

const field = (name: string, message: string): FieldError[] => [{ path: `/${name}`, message }];

interface Place {
  reach: ChannelReach;
  key: string;
  channel: DataObject | undefined;
  /** The caller administers the channel, or is the product-staff admin. */
  admin: boolean;
}

async function placeIn(s: Services, caller: Caller, channelId: unknown): Promise<Place> {
  const key = typeof channelId === 'string' ? channelId : '';
  const reach = await channelReachOf(s, caller, key);
  const channel = reach.channels.get(key)?.data;
  return { reach, key, channel, admin: !!channel && (caller.principal.isAdmin || reach.admin.has(key)) };
}

/** A channel the caller may not see is answered as one that does not exist. */
function unseen(p: Place, caller: Caller): boolean {
  return !p.channel || !(caller.principal.isAdmin || p.reach.see.has(p.key));
}

/**
 * A person is in a channel once: the membership claims its channel and person in its commit, as an
 * x-unique value is claimed (../unique.ts), so that of two joins at once one commits and the other
 * answers 409; the check in `validate` names the field for the join that comes after.
 */
const MEMBERSHIP = 'channel_member';
const membershipOf = (data: DataObject) => `${String(data.channel_id)}:${String(data.user_id)}`;

/** The release of the claim a membership holds (its deletion outside these hooks: a user deleted for good). */
export const membershipReleaseOp = (s: Services, org: string, data: DataObject): WriteOp =>
  releaseOp(s, org, MEMBERSHIP, membershipOf(data));

/** A channel's own records beside its messages: they mean nothing without it. */
const CHANNEL_RECORDS = [CHANNEL_MEMBERS, REQUESTS];

export const channelHooks: EntityHooks = {
  validate({ caller, data, mode }: HookArgs) {
    if (mode === 'create' && !caller.principal.isAdmin && data.owner !== caller.principal.userKey) {
      return field('owner', NEW_CHANNEL_OWNER);
    }
    return [];
  },
  /**
   * What people wrote in a channel is theirs, not its owner's to erase: a channel with messages is
   * archived instead (409). Its memberships and requests to join go with it, in the same commit.
   */
  async onDelete({ s, caller, record }) {
    const org = caller.org.id;
    const inChannel = { field: 'channel_id', is: '=' as const, value: record.key };
    const said = await s.searches.run(org, () =>
      s.storage.find(MESSAGES, org, { criteria: [inChannel], limit: 1, offset: 0 }),
    );
    if (said.total > 0) throw new ApiError(409, CHANNEL_HAS_MESSAGES);
    const ops: WriteOp[] = [];
    for (const collection of CHANNEL_RECORDS) {
      const found = await s.searches.run(org, () =>
        s.storage.findInSlices(collection, org, { criteria: [inChannel], limit: Infinity, offset: 0 }),
      );
      for (const r of found.items) {
        ops.push({ op: 'delete', collection: r.collection, org: r.org, key: r.key, expectVersion: r.meta.version });
        if (collection === CHANNEL_MEMBERS) ops.push(releaseOp(s, org, MEMBERSHIP, membershipOf(r.data)));
      }
    }
    return ops;
  },
};

export const messageHooks: EntityHooks = {
  async validate({ s, caller, data }: HookArgs) {
    const p = await placeIn(s, caller, data.channel_id);
    if (!p.channel || !(caller.principal.isAdmin || p.reach.read.has(p.key)))
      return field('channel_id', NO_SUCH_CHANNEL);
    if (!caller.principal.isAdmin && !p.reach.joined.has(p.key)) return field('channel_id', JOIN_TO_POST);
    if (p.channel.status !== 'active') return field('channel_id', CHANNEL_NOT_ACTIVE);
    return [];
  },
  /** A removed message keeps its text for its sender only (and the product-staff admin). */
  present({ data, reader }) {
    if (data.removed !== true || reader.isAdmin || data.sent_by === reader.userKey) return data;
    const { message: _gone, ...rest } = data;
    return rest;
  },
};

async function memberRecord(s: Services, caller: Caller, channel: string, user: unknown) {
  const found = await s.searches.run(caller.org.id, () =>
    s.storage.findInSlices(CHANNEL_MEMBERS, caller.org.id, {
      criteria: [
        { field: 'channel_id', is: '=', value: channel },
        { field: 'user_id', is: '=', value: String(user) },
      ],
      limit: 1,
      offset: 0,
    }),
  );
  return found.items[0];
}

async function invited(s: Services, caller: Caller, channel: string): Promise<boolean> {
  const found = await s.searches.run(caller.org.id, () =>
    s.storage.findInSlices(REQUESTS, caller.org.id, {
      criteria: [
        { field: 'channel_id', is: '=', value: channel },
        { field: 'user_id', is: '=', value: caller.principal.userKey },
        { field: 'type', is: '=', value: 'invite' },
      ],
      limit: 10,
      offset: 0,
    }),
  );
  const now = Math.floor(Date.now() / 1000);
  return found.items.some((r) => typeof r.data.expires !== 'number' || r.data.expires > now);
}

export const channelMemberHooks: EntityHooks = {
  async validate({ s, caller, data, mode }: HookArgs) {
    const p = await placeIn(s, caller, data.channel_id);
    if (mode !== 'create') {
      // A member's role changes by the channel's admins only (not by the member: no one makes
      // themself admin, nor lifts their own block).
      if (!p.admin) throw notAuthorized();
      return [];
    }
    if (unseen(p, caller)) return field('channel_id', NO_SUCH_CHANNEL);
    if (await memberRecord(s, caller, p.key, data.user_id)) return field('user_id', ALREADY_IN_CHANNEL);
    if (p.admin) return [];
    if (p.reach.blocked.has(p.key)) return field('channel_id', BLOCKED_FROM_CHANNEL);
    if (data.type !== 'member') return field('type', JOIN_AS_MEMBER);
    if (data.user_id === caller.principal.userKey) {
      if (isOpen(p.channel!) || (await invited(s, caller, p.key))) return [];
      return field('channel_id', INVITE_ONLY);
    }
    if (p.reach.joined.has(p.key) && p.channel!.members_can_invite !== false) return [];
    return field('user_id', ONLY_ADMINS_ADD);
  },
  /**
   * Joining uses up the person's requests to join and invitations to the channel, in the same
   * commit: an admin adding them accepts their request; removed later, they do not come back by an
   * old invitation.
   */
  async extraOps({ s, caller, data, before, record }) {
    if (before) return [];
    const org = caller.org.id;
    const claim = claimOps(s, org, MEMBERSHIP, record.key, membershipOf(data), undefined);
    const found = await s.searches.run(org, () =>
      s.storage.findInSlices(REQUESTS, org, {
        criteria: [
          { field: 'channel_id', is: '=', value: String(data.channel_id) },
          { field: 'user_id', is: '=', value: String(data.user_id) },
        ],
        limit: Infinity,
        offset: 0,
      }),
    );
    return [
      ...claim,
      ...found.items.map((r): WriteOp => ({
        op: 'delete',
        collection: r.collection,
        org: r.org,
        key: r.key,
        expectVersion: r.meta.version,
      })),
    ];
  },
  async onDelete({ s, caller, record }) {
    const released = [releaseOp(s, caller.org.id, MEMBERSHIP, membershipOf(record.data))];
    const p = await placeIn(s, caller, record.data.channel_id);
    if (p.admin || !p.channel) return released;
    if (record.data.user_id !== caller.principal.userKey) throw notAuthorized();
    if (record.data.type === 'blocked') throw new ApiError(403, BLOCK_STAYS);
    if (p.channel.members_can_leave === false) throw new ApiError(403, MEMBERS_CANNOT_LEAVE);
    return released;
  },
};

/** What an invitation says (until when, and its words) is its inviter's, not the invitee's to change. */
const INVITERS_FIELDS = ['expires', 'message'];

export const membershipRequestHooks: EntityHooks = {
  async validate({ s, caller, data, before, mode }: HookArgs) {
    if (mode !== 'create') {
      if (data.type !== 'invite' || caller.principal.isAdmin || data.created_by === caller.principal.userKey) return [];
      return INVITERS_FIELDS.filter((f) => data[f] !== before?.[f]).flatMap((f) => field(f, INVITERS_WORDS));
    }
    const p = await placeIn(s, caller, data.channel_id);
    if (unseen(p, caller)) return field('channel_id', NO_SUCH_CHANNEL);
    if (data.type === 'request') {
      if (data.user_id !== caller.principal.userKey && !p.admin) return field('user_id', REQUEST_FOR_ONESELF);
      if (p.reach.blocked.has(p.key) && !caller.principal.isAdmin) return field('channel_id', BLOCKED_FROM_CHANNEL);
      return [];
    }
    if (p.admin) return [];
    if (p.reach.joined.has(p.key) && p.channel!.members_can_invite !== false) return [];
    return field('type', ONLY_ADMINS_INVITE);
  },
  /**
   * A request or invitation ends by the person it names (withdrawing, or declining), the one who
   * made it (withdrawing an invitation) or the channel's admins (declining a request): the schema
   * lets anyone signed in ask, this decides.
   */
  async onDelete({ s, caller, record }) {
    const me = caller.principal.userKey;
    if (caller.principal.isAdmin || record.data.user_id === me || record.meta.created_by === me) return [];
    if ((await placeIn(s, caller, record.data.channel_id)).admin) return [];
    throw notAuthorized();
  },
};

export const READER_STATES_ONLY =
  'You may mark a notification viewed or deleted only: its other states are the sender’s.';

/** The in-app states a reader gives a notification; pending, ready and error are the sending queue's. */
const READER_STATES: ReadonlySet<unknown> = new Set(['viewed', 'deleted']);

const appState = (data: DataObject | undefined): unknown => (data?.delivery_result as DataObject | undefined)?.app;

export const userNotificationHooks: EntityHooks = {
  /**
   * A save of the whole record that leaves the delivery out (a form showing the message only)
   * keeps the delivery as it was: its states are the sending queue's, and the reader's mark.
   */
  derive({ data, before }: HookArgs) {
    if (data.delivery_result !== undefined || before?.delivery_result === undefined) return undefined;
    return { ...data, delivery_result: before.delivery_result };
  },
  /** Through the data API a notification's in-app state moves only to what a reader does to it. */
  validate({ data, before }: HookArgs) {
    const state = appState(data);
    if (state === appState(before) || READER_STATES.has(state)) return [];
    return [{ path: '/delivery_result/app', message: READER_STATES_ONLY }];
  },
};
