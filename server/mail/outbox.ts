/**
 * The outbox: every message the server sends is first a record of system/outbox, written in the
 * same commit as the change it follows (an invitation's single-use key, a hire, a two-factor
 * challenge), so a write that does not commit sends nothing and a committed one always has its
 * message, whichever process dies in between. Records live in the store itself, like blob claims
 * (../files/blob-claims.ts), so this works the same on the embedded store and on PostgreSQL shared
 * by several processes.
 *
 * Delivery:
 * - A message is queued already claimed by the process that queues it (`due_at` = the end of its
 *   claim, `claimSeconds` on), which hands it to the transport right after its commit
 *   (`deliverQueued`) and deletes it: the answer of the request comes after the message went out,
 *   as before.
 * - Whatever is left (the process died before sending, the transport failed) is sent by one sender
 *   among the processes: each runs `startOutboxSender`; when rows are due (`due_at` past: a claim
 *   that ran out, a retry whose time has come), only the holder of the lease record (expectVersion
 *   on one record, with an expiry) drains, and a pass with nothing due writes nothing. It claims
 *   each due row with expectVersion (so two processes never both send one row in normal running),
 *   sends it, deletes it. Delivery is at least once: a process that stops between handing a
 *   message over and deleting its row has it sent again.
 * - A failing transport leaves the row for a retry, `retrySeconds` doubled after each failure up to
 *   an hour; a message still unsent after a day (its links and codes have expired) is dropped.
 *
 * The message (address, subject, bodies: reset links, codes) is sealed with the services' cipher;
 * only the company, the channel and the times are in clear.
 */
import { randomUUID } from 'node:crypto';
import { OUTBOX_DEFAULTS, type OutboxTimings } from '../config.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../services.ts';
import { VersionConflictError, type StoredRecord, type WriteOp } from '../storage/types.ts';
import { smsThroughTransport } from './sms.ts';
import type { OutgoingMessage } from './transport.ts';

/** An e-mail, or a text message (`to` a phone number, no subject of its own). */
export type QueuedMessage = OutgoingMessage & { channel?: 'email' | 'text' };

/** The longest wait between two retries, and the age past which a message is no use any more. */
const MAX_RETRY_SECONDS = 3600;
export const MAX_AGE_SECONDS = 24 * 3600;
/** Rows one pass of the sender looks at. */
const BATCH = 100;
/** The lease's key, beside the messages (UUIDs, or `hire-invitation-<hire key>`). */
export const LEASE_KEY = 'sender-lease';

type Env = Pick<Services, 'storage' | 'cipher' | 'now' | 'log' | 'transport' | 'sms'> & {
  config: { outbox?: OutboxTimings };
};

export function timingsOf(s: Env): OutboxTimings {
  return s.config.outbox ?? OUTBOX_DEFAULTS;
}

interface Row {
  /** The company the message is about (the root organization for product-staff mail). */
  org: string;
  channel: 'email' | 'text';
  /** The message as JSON, encrypted. */
  sealed: string;
  queued_at: number;
  /**
   * When the sender may take the row: the end of the claim of the process sending it (queued
   * claimed, or taken by the sender), or the time of the retry after a failure.
   */
  due_at: number;
  attempts: number;
}

function meta(now: number, version: number) {
  return { created_by: 'system', created_time: now, updated_by: 'system', updated_time: now, version };
}

function put(row: Row, key: string, version: number, now: number): WriteOp {
  return {
    op: 'put',
    expectVersion: version - 1,
    record: { collection: SYSTEM.outbox, org: SYSTEM_ORG, key, data: { ...row }, meta: meta(now, version) },
  };
}

/**
 * The write that queues a message, for the commit of the change it follows; `key` names it for
 * `deliverQueued` after that commit. A key the caller chooses (one per record the message is about)
 * replaces a message of that key still waiting.
 */
export function queueOp(s: Env, org: string, message: QueuedMessage, chosenKey?: string): { op: WriteOp; key: string } {
  const key = chosenKey ?? randomUUID();
  const now = s.now();
  const { channel = 'email', ...m } = message;
  const body = JSON.stringify({ to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
  const row: Row = {
    org,
    channel,
    sealed: s.cipher.encrypt(body),
    queued_at: now,
    due_at: now + timingsOf(s).claimSeconds,
    attempts: 0,
  };
  const op = put(row, key, 1, now);
  if (chosenKey !== undefined && op.op === 'put') delete op.expectVersion;
  return { op, key };
}

/**
 * The writes that queue these messages (none for an undefined one) for a commit, and their
 * delivery once it is made. Answers whether every one went out.
 */
export function queueMessages(
  s: Env,
  org: string,
  ...messages: (QueuedMessage | undefined)[]
): { ops: WriteOp[]; deliver(): Promise<boolean> } {
  const queued = messages.filter((m) => m !== undefined).map((m) => queueOp(s, org, m));
  return {
    ops: queued.map((q) => q.op),
    async deliver() {
      let all = true;
      for (const q of queued) all = (await deliverQueued(s, q.key)) && all;
      return all;
    },
  };
}

/** Queues a message that follows no write of its own, in a commit of its own, and delivers it. */
export async function sendNow(s: Env, org: string, message: QueuedMessage): Promise<boolean> {
  const { op, key } = queueOp(s, org, message);
  await s.storage.commit([op]);
  return deliverQueued(s, key);
}

/**
 * Delivers a message this process queued (and so holds claimed) right after its commit. Answers
 * whether it went out; on a failure the row waits for the sender's retry.
 */
export async function deliverQueued(s: Env, key: string): Promise<boolean> {
  let row: StoredRecord | undefined;
  try {
    row = await s.storage.get(SYSTEM.outbox, SYSTEM_ORG, key);
  } catch (e) {
    // The commit is made; the sender sends the message once this process's claim runs out.
    s.log('error', 'outbox: a message just queued could not be read; the sender will send it', {
      outbox_key: key,
      error: e instanceof Error ? e.message : String(e),
    });
    return false;
  }
  // Already sent by the sender (a claim outlived: a very slow commit) or dropped.
  if (!row) return true;
  return send(s, row);
}

/**
 * Sends a claimed row and deletes it; on failure releases it for a retry. Answers whether it went
 * out. The change the message follows is committed already: a store failing now is logged, never
 * thrown, and the row left as it is goes out again through the sender (at least once).
 */
async function send(s: Env, record: StoredRecord): Promise<boolean> {
  const row = record.data as unknown as Row;
  let to = '';
  try {
    const message = JSON.parse(s.cipher.decrypt(row.sealed)) as OutgoingMessage;
    to = message.to;
    if (row.channel === 'text') {
      await (s.sms ?? smsThroughTransport(s.transport)).send({ to: message.to, text: message.text });
    } else {
      await s.transport.send(message);
    }
  } catch (e) {
    const attempts = row.attempts + 1;
    const now = s.now();
    const wait = Math.min(timingsOf(s).retrySeconds * 2 ** (attempts - 1), MAX_RETRY_SECONDS);
    // The company and the row, never the address or the text (a relay's error may quote the address).
    s.log('warn', 'outbox: a message could not be sent; it will be retried', {
      outbox_key: record.key,
      org: row.org,
      attempts,
      retry_in_seconds: wait,
      error: withoutAddress(e, to),
    });
    const retry: Row = { ...row, attempts, due_at: now + wait };
    await commitLogged(s, [put(retry, record.key, record.meta.version + 1, now)], record.key);
    return false;
  }
  await commitLogged(
    s,
    [{ op: 'delete', collection: SYSTEM.outbox, org: SYSTEM_ORG, key: record.key, expectVersion: record.meta.version }],
    record.key,
  );
  return true;
}

function withoutAddress(e: unknown, to: string): string {
  const text = e instanceof Error ? e.message : String(e);
  return to ? text.split(to).join('[address]') : text;
}

/** commitQuietly after a send: a store that fails is logged; the row stays for the sender. */
async function commitLogged(s: Env, ops: WriteOp[], key: string): Promise<void> {
  try {
    await commitQuietly(s, ops);
  } catch (e) {
    s.log('error', 'outbox: the state of a message could not be stored; the sender will see to it', {
      outbox_key: key,
      error: e instanceof Error ? e.message : String(e),
    });
  }
}

/** A commit whose precondition may have been overtaken by another process: then that one's state stands. */
async function commitQuietly(s: Env, ops: WriteOp[]): Promise<boolean> {
  try {
    await s.storage.commit(ops);
    return true;
  } catch (e) {
    if (e instanceof VersionConflictError) return false;
    throw e;
  }
}

/** Removes a waiting message (a hire whose failed invitation is recorded and will be sent again by hand). */
export function dropOp(key: string): WriteOp {
  return { op: 'delete', collection: SYSTEM.outbox, org: SYSTEM_ORG, key };
}

/**
 * Takes or renews the sender's lease for `holder`; answers whether it holds it now. A lease past
 * its expiry is anyone's; two processes taking it at once both write its version, one commit wins.
 */
export async function takeLease(s: Env, holder: string): Promise<boolean> {
  const now = s.now();
  const lease = await s.storage.get(SYSTEM.outbox, SYSTEM_ORG, LEASE_KEY);
  if (lease && lease.data.holder !== holder && Number(lease.data.until) > now) return false;
  const version = (lease?.meta.version ?? 0) + 1;
  return commitQuietly(s, [
    {
      op: 'put',
      expectVersion: lease?.meta.version ?? 0,
      record: {
        collection: SYSTEM.outbox,
        org: SYSTEM_ORG,
        key: LEASE_KEY,
        data: { holder, until: now + timingsOf(s).leaseSeconds },
        meta: meta(now, version),
      },
    },
  ]);
}

/** Gives the lease up (at shutdown), if this holder still has it. */
async function releaseLease(s: Env, holder: string): Promise<void> {
  const lease = await s.storage.get(SYSTEM.outbox, SYSTEM_ORG, LEASE_KEY);
  if (lease?.data.holder !== holder) return;
  await commitQuietly(s, [
    { op: 'delete', collection: SYSTEM.outbox, org: SYSTEM_ORG, key: LEASE_KEY, expectVersion: lease.meta.version },
  ]);
}

/**
 * One pass of the sender: when messages are due (a claim ran out, a retry's time came), takes the
 * lease and sends them. Answers how many went out, undefined when another process holds the lease.
 * A pass with nothing due writes nothing.
 */
export async function drainOnce(s: Env, holder: string): Promise<number | undefined> {
  const now = s.now();
  // The lease record has no due_at: never among them.
  const { items } = await s.storage.find(SYSTEM.outbox, SYSTEM_ORG, {
    criteria: [{ field: 'due_at', is: '<=', value: now }],
    sort: [{ field: 'due_at', dir: 'asc' }],
    limit: BATCH,
    offset: 0,
  });
  if (items.length === 0) return 0;
  if (!(await takeLease(s, holder))) return undefined;
  const claimSeconds = timingsOf(s).claimSeconds;
  let sent = 0;
  for (const record of items) {
    const row = record.data as unknown as Row;
    if (now - row.queued_at > MAX_AGE_SECONDS) {
      s.log('error', 'outbox: a message unsent for a day was dropped', {
        outbox_key: record.key,
        org: row.org,
        attempts: row.attempts,
      });
      await commitQuietly(s, [{ ...dropOp(record.key), expectVersion: record.meta.version }]);
      continue;
    }
    const claimed: Row = { ...row, due_at: now + claimSeconds };
    const version = record.meta.version + 1;
    // Another process's claim or delivery came first: that one sends it.
    if (!(await commitQuietly(s, [put(claimed, record.key, version, now)]))) continue;
    if (await send(s, { ...record, data: { ...claimed }, meta: meta(now, version) })) sent++;
  }
  return sent;
}

/**
 * Runs the sender in this process every `intervalMs` (a timer that does not keep the process
 * alive). `stop` ends it, waits for a pass under way and gives the lease up.
 */
export function startOutboxSender(s: Env): { stop(): Promise<void>; pass(): Promise<number | undefined> } {
  const holder = randomUUID();
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const pass = () => {
    const p = running.then(() =>
      stopped
        ? undefined
        : drainOnce(s, holder).catch((e: unknown) => {
            s.log('warn', `outbox: the sender's pass failed: ${e instanceof Error ? e.message : String(e)}`);
            return undefined;
          }),
    );
    running = p;
    return p;
  };
  const timer = setInterval(() => void pass(), timingsOf(s).intervalMs);
  timer.unref();
  return {
    pass,
    async stop() {
      clearInterval(timer);
      stopped = true;
      await running;
      await releaseLease(s, holder).catch(() => {});
    },
  };
}
