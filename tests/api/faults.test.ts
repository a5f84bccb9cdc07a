import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import path from 'node:path';
import { rm } from 'node:fs/promises';
import { FaultyFs } from '../unit/storage/helpers.ts';
import { inProcessApp } from '../helpers/in-process.ts';
import { JournalStore } from '../../server/storage/journal-store.ts';

const group = (name: string) => ({ name, description: 'fault test', permissions: [], users: [], notes: '' });

describe('a write the disk refuses', () => {
  const STATUS = { ENOSPC: 507, EIO: 503, EROFS: 503 } as const;
  for (const [step, code, status] of (['write', 'sync'] as const).flatMap((step) =>
    (['ENOSPC', 'EIO', 'EROFS'] as const).map((code) => [step, code, STATUS[code]] as const),
  )) {
    test(`${code} at the journal ${step}: ${status} without detail, no trace, and writes work again after`, async () => {
      const fs = new FaultyFs();
      const w = await inProcessApp(fs);
      try {
        fs.inject({ step, path: /journal/, code });
        const failed = [];
        for (let i = 0; i < 3; i++)
          failed.push(await w.call('POST', '/auth/api/data/groups/', { token: w.token, body: group(`lost ${i}`) }));
        for (const f of failed) {
          assert.equal(f.status, status, f.text);
          assert.deepEqual(Object.keys(f.body), ['message']);
          assert.doesNotMatch(f.text, /journal|injected|\//);
        }
        fs.clear();
        const ok = await w.call('POST', '/auth/api/data/groups/', { token: w.token, body: group('kept') });
        assert.equal(ok.status, 201, ok.text);
        const names = async () =>
          (await w.call('POST', '/auth/api/data/find/groups', { token: w.token, body: { limit: 500 } })).body.items.map(
            (i: { data: { name: string } }) => i.data.name,
          );
        assert.deepEqual(await names(), ['kept']);
        await w.storage.close();
        const reopened = await JournalStore.open(path.join(w.dataDir, 'db'));
        const stored = (await reopened.find('auth/groups', w.orgId, { criteria: [], limit: 500, offset: 0 })).items.map(
          (r) => r.data.name,
        );
        assert.deepEqual(stored, ['kept'], 'the failed writes never appear, not even after a restart');
        const audits = await reopened.find('auth/audit_log', w.orgId, {
          criteria: [{ field: 'action_type', is: '=', value: 'create' }],
          limit: 500,
          offset: 0,
        });
        assert.equal(audits.items.filter((a) => (a.data.detail as { type: string }).type === 'groups').length, 1);
        await reopened.close();
      } finally {
        await rm(w.dataDir, { recursive: true, force: true });
      }
    });
  }
});

describe('a snapshot write the disk refuses (background compaction)', () => {
  const steps = [
    ['temp write', 'write'],
    ['fsync', 'sync'],
    ['rename', 'rename'],
  ] as const;
  for (const [name, step] of steps) {
    for (const code of ['ENOSPC', 'EIO', 'EROFS'] as const) {
      test(`${code} at the snapshot ${name}: clients are not affected, the old snapshot stays whole, nothing is lost`, async () => {
        const fs = new FaultyFs();
        const w = await inProcessApp(fs);
        try {
          const before = await w.call('POST', '/auth/api/data/groups/', { token: w.token, body: group('before') });
          assert.equal(before.status, 201, before.text);
          fs.inject({ step, path: /collections\/.*\.tmp$/, code });
          await assert.rejects((w.storage as JournalStore).compact(), (e: NodeJS.ErrnoException) => e.code === code);
          const during = await w.call('POST', '/auth/api/data/groups/', { token: w.token, body: group('during') });
          assert.equal(during.status, 201, during.text);
          const patched = await w.call('PATCH', `/auth/api/data/groups/${before.body.key}`, {
            token: w.token,
            body: { notes: 'changed' },
          });
          assert.equal(patched.status, 200, patched.text);
          fs.clear();
          await w.storage.close();
          const reopened = await JournalStore.open(path.join(w.dataDir, 'db'));
          const stored = (await reopened.find('auth/groups', w.orgId, { criteria: [], limit: 500, offset: 0 })).items
            .map((r) => `${r.data.name}:${r.data.notes}:v${r.meta.version}`)
            .sort();
          assert.deepEqual(stored, ['before:changed:v2', 'during::v1']);
          await reopened.close();
        } finally {
          await rm(w.dataDir, { recursive: true, force: true });
        }
      });
    }
  }
});
