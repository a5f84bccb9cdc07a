/**
 * The outbox (server/mail/outbox.ts) over one store shared by two "processes" (two Services objects
 * with their own transports and clocks over the same storage, as two servers on one DATABASE_URL):
 * one sender at a time holds the lease and a stale one is taken over; a message queued by a process
 * that stopped before sending it is sent once its claim runs out, also after the embedded store is
 * reopened; a failing transport keeps the message for a retry after its back-off; the message is
 * sealed at rest.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OUTBOX_DEFAULTS } from '../../../server/config.ts';
import { LEASE_KEY, deliverQueued, drainOnce, queueOp, sendNow, takeLease } from '../../../server/mail/outbox.ts';
import { memoryTransport, type Transport } from '../../../server/mail/transport.ts';
import { SYSTEM, SYSTEM_ORG, type Services } from '../../../server/services.ts';
import { JournalStore } from '../../../server/storage/journal-store.ts';
import { testServices } from '../../helpers/in-process.ts';

const ORG = '11111111-2222-4333-8444-555555555555';
const TIMINGS = { claimSeconds: 60, leaseSeconds: 30, retrySeconds: 10, intervalMs: 1000 };

let base: Services;
let dataDir: string;
let clock = 1_000_000;
beforeAll(async () => {
  ({ services: base, dataDir } = await testServices({ prefix: 'dform-outbox-', now: () => clock }));
  base = { ...base, config: { ...base.config, outbox: TIMINGS } };
});
afterAll(async () => {
  await base.storage.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Another process over the same store: its own transport (its own outbox.jsonl). */
function processWith(transport: Transport = memoryTransport()) {
  return { ...base, transport } as Services & { transport: ReturnType<typeof memoryTransport> };
}

const failing: Transport = {
  send: () => Promise.reject(new Error('relay refused')),
};

let n = 0;
const message = () => ({
  to: `person${++n}@example.com`,
  subject: `Sign in to Acme ${n}`,
  text: `Use https://acme.example/auto-login?key=secret-${n}`,
});

async function waiting(): Promise<string[]> {
  const { items } = await base.storage.find(SYSTEM.outbox, SYSTEM_ORG, { criteria: [], limit: 1000, offset: 0 });
  return items.filter((r) => r.key !== LEASE_KEY).map((r) => r.key);
}

describe('the lease', () => {
  test('two senders: one holds it and renews it; the other takes it only once it is stale', async () => {
    const a = processWith();
    const b = processWith();
    assert.equal(await drainOnce(a, 'A'), 0, 'nothing due: no lease taken');
    assert.equal(await takeLease(b, 'B'), true);
    clock += TIMINGS.leaseSeconds + 1;
    assert.equal(await takeLease(a, 'A'), true);
    assert.equal(await takeLease(b, 'B'), false, 'B cannot take a lease A holds');
    // A message whose send failed: due after the retry's wait.
    await sendNow(processWith(failing), ORG, message());
    clock += TIMINGS.retrySeconds;
    assert.equal(await drainOnce(b, 'B'), undefined, 'a message is due, but without the lease B sends nothing');
    assert.equal(b.transport.sent.length, 0);
    clock += TIMINGS.leaseSeconds - TIMINGS.retrySeconds - 5;
    assert.equal(await takeLease(a, 'A'), true, 'A renews');
    clock += TIMINGS.leaseSeconds - 5;
    assert.equal(await takeLease(b, 'B'), false, 'renewed: still A');
    assert.equal(await drainOnce(a, 'A'), 1, 'A, holding the lease, sends it');
    assert.equal(a.transport.sent.length, 1);
    clock += TIMINGS.leaseSeconds;
    assert.equal(await takeLease(b, 'B'), true, 'A stopped renewing: B takes the stale lease');
    assert.equal(await takeLease(a, 'A'), false);
    // Both at once on a free lease: one commit wins.
    clock += TIMINGS.leaseSeconds + 1;
    const both = await Promise.all([takeLease(a, 'A'), takeLease(b, 'C')]);
    assert.equal(both.filter(Boolean).length, 1, `exactly one of two racing senders takes it: ${both}`);
  });
});

describe('delivery', () => {
  test('queued in a commit and delivered right after by the process that queued it, then gone', async () => {
    const a = processWith();
    const m = message();
    const q = queueOp(a, ORG, m);
    await a.storage.commit([q.op]);
    assert.equal(await deliverQueued(a, q.key), true);
    assert.deepEqual(a.transport.sent, [m]);
    assert.deepEqual(await waiting(), []);
  });

  test('a process that stopped after the commit: the leased sender sends it once its claim runs out, once', async () => {
    const dead = processWith();
    const q = queueOp(dead, ORG, message());
    await dead.storage.commit([q.op]);
    const sender = processWith();
    const other = processWith();
    clock += TIMINGS.leaseSeconds + 1;
    assert.equal(await drainOnce(sender, 'S'), 0, 'the claim of the process that queued it still stands');
    assert.equal(sender.transport.sent.length, 0);
    clock += TIMINGS.claimSeconds;
    const passes = await Promise.all([drainOnce(sender, 'S'), drainOnce(other, 'O')]);
    assert.deepEqual(passes.sort(), [1, undefined], 'one of the two racing senders took the lease and sent it');
    assert.equal(sender.transport.sent.length + other.transport.sent.length, 1);
    assert.deepEqual(await waiting(), []);
    // The process comes back to deliver what it queued: already sent, nothing twice.
    assert.equal(await deliverQueued(dead, q.key), true);
    assert.equal(dead.transport.sent.length, 0);
  });

  test('a failing transport keeps the message, retried after the back-off, doubled after each failure', async () => {
    const a = processWith(failing);
    assert.equal(await sendNow(a, ORG, message()), false);
    assert.equal((await waiting()).length, 1);
    clock += TIMINGS.leaseSeconds + 1;
    const stillFailing = processWith(failing);
    clock += TIMINGS.retrySeconds;
    assert.equal(await drainOnce(stillFailing, 'S'), 0, 'the retry failed again');
    const working = processWith();
    clock += TIMINGS.retrySeconds;
    assert.equal(await drainOnce(working, 'S'), 0, 'the second wait is twice the first');
    clock += TIMINGS.retrySeconds;
    assert.equal(await drainOnce(working, 'S'), 1);
    assert.equal(working.transport.sent.length, 1);
    assert.deepEqual(await waiting(), []);
  });

  test('a failed send is logged with the row and the company, never the address, even when the relay quotes it', async () => {
    const lines: string[] = [];
    const m = message();
    const a = {
      ...processWith({ send: () => Promise.reject(new Error(`550 mailbox ${m.to} unavailable`)) }),
      log: (level: string, text: string, detail?: Record<string, unknown>) =>
        void lines.push(JSON.stringify({ level, text, ...detail })),
    };
    assert.equal(await sendNow(a, ORG, m), false);
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0], /outbox: a message could not be sent/);
    assert.match(lines[0], /550 mailbox \[address\] unavailable/);
    assert.ok(lines[0].includes(ORG));
    for (const plain of [m.to, m.subject, 'secret-']) assert.ok(!lines[0].includes(plain), plain);
    // Sent later, so that it does not wait behind the tests that follow.
    clock += TIMINGS.retrySeconds + TIMINGS.leaseSeconds + 1;
    assert.equal(await drainOnce(processWith(), 'S'), 1);
  });

  test('a text message goes to the text transport when there is one, else through the e-mail transport', async () => {
    const texts: { to: string; text: string }[] = [];
    const a = { ...processWith(), sms: { send: async (m: { to: string; text: string }) => void texts.push(m) } };
    await sendNow(a, ORG, { channel: 'text', to: '555-123-4567', subject: 'Text message', text: 'code 123456' });
    assert.deepEqual(texts, [{ to: '555-123-4567', text: 'code 123456' }]);
    const b = processWith();
    await sendNow(b, ORG, { channel: 'text', to: '555-123-4567', subject: 'Text message', text: 'code 654321' });
    assert.deepEqual(b.transport.sent, [{ to: 'sms:555-123-4567', subject: 'Text message', text: 'code 654321' }]);
  });

  test('the defaults stay as documented', () => {
    assert.deepEqual(OUTBOX_DEFAULTS, { claimSeconds: 60, leaseSeconds: 30, retrySeconds: 30, intervalMs: 5000 });
  });
});

describe('the embedded store', () => {
  test('a message queued before a crash is sealed at rest and sent by the sender after the store reopens', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'dform-outbox-crash-'));
    const storage = await JournalStore.open(path.join(dir, 'db'));
    try {
      const s = { ...processWith(), storage };
      const m = message();
      await s.storage.commit([queueOp(s, ORG, m).op]);
      const journal = await readFile(path.join(dir, 'db', 'journal.jsonl'), 'utf8');
      assert.ok(journal.includes(SYSTEM.outbox), 'the message is in the journal');
      for (const plain of [m.to, m.subject, 'secret-', 'auto-login']) {
        assert.ok(!journal.includes(plain), `${plain} is not at rest in clear`);
      }
      // The process dies without sending: the journal is reopened as a new start would.
      await s.storage.close();
      const reopened = await JournalStore.open(path.join(dir, 'db'));
      const transport = memoryTransport();
      const next = { ...s, storage: reopened, transport };
      clock += TIMINGS.claimSeconds + TIMINGS.leaseSeconds + 1;
      try {
        assert.equal(await drainOnce(next, 'after restart'), 1);
        assert.deepEqual(transport.sent, [m]);
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
