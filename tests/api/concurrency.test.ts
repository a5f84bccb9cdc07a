import { afterAll, beforeAll, test } from 'vitest';
import assert from 'node:assert/strict';
import { as, demoWorld, type DemoWorld } from '../helpers/demo.ts';

let w: DemoWorld;
beforeAll(async () => {
  w = await demoWorld();
});
afterAll(async () => {
  await w.server.stop();
});

const group = (name: string) => ({ name, description: 'race', permissions: [], users: [], notes: '' });

test('20 clients updating one record with the version they read: one success per version, the rest 409', async () => {
  const created = await w.call('POST', '/auth/api/data/groups/', { ...as(w.admin), body: group('Race') });
  assert.equal(created.status, 201, created.text);
  const key = created.body.key;
  let successes = 0;
  for (let round = 0; round < 3; round++) {
    const current = await w.call('GET', `/auth/api/data/groups/${key}`, as(w.admin));
    const version = current.body.meta.version;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        w.call('PATCH', `/auth/api/data/groups/${key}`, {
          ...as(w.admin),
          body: { notes: `client ${i} round ${round}` },
          headers: { 'if-match': String(version) },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 409).length, 19);
    successes++;
  }
  const final = await w.call('GET', `/auth/api/data/groups/${key}`, as(w.admin));
  assert.equal(final.body.meta.version, 1 + successes);
});

test('concurrent creates are all kept, each exactly once', async () => {
  const names = Array.from({ length: 50 }, (_, i) => `Concurrent ${i}`);
  const answers = await Promise.all(
    names.map((n) => w.call('POST', '/auth/api/data/groups/', { ...as(w.admin), body: group(n) })),
  );
  assert.deepEqual(
    answers.map((a) => a.status),
    names.map(() => 201),
  );
  const found = await w.call('POST', '/auth/api/data/find/groups', {
    ...as(w.admin),
    body: { criteria: [{ field: 'name', is: 'like', value: 'Concurrent ' }], limit: 500 },
  });
  assert.equal(found.body.total, 50);
  assert.deepEqual(found.body.items.map((i: any) => i.data.name).sort(), [...names].sort());
});

test('a create retried with the same Idempotency-Key makes one record, even when the retries race', async () => {
  const body = group('Idempotent');
  const headers = { 'idempotency-key': `create-${crypto.randomUUID()}` };
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => w.call('POST', '/auth/api/data/groups/', { ...as(w.admin), body, headers })),
  );
  assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([201]));
  assert.equal(new Set(answers.map((a) => a.body.key)).size, 1);
  const later = await w.call('POST', '/auth/api/data/groups/', { ...as(w.admin), body, headers });
  assert.equal(later.body.key, answers[0].body.key);
  const found = await w.call('POST', '/auth/api/data/find/groups', {
    ...as(w.admin),
    body: { criteria: [{ field: 'name', is: '=', value: 'Idempotent' }] },
  });
  assert.equal(found.body.total, 1);
  const other = await w.call('POST', '/auth/api/data/groups/', {
    ...as(w.admin),
    body,
    headers: { 'idempotency-key': 'another' },
  });
  assert.notEqual(other.body.key, answers[0].body.key);
  // The same key for a different request is a client's mistake, not a retry: 422, nothing made.
  const changed = await w.call('POST', '/auth/api/data/groups/', {
    ...as(w.admin),
    body: { ...body, name: 'Idempotent but changed' },
    headers,
  });
  assert.equal(changed.status, 422, changed.text);
  assert.equal(changed.body.message, 'This Idempotency-Key was used for a different request');
  const none = await w.call('POST', '/auth/api/data/find/groups', {
    ...as(w.admin),
    body: { criteria: [{ field: 'name', is: '=', value: 'Idempotent but changed' }] },
  });
  assert.equal(none.body.total, 0);
});
