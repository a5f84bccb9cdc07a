/**
 * The outbox shared by two server processes on one PostgreSQL database (API.md "v2 additions": "The
 * outbox then is a table that one sender drains; the default transport still appends to
 * DATA_DIR/outbox.jsonl of the process that sends"): messages sent through both go out exactly once
 * across the two processes' files, and one whose sending failed on a process then killed with kill -9
 * is sent by the other's leased sender; a process stopped with SIGTERM gives its lease up, so the
 * other sends what it left at once rather than once the lease ran out. Uses the run's cluster (npm
 * run test:api:pg) or starts its own.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, test } from 'vitest';
import { sharedDatabaseEnv, stopOwnCluster } from '../helpers/postgres.ts';
import { client, startServer, type TestServer } from '../helpers/server.ts';
import { readOutbox, waitForMail } from '../helpers/outbox.ts';
import { LEASE_KEY } from '../../server/mail/outbox.ts';
import { SYSTEM } from '../../server/services.ts';
import { demoAdmin } from '../helpers/demo.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterAll(() => stopOwnCluster());

describe('two processes, one outbox', () => {
  test('messages sent through both go out once each; a message left by a process killed with kill -9 is sent by the other', async () => {
    const env = {
      ...(await sharedDatabaseEnv()),
      DFORM_OUTBOX_CLAIM_SECONDS: '1',
      DFORM_OUTBOX_LEASE_SECONDS: '2',
      DFORM_OUTBOX_RETRY_SECONDS: '1',
      DFORM_OUTBOX_INTERVAL_MS: '200',
      // Several invitations to one account, each a message of its own.
      DFORM_RESEND_SECONDS: '0',
    };
    const servers: TestServer[] = [];
    try {
      servers.push(await startServer({ env, demo: true }));
      servers.push(await startServer({ env }));
      const [a, b] = servers.map((s) => client(s.url));
      const admin = await demoAdmin(a);

      const accounts: { key: string; email: string }[] = [];
      for (let i = 0; i < 6; i++) {
        const email = `two.${i}.${randomBytes(4).toString('hex')}@acme.example`;
        const r = await a('POST', '/auth/api/data/users/', {
          ...admin,
          body: { email, display_name: `Two ${i}`, status: 'active', permissions: [], is_employee: false },
        });
        assert.equal(r.status, 201, r.text);
        accounts.push({ key: r.body.key, email });
      }
      // Invitations through A and B in turn, some at once.
      await Promise.all(
        accounts.map(async (u, i) => {
          const r = await (i % 2 ? b : a)('POST', '/auth/api/resend_user_invite_email', {
            ...admin,
            body: { user_id: u.key },
          });
          assert.equal(r.status, 200, r.text);
        }),
      );
      // Claims run out and both senders pass several times: nothing may go out a second time.
      await sleep(3_000);
      const sent = [...(await readOutbox(servers[0].dataDir)), ...(await readOutbox(servers[1].dataDir))];
      for (const [i, u] of accounts.entries()) {
        assert.equal(sent.filter((m) => m.to === u.email).length, 1, `account ${i}: one invitation across both`);
        const through = i % 2 ? servers[1] : servers[0];
        assert.equal(
          (await readOutbox(through.dataDir)).filter((m) => m.to === u.email).length,
          1,
          `account ${i}: sent by the process that queued it`,
        );
      }

      // A's transport fails, A is killed with kill -9: B's sender sends what A left.
      const left = accounts[0];
      const file = path.join(servers[0].dataDir, 'outbox.jsonl');
      await rename(file, `${file}.kept`);
      await mkdir(file);
      const r = await a('POST', '/auth/api/get_cross_site_invite', { ...admin, body: { user_id: left.key } });
      assert.equal(r.status, 200, r.text);
      await servers[0].stop({ signal: 'SIGKILL', keepData: true });
      const mail = await waitForMail(
        servers[1].dataDir,
        (m) => m.to === left.email && m.subject.endsWith('your sign-in code'),
        { waitMs: 20_000 },
      );
      assert.match(mail.text, /one-time sign-in code/);
      await sleep(2_000);
      assert.equal(
        (await readOutbox(servers[1].dataDir)).filter((m) => m.subject.endsWith('your sign-in code')).length,
        1,
        'sent once',
      );
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
    }
  });

  test('a process stopped with SIGTERM gives the sender lease up: the other sends what it left long before the lease would run out', async () => {
    const shared = await sharedDatabaseEnv();
    const env = {
      ...shared,
      DFORM_OUTBOX_CLAIM_SECONDS: '1',
      // Held this long unless given up: a lease kept past the stop would hold the other's sender back.
      DFORM_OUTBOX_LEASE_SECONDS: '120',
      DFORM_OUTBOX_RETRY_SECONDS: '1',
      DFORM_OUTBOX_INTERVAL_MS: '200',
    };
    const holderOfLease = async (): Promise<string | undefined> => {
      const db = new pg.Client({ connectionString: shared.DATABASE_URL });
      await db.connect();
      try {
        const rows = await db.query<{ holder: string }>(
          "SELECT doc->>'holder' AS holder FROM dform_records WHERE collection = $1 AND key = $2",
          [SYSTEM.outbox, LEASE_KEY],
        );
        return rows.rows[0]?.holder;
      } finally {
        await db.end();
      }
    };
    const servers: TestServer[] = [];
    try {
      servers.push(await startServer({ env, demo: true }));
      const a = client(servers[0].url);
      const admin = await demoAdmin(a);
      const email = `term.${randomBytes(4).toString('hex')}@acme.example`;
      const made = await a('POST', '/auth/api/data/users/', {
        ...admin,
        body: { email, display_name: 'Term', status: 'active', permissions: [], is_employee: false },
      });
      assert.equal(made.status, 201, made.text);
      // A's transport fails, so the invitation stays in the outbox and A's sender, retrying it, takes the lease.
      const file = path.join(servers[0].dataDir, 'outbox.jsonl');
      await rename(file, `${file}.kept`).catch(() => undefined);
      await mkdir(file);
      const r = await a('POST', '/auth/api/resend_user_invite_email', { ...admin, body: { user_id: made.body.key } });
      assert.equal(r.status, 200, r.text);
      for (let i = 0; i < 100 && (await holderOfLease()) === undefined; i++) await sleep(100);
      const first = await holderOfLease();
      assert.ok(first, 'the first process holds the lease');
      servers.push(await startServer({ env }));
      await sleep(1_000);
      assert.equal(await holderOfLease(), first, 'the second process waits for the lease');
      assert.equal((await readOutbox(servers[1].dataDir)).filter((m) => m.to === email).length, 0);
      // A is stopped as a deployment stops it.
      assert.equal(await servers[0].stop({ signal: 'SIGTERM', keepData: true }), 0);
      const mail = await waitForMail(servers[1].dataDir, (m) => m.to === email, { waitMs: 20_000 });
      assert.match(mail.subject, /invit/i);
      assert.notEqual(await holderOfLease(), first, 'the stopped process holds the lease no more');
    } finally {
      for (const server of servers) await server.stop().catch(() => undefined);
    }
  });
});
