/**
 * Mixed load across three companies (issue #8 "Hardening"): 20 clients for 10 s (DFORM_SOAK=1:
 * 60 s), 70% reads, 20% creates, 10% updates with If-Match, on auth/groups seeded with 500 records
 * per company (DFORM_SOAK=1: 5,000). Every create carries an Idempotency-Key and is retried once,
 * with the same key, after a network error; one create in twenty is cut off by the client on
 * purpose (aborted after 0-8 ms) so the retry path really runs. Afterwards: nothing lost (every
 * acknowledged create is readable, at least at the version acknowledged), nothing duplicated
 * (every name once), no 5xx. Then 20 clients update ONE record with the version each read: exactly
 * one success per version, the rest 409, final version = 1 + successes. Prints p50/p99 per operation.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { as, demoWorld, type DemoWorld, type Session } from '../helpers/demo.ts';
import { SOAK, createCompany, figure, percentile, pool, seededRandom, sudoInto } from '../helpers/hardening.ts';

const SUITE = 'load';
const CLIENTS = 20;
const SECONDS = SOAK ? 60 : 10;
const SEED_PER_COMPANY = SOAK ? 5_000 : 500;
const CONTENTION_SECONDS = SOAK ? 15 : 3;
const ABORT_ONE_IN = 20;

interface Company {
  name: string;
  session: Session;
  keys: string[];
}

let w: DemoWorld;
const companies: Company[] = [];
const seedRetries: string[] = [];
const group = (name: string) => ({ name, description: 'load', permissions: [], users: [], notes: '' });

/** A create sent with fetch directly, so the client can cut it off (an AbortSignal) like a lost answer. */
async function createOnce(s: Session, body: unknown, idemKey: string, abortAfterMs?: number) {
  const ctrl = new AbortController();
  const timer = abortAfterMs === undefined ? undefined : setTimeout(() => ctrl.abort(), abortAfterMs);
  try {
    const res = await fetch(`${w.server.url}/auth/api/data/groups/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'organization-id': s.org,
        auth_token: s.token,
        'idempotency-key': idemKey,
      },
      body: JSON.stringify(body),
      signal: ctrl.signal,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

beforeAll(async () => {
  w = await demoWorld();
  const second = await createCompany(w, 'Load Two', 'loadtwo.dform.app');
  const third = await createCompany(w, 'Load Three', 'loadthree.dform.app');
  companies.push(
    { name: 'Acme', session: w.admin, keys: [] },
    { name: 'Load Two', session: await sudoInto(w, w.staff, second), keys: [] },
    { name: 'Load Three', session: await sudoInto(w, w.staff, third), keys: [] },
  );
  const t = performance.now();
  for (const c of companies) {
    const made = await pool(
      Array.from({ length: SEED_PER_COMPANY }, (_, i) => i),
      8,
      async (i) => {
        // Seeding is not what is measured: a create that fails for the machine's sake (an expression's
        // 250 ms wall-clock guard on an overloaded host, 422) is sent again with the same key, and counted.
        const headers = { 'idempotency-key': `seed-${companies.indexOf(c)}-${i}` };
        for (let attempt = 0; ; attempt++) {
          const r = await w
            .call('POST', '/auth/api/data/groups/', { ...as(c.session), body: group(`seed-${i}`), headers })
            .catch(() => undefined);
          if (r?.status === 201) return r.body.key as string;
          seedRetries.push(r ? `${r.status} ${r.text.slice(0, 120)}` : 'network error');
          assert.ok(attempt < 3, `seed ${i}: ${seedRetries[seedRetries.length - 1]}`);
        }
      },
    );
    c.keys.push(...made);
  }
  figure(SUITE, 'seeded records', SEED_PER_COMPANY * companies.length);
  figure(SUITE, 'seed creates sent again', seedRetries.length);
  for (const r of seedRetries.slice(0, 3)) console.log(`[seed] ${r}`);
  figure(SUITE, 'seed rate', (SEED_PER_COMPANY * companies.length) / ((performance.now() - t) / 1000), 'creates/s');
});

afterAll(async () => {
  await w?.server.stop();
});

describe(`20 clients, ${SECONDS} s, 70/20/10 reads/creates/updates over three companies`, () => {
  const lat = { read: [] as number[], create: [] as number[], update: [] as number[] };
  const statuses = new Map<string, number>();
  const acked = new Map<string, { company: Company; name: string; version: number }>();
  const attemptedNames = new Map<string, Company>();
  let retried = 0;
  const oddCreates: string[] = [];
  const oddRetries: string[] = [];
  let abortedOnPurpose = 0;
  let failedTwice = 0;
  let elapsed = 0;

  const count = (op: string, status: number) =>
    statuses.set(`${op} ${status}`, (statuses.get(`${op} ${status}`) ?? 0) + 1);

  beforeAll(async () => {
    const t0 = performance.now();
    const end = t0 + SECONDS * 1000;
    const client = async (id: number) => {
      const rand = seededRandom(1000 + id);
      const c = companies[id % companies.length];
      let n = 0;
      while (performance.now() < end) {
        const dice = rand();
        const key = c.keys[Math.floor(rand() * c.keys.length)];
        if (dice < 0.7) {
          const t = performance.now();
          const r = await w.call('GET', `/auth/api/data/groups/${key}`, as(c.session));
          lat.read.push(performance.now() - t);
          count('read', r.status);
        } else if (dice < 0.9) {
          const name = `load-${id}-${n++}`;
          const idem = randomUUID();
          attemptedNames.set(name, c);
          const cut = rand() < 1 / ABORT_ONE_IN ? Math.floor(rand() * 9) : undefined;
          const t = performance.now();
          let r = await createOnce(c.session, group(name), idem, cut).catch(() => undefined);
          const retriedThis = !r;
          if (!r) {
            if (cut !== undefined) abortedOnPurpose++;
            retried++;
            r = await createOnce(c.session, group(name), idem).catch(() => undefined);
          }
          lat.create.push(performance.now() - t);
          if (!r) {
            failedTwice++;
            continue;
          }
          count('create', r.status);
          if (r.status !== 201) (retriedThis ? oddRetries : oddCreates).push(`${r.status} ${JSON.stringify(r.body)}`);
          if (r.status === 201) {
            acked.set(r.body.key, { company: c, name, version: r.body.meta.version });
            c.keys.push(r.body.key);
          }
        } else {
          const t = performance.now();
          const current = await w.call('GET', `/auth/api/data/groups/${key}`, as(c.session));
          const r = await w.call('PATCH', `/auth/api/data/groups/${key}`, {
            ...as(c.session),
            body: { notes: `client ${id} update ${n++}` },
            headers: { 'if-match': String(current.body.meta.version) },
          });
          lat.update.push(performance.now() - t);
          count('update', r.status);
          if (r.status === 200) {
            const a = acked.get(key);
            if (a) a.version = Math.max(a.version, r.body.meta.version);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    elapsed = (performance.now() - t0) / 1000;
  });

  test('figures', () => {
    const ops = lat.read.length + lat.create.length + lat.update.length;
    figure(SUITE, 'duration', elapsed, 's');
    figure(SUITE, 'operations', ops);
    figure(SUITE, 'throughput', ops / elapsed, 'ops/s');
    for (const op of ['read', 'create', 'update'] as const) {
      figure(SUITE, `${op} count`, lat[op].length);
      figure(SUITE, `${op} p50`, percentile(lat[op], 50), 'ms');
      figure(SUITE, `${op} p99`, percentile(lat[op], 99), 'ms');
    }
    figure(
      SUITE,
      'statuses',
      [...statuses]
        .sort()
        .map(([k, v]) => `${k}:${v}`)
        .join(' '),
    );
    figure(
      SUITE,
      'creates cut off by the client and retried with the same key',
      `${abortedOnPurpose} (retries ${retried})`,
    );
    figure(SUITE, 'creates that failed twice', failedTwice);
    assert.ok(ops > CLIENTS * SECONDS, `${ops} operations`);
  });

  test('no answer is a 5xx; reads answer 200, updates 200 or 409', () => {
    const fivexx = [...statuses].filter(([k]) => Number(k.split(' ')[1]) >= 500);
    assert.deepEqual(fivexx, []);
    assert.deepEqual(
      [...statuses.keys()].filter((k) => k.startsWith('read') && k !== 'read 200'),
      [],
    );
    assert.deepEqual(
      [...statuses.keys()].filter((k) => k.startsWith('update') && !['update 200', 'update 409'].includes(k)),
      [],
    );
  });

  test('every create answers 201', () => {
    for (const o of oddCreates.slice(0, 5)) console.log(`[create] ${o}`);
    figure(SUITE, 'first-attempt creates answered other than 201', oddCreates.length);
    assert.deepEqual(oddCreates.slice(0, 10), []);
  });

  test('a create retried with the same Idempotency-Key answers the first record (201), never 409', () => {
    for (const o of oddRetries.slice(0, 5)) console.log(`[retried create] ${o}`);
    figure(SUITE, 'retried creates answered other than 201', `${oddRetries.length} of ${retried}`);
    // Regression (found by this suite, fixed): a create retried with the same Idempotency-Key while the first attempt is still being
    // committed answers 409 "Version conflict: the record changed since it was read" (the record
    // exists once, but the client never learns its key). See the pair test below for a reproduction.
    assert.deepEqual(oddRetries.slice(0, 10), []);
  });

  test('nothing lost: every acknowledged create is readable, at least at the version acknowledged', async () => {
    const lost: string[] = [];
    await pool([...acked], 16, async ([key, a]) => {
      const r = await w.call('GET', `/auth/api/data/groups/${key}`, as(a.company.session));
      if (r.status !== 200 || r.body.meta.version < a.version || r.body.data.name !== a.name)
        lost.push(`${a.company.name} ${key} ${a.name} v${a.version}: ${r.status} v${r.body?.meta?.version}`);
    });
    figure(SUITE, 'acknowledged creates', acked.size);
    figure(SUITE, 'lost', lost.length);
    assert.deepEqual(lost.slice(0, 10), []);
  });

  test('nothing duplicated: each name once, and each company holds seed + created records', async () => {
    const dups: string[] = [];
    for (const c of companies) {
      const names = new Map<string, number>();
      let total = 0;
      for (let offset = 0; ; offset += 500) {
        const page = await w.call('POST', '/auth/api/data/find/groups', {
          ...as(c.session),
          body: { limit: 500, offset },
        });
        assert.equal(page.status, 200, page.text);
        for (const g of page.body.items) names.set(g.data.name, (names.get(g.data.name) ?? 0) + 1);
        total = page.body.total;
        if (offset + 500 >= total) break;
      }
      for (const [name, n] of names) if (n > 1) dups.push(`${c.name}: ${name} x${n}`);
      const createdHere = [...attemptedNames].filter(([name, co]) => co === c && names.has(name)).length;
      const ackedHere = [...acked.values()].filter((a) => a.company === c).length;
      assert.equal(total, names.size, `${c.name}: every record counted once`);
      assert.ok(createdHere >= ackedHere, `${c.name}: ${createdHere} created names >= ${ackedHere} acknowledged`);
      const demoGroups = c.name === 'Acme' ? 3 : 0;
      assert.equal(total, SEED_PER_COMPANY + createdHere + demoGroups, `${c.name}: seed + created`);
    }
    figure(SUITE, 'duplicated', dups.length);
    assert.deepEqual(dups.slice(0, 10), []);
  });
});

describe(`20 clients updating ONE record for ${CONTENTION_SECONDS} s with the version each read`, () => {
  test('exactly one success per version, the rest 409, final version = 1 + successes', async () => {
    const c = companies[0];
    const created = await w.call('POST', '/auth/api/data/groups/', { ...as(c.session), body: group('contended') });
    assert.equal(created.status, 201, created.text);
    const key = created.body.key;
    const wins: number[] = [];
    const lat: number[] = [];
    let conflicts = 0;
    const other: string[] = [];
    const end = performance.now() + CONTENTION_SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, id) => {
        while (performance.now() < end) {
          const read = await w.call('GET', `/auth/api/data/groups/${key}`, as(c.session));
          const v = read.body.meta.version as number;
          const t = performance.now();
          const r = await w.call('PATCH', `/auth/api/data/groups/${key}`, {
            ...as(c.session),
            body: { notes: `client ${id} on v${v}` },
            headers: { 'if-match': String(v) },
          });
          lat.push(performance.now() - t);
          if (r.status === 200) {
            wins.push(v);
            if (r.body.meta.version !== v + 1) other.push(`v${v} -> answered v${r.body.meta.version}`);
          } else if (r.status === 409) conflicts++;
          else other.push(`${r.status} ${r.text.slice(0, 100)}`);
        }
      }),
    );
    const final = await w.call('GET', `/auth/api/data/groups/${key}`, as(c.session));
    figure(SUITE, 'contended updates: successes', wins.length);
    figure(SUITE, 'contended updates: 409s', conflicts);
    figure(SUITE, 'contended update p50', percentile(lat, 50), 'ms');
    figure(SUITE, 'contended update p99', percentile(lat, 99), 'ms');
    assert.deepEqual(other, []);
    const sorted = [...wins].sort((a, b) => a - b);
    assert.deepEqual(
      sorted,
      Array.from({ length: wins.length }, (_, i) => i + 1),
      'one success for each version 1..n',
    );
    assert.equal(final.body.meta.version, 1 + wins.length);
    assert.ok(wins.length > 10 && conflicts > wins.length, `${wins.length} successes, ${conflicts} conflicts`);
  });
});

describe('Idempotency-Key: the same create sent twice at once, while other writes keep the journal busy', () => {
  test('both answers are 201 with the same record, and the record exists once', async () => {
    const c = companies[0];
    let stop = false;
    const background = Array.from({ length: 8 }, async (_, j) => {
      for (let n = 0; !stop; n++)
        await w.call('POST', '/auth/api/data/groups/', { ...as(c.session), body: group(`busy ${j} ${n}`) });
    });
    const tally = new Map<string, number>();
    let example = '';
    try {
      for (let i = 0; i < 30; i++) {
        const headers = { 'idempotency-key': `pair-${i}-${randomUUID()}` };
        const answers = await Promise.all(
          [0, 1].map(() =>
            w.call('POST', '/auth/api/data/groups/', { ...as(c.session), body: group(`pair ${i}`), headers }),
          ),
        );
        const k = answers
          .map((a) => a.status)
          .sort()
          .join(',');
        tally.set(k, (tally.get(k) ?? 0) + 1);
        if (k !== '201,201') example ||= answers.find((a) => a.status !== 201)!.text;
        else assert.equal(answers[0].body.key, answers[1].body.key, 'one record for one key');
      }
    } finally {
      stop = true;
      await Promise.all(background);
    }
    const found = await w.call('POST', '/auth/api/data/find/groups', {
      ...as(c.session),
      body: { criteria: [{ field: 'name', is: 'like', value: 'pair ' }], limit: 500 },
    });
    figure(SUITE, 'same-key pairs under write load', [...tally].map(([k, n]) => `${k}:${n}`).join(' '));
    assert.equal(found.body.total, 30, 'each pair made one record');
    // Regression (found by this suite, fixed): POST /auth/api/data/groups/ twice at once with one Idempotency-Key, while other creates
    // run: most pairs answer [201, 409 {"message":"Version conflict: the record changed since it was
    // read"}]. Both commits land in one journal group; the second's claim conflicts before the first
    // is applied to memory, so records.ts's re-lookup of the key finds nothing and rethrows.
    assert.deepEqual([...tally.keys()], ['201,201'], `answers ${JSON.stringify([...tally])}; e.g. ${example}`);
  });
});
