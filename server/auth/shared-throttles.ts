/**
 * The throttles of ./throttle.ts kept in PostgreSQL, so that every process of a deployment counts
 * every attempt (API.md "v2 additions"). The rules are the in-memory throttles' own: each begin and
 * each end of a sign-in check loads the attempt's budgets into a throttle of ./throttle.ts, runs
 * it, and stores what changed, in one transaction holding advisory locks on the account and the
 * address, so two processes never count over each other.
 *
 * Rows are keyed by keyed digests (`digest`), never by names or addresses.
 */
import type pg from 'pg';
import type { PgStore } from '../storage/pg/pg-store.ts';
import {
  backOffThrottle,
  budgetKeys,
  budgetRules,
  forgottenAt,
  type BackOffOptions,
  type Budget,
  type BudgetKind,
  type MemoryTicket,
  type SignInAttempt,
  type SignInThrottle,
  type ThrottleState,
  type Throttle,
  type Ticket,
  type WindowOptions,
} from './throttle.ts';

/** A check under way of a process that died stops holding its budgets after this long. */
const PENDING_SECONDS = 120;
/** How often a process deletes the budgets, devices and calls that remember nothing. */
const PURGE_SECONDS = 60;

interface Deps {
  now?: () => number;
  /** A keyed digest (the lookup key's): names rows without naming the account or the address. */
  digest: (value: string) => string;
}

interface BudgetRow {
  key: string;
  kind: BudgetKind;
  count: number;
  last: number;
  until: number;
  pending: number;
  pending_until: number;
}

/** Serializes the transactions that touch these names, in one order everywhere (no deadlock). */
async function lockNames(client: pg.PoolClient, names: string[]): Promise<void> {
  for (const name of [...new Set(names)].sort()) {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
  }
}

export function sharedSignInThrottle(store: PgStore, o: BackOffOptions, deps: Deps): SignInThrottle {
  const now = deps.now ?? (() => Date.now() / 1000);
  const rules = budgetRules(o);
  const rowKey = (key: string) => deps.digest(`throttle\u0000${key}`);
  let purged = 0;

  async function purge(t: number): Promise<void> {
    if (t - purged < PURGE_SECONDS) return;
    purged = t;
    await store.pool.query('DELETE FROM dform_throttle_budgets WHERE forgotten_at < $1 AND pending_until < $1', [t]);
    await store.pool.query('DELETE FROM dform_throttle_devices WHERE until < $1', [t]);
  }

  /**
   * Runs `step` over the attempt's budgets as stored now, loaded into `state` (in place: a ticket
   * holds the budget objects it began with), and stores them back.
   */
  function locked<T>(attempt: SignInAttempt, state: ThrottleState, step: () => T): Promise<T> {
    const device = attempt.device === undefined ? undefined : deps.digest(`${attempt.account}\u0000${attempt.device}`);
    const keys = [...budgetKeys(attempt, undefined), ...(device ? budgetKeys(attempt, device) : [])].map(([k]) => k);
    const byRow = new Map(keys.map((k) => [rowKey(k), k]));
    return store.transaction([], 'READ COMMITTED', async (client) => {
      const t = now();
      await lockNames(client, [`throttle:u:${rowKey(attempt.account)}`, `throttle:a:${rowKey(attempt.address)}`]);
      const rows = await client.query<BudgetRow>(
        'SELECT key, kind, count, last, until, pending, pending_until FROM dform_throttle_budgets WHERE key = ANY($1)',
        [[...byRow.keys()]],
      );
      const loaded = new Map<string, Budget>();
      for (const r of rows.rows) {
        const pending = r.pending_until < t ? 0 : r.pending;
        loaded.set(byRow.get(r.key)!, { kind: r.kind, count: r.count, last: r.last, until: r.until, pending });
      }
      for (const key of keys) {
        const fresh = loaded.get(key);
        const held = state.budgets.get(key);
        if (fresh && held) Object.assign(held, fresh);
        else if (fresh) state.budgets.set(key, fresh);
        else if (held) {
          // Deleted meanwhile (it remembered nothing): only this ticket's own check is under way.
          Object.assign(held, { count: 0, last: t, until: 0, pending: Math.min(held.pending, 1) });
        }
      }
      if (device !== undefined) {
        const known = await client.query<{ until: number }>('SELECT until FROM dform_throttle_devices WHERE key = $1', [
          rowKey(device),
        ]);
        if (known.rows[0]) state.devices.set(device, known.rows[0].until);
        else state.devices.delete(device);
      }
      const out = step();
      for (const key of keys) {
        const b = state.budgets.get(key);
        if (b === undefined) {
          if (loaded.has(key)) await client.query('DELETE FROM dform_throttle_budgets WHERE key = $1', [rowKey(key)]);
          continue;
        }
        await client.query(
          `INSERT INTO dform_throttle_budgets (key, kind, count, last, until, pending, pending_until, forgotten_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (key) DO UPDATE SET kind = $2, count = $3, last = $4, until = $5, pending = $6,
             pending_until = $7, forgotten_at = $8`,
          [
            rowKey(key),
            b.kind,
            b.count,
            b.last,
            b.until,
            b.pending,
            t + PENDING_SECONDS,
            forgottenAt(b, rules[b.kind]),
          ],
        );
      }
      const until = device === undefined ? undefined : state.devices.get(device);
      if (device !== undefined && until !== undefined) {
        await client.query(
          'INSERT INTO dform_throttle_devices (key, until) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET until = $2',
          [rowKey(device), until],
        );
      }
      return out;
    });
  }

  return {
    // Budgets live in the database; this process holds none.
    size: () => ({ budgets: 0, devices: 0 }),
    async begin(attempt): Promise<Ticket> {
      const state: ThrottleState = { budgets: new Map(), devices: new Map() };
      const throttle = backOffThrottle(o, { now, digest: deps.digest, state });
      const ticket: MemoryTicket = await locked(attempt, state, () => throttle.begin(attempt));
      void purge(now()).catch(() => undefined);
      if (!ticket.ok) return ticket;
      return {
        ok: true,
        failed: () => locked(attempt, state, () => ticket.failed()),
        succeeded: () => locked(attempt, state, () => ticket.succeeded()),
        release: () => locked(attempt, state, () => ticket.release()),
      };
    },
  };
}

/** The rate limit of ./throttle.ts (`slidingWindowThrottle`) over calls stored in the database. */
export function sharedRateLimit(store: PgStore, opts: WindowOptions, deps: Deps): Throttle {
  const now = deps.now ?? (() => Date.now() / 1000);
  const rowKey = (key: string) => deps.digest(`rate\u0000${key}`);
  let purged = 0;
  return {
    attempt(name, address) {
      const t = now();
      const ids: [string, number][] = [
        [rowKey(`a:${address}`), opts.perAddress],
        [rowKey(`u:${name}`), opts.perAccount],
      ];
      return store.transaction([], 'READ COMMITTED', async (client) => {
        await lockNames(
          client,
          ids.map(([id]) => `rate:${id}`),
        );
        if (t - purged >= PURGE_SECONDS) {
          purged = t;
          await client.query('DELETE FROM dform_rate_hits WHERE at <= $1', [t - opts.windowSeconds]);
        }
        const open: string[] = [];
        for (const [id, limit] of ids) {
          const seen = await client.query<{ n: string }>(
            'SELECT count(*) AS n FROM dform_rate_hits WHERE key = $1 AND at > $2',
            [id, t - opts.windowSeconds],
          );
          if (Number(seen.rows[0].n) < limit) open.push(id);
        }
        const ok = open.length === ids.length;
        // By default each counts the call whatever the other answers, as the in-memory limit does.
        if (ok || opts.refusedCounts !== false) {
          for (const id of open) await client.query('INSERT INTO dform_rate_hits (key, at) VALUES ($1, $2)', [id, t]);
        }
        return ok;
      });
    },
    async succeeded(name) {
      await store.pool.query('DELETE FROM dform_rate_hits WHERE key = $1', [rowKey(`u:${name}`)]);
    },
  };
}
