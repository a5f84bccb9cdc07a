/**
 * A message whose send did not happen before the process died (killed with kill -9 while its
 * transport failed) is kept by the store and sent after the next start, once: on the embedded store
 * as on PostgreSQL (the same DATA_DIR, or its database, again).
 */
import { afterAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { client, startServer, type TestServer } from '../helpers/server.ts';
import { readOutbox, waitForMail } from '../helpers/outbox.ts';
import { demoAdmin } from '../helpers/demo.ts';

const ENV = {
  DFORM_PRODUCT_DOMAIN: 'dform.app',
  DFORM_OUTBOX_CLAIM_SECONDS: '1',
  DFORM_OUTBOX_LEASE_SECONDS: '2',
  DFORM_OUTBOX_RETRY_SECONDS: '1',
  DFORM_OUTBOX_INTERVAL_MS: '200',
};
const started: TestServer[] = [];
let dataDir = '';

afterAll(async () => {
  for (const s of started) await s.stop().catch(() => undefined);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('a restart', () => {
  test('sends the message a process killed with kill -9 had not sent, once', async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'dform-outbox-restart-'));
    const first = await startServer({ dataDir, demo: true, env: ENV });
    started.push(first);
    const call = client(first.url);
    const admin = await demoAdmin(call);
    const email = `restart.${crypto.randomUUID().slice(0, 8)}@acme.example`;
    const made = await call('POST', '/auth/api/data/users/', {
      ...admin,
      body: { email, display_name: 'Rex Restart', status: 'active', permissions: [], is_employee: false },
    });
    assert.equal(made.status, 201, made.text);

    // The transport fails (a folder where the outbox file goes), then the process is killed.
    const file = path.join(dataDir, 'outbox.jsonl');
    await rename(file, `${file}.kept`).catch(() => {});
    await mkdir(file);
    const invited = await call('POST', '/auth/api/resend_user_invite_email', {
      ...admin,
      body: { user_id: made.body.key },
    });
    assert.equal(invited.status, 200, invited.text);
    await first.stop({ signal: 'SIGKILL', keepData: true });
    await rm(file, { recursive: true, force: true });
    await rename(`${file}.kept`, file).catch(() => {});
    assert.deepEqual(
      (await readOutbox(dataDir)).filter((m) => m.to === email),
      [],
      'not sent before the restart',
    );

    started.push(await startServer({ dataDir, env: ENV }));
    const mail = await waitForMail(dataDir, (m) => m.to === email, { waitMs: 20_000 });
    assert.match(mail.subject, /your account invitation/);
    assert.match(mail.text, /auto-login\?/);
    await new Promise((r) => setTimeout(r, 2_500));
    assert.equal((await readOutbox(dataDir)).filter((m) => m.to === email).length, 1, 'once');
  });
});
