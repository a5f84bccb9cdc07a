/**
 * Throttles kept in the server's memory, with a clock that tests inject (./shared-throttles.ts keeps
 * them in PostgreSQL for several processes, by these same rules).
 *
 * - `backOffThrottle`: every check of a password or single-use key (docs/sign-in-throttle.md). A
 *   failure counts against budgets of the account, of the (account, address) pair and of the
 *   address; past a budget's allowance each failure closes it for a delay that doubles up to a cap,
 *   and a quiet budget forgets its failures one at a time. A device that signed in to the account
 *   lately has a budget of its own instead, so others' failures never keep its user out.
 * - `slidingWindowThrottle`: a plain rate limit of calls that reveal or send something
 *   (retrieve_ssn, forgot_password), per caller and per address.
 *
 * Both hold a bounded number of entries, whatever the number of distinct names thrown at them.
 */

export interface BackOffOptions {
  /** Failures an account takes from all addresses, at most `perPair` of them from each, before it backs off. */
  perAccount: number;
  /** Failures of one account from one address before that pair backs off. */
  perPair: number;
  /** Failures from one address, whatever the accounts, per `windowSeconds`. */
  perAddress: number;
  /** Failures from a device known to the account before that device backs off. */
  perDevice: number;
  /** After its delay, a budget forgets one failure per this many quiet seconds (the address budget `perAddress` of them). */
  windowSeconds: number;
  /** The first delay, in seconds; each further failure doubles it, up to `maxDelay`. */
  firstDelay: number;
  maxDelay: number;
  /** How long a device stays known to an account after a successful sign-in, in seconds. */
  deviceSeconds: number;
  /** Budgets held at most, and known devices at most. */
  maxEntries?: number;
}

/** One check of a secret. */
export interface SignInAttempt {
  /** What is checked: `password` (a sign-in, or change_password's current password), `sudo_login`, `forgot_password`. */
  door: string;
  /** The account: organization and user key, or the name as typed when no account has it. */
  account: string;
  /** The client address ('' when unknown). */
  address: string;
  /** The device id the client sent (x-device-id), if any. */
  device?: string;
}

/**
 * Leave to make a check; it must end in exactly one of `failed`, `succeeded` or `release`. A throttle
 * kept in a database (./shared-throttles.ts) answers and ends asynchronously.
 */
export type Ticket =
  | {
      ok: true;
      failed(): void | Promise<void>;
      succeeded(): void | Promise<void>;
      release(): void | Promise<void>;
    }
  | Refused;

type Refused = { ok: false; /** Seconds until a check may be made. */ retryAfter: number };

/** The ticket of a throttle in memory: answered and ended at once. */
export type MemoryTicket = { ok: true; failed(): void; succeeded(): void; release(): void } | Refused;

export interface SignInThrottle {
  begin(attempt: SignInAttempt): Ticket | Promise<Ticket>;
  /** Budgets and known devices held (for tests and the bench). */
  size(): { budgets: number; devices: number };
}

export interface MemorySignInThrottle extends SignInThrottle {
  begin(attempt: SignInAttempt): MemoryTicket;
}

export type BudgetKind = 'account' | 'pair' | 'address' | 'device';

interface Rule {
  free: number;
  /** Seconds to forget one failure. */
  decay: number;
}

/** One budget's state: plain data, so that a throttle kept elsewhere can load and store it. */
export interface Budget {
  kind: BudgetKind;
  /** Failures remembered as of `last` (fractional once forgetting started). */
  count: number;
  last: number;
  /** Closed until then. */
  until: number;
  /** Checks under way. */
  pending: number;
}

/**
 * Doors a known device does not open on a budget of its own. The second factor is asked after the
 * password, whose success is what makes a device known: a device id sent with the password vouches
 * for nothing more, and a new one with each password step would buy new code guesses.
 */
const SECOND_FACTOR_DOORS: ReadonlySet<string> = new Set(['two_factor']);

/**
 * The budgets an attempt counts against, each with its key: the known device's alone, or the
 * address's, the (account, address) pair's and the account's.
 */
export function budgetKeys(
  { door, account, address }: Omit<SignInAttempt, 'device'>,
  knownDevice: string | undefined,
): [string, BudgetKind][] {
  return knownDevice !== undefined && !SECOND_FACTOR_DOORS.has(door)
    ? [[`d\u0000${door}\u0000${knownDevice}`, 'device']]
    : [
        [`a\u0000${address}`, 'address'],
        [`p\u0000${door}\u0000${account}\u0000${address}`, 'pair'],
        [`u\u0000${door}\u0000${account}`, 'account'],
      ];
}

/** The budgets' rules under these options. */
export function budgetRules(o: BackOffOptions): Record<BudgetKind, Rule> {
  return {
    account: { free: o.perAccount, decay: o.windowSeconds },
    pair: { free: o.perPair, decay: o.windowSeconds },
    address: { free: o.perAddress, decay: o.windowSeconds / Math.max(1, o.perAddress) },
    device: { free: o.perDevice, decay: o.windowSeconds },
  };
}

/** Failures remembered at `t`: forgetting starts once the delay is over. */
const effective = (b: Budget, rule: Rule, t: number) =>
  Math.max(0, b.count - Math.max(0, t - Math.max(b.last, b.until)) / rule.decay);

/** When a budget without checks under way remembers nothing any more (epoch seconds). */
export const forgottenAt = (b: Budget, rule: Rule) => Math.max(b.last, b.until) + b.count * rule.decay;

/** Where a throttle keeps its budgets and known devices: in memory, or loaded for one attempt from a database. */
export interface ThrottleState {
  budgets: Map<string, Budget>;
  /** Keyed digest of (account, device) -> when it stops being known. */
  devices: Map<string, number>;
}

export function backOffThrottle(
  o: BackOffOptions,
  deps: { now?: () => number; digest: (value: string) => string; state?: ThrottleState },
): MemorySignInThrottle {
  const now = deps.now ?? (() => Date.now() / 1000);
  const max = o.maxEntries ?? 100_000;
  const rules = budgetRules(o);
  const { budgets, devices } = deps.state ?? { budgets: new Map<string, Budget>(), devices: new Map<string, number>() };
  const remembered = (b: Budget, t: number) => effective(b, rules[b.kind], t);
  /**
   * Open when its delay is over and the checks under way cannot take it past its allowance: a burst
   * of concurrent attempts gets no more than sequential ones would.
   */
  const open = (b: Budget, t: number) =>
    t >= b.until && (b.pending === 0 || Math.ceil(remembered(b, t) - 1e-9) + b.pending < rules[b.kind].free);

  const idle = (b: Budget, t: number) => b.pending === 0 && t >= b.until && remembered(b, t) === 0;

  /** Back under the bound: first what remembers nothing, then what holds nobody back (fewest failures, oldest first), then the oldest. */
  const sweep = (t: number) => {
    const target = Math.floor(max * 0.9);
    for (const [k, b] of budgets) if (idle(b, t)) budgets.delete(k);
    for (const most of [1, 2, 4, 8, 16, Infinity]) {
      for (const [k, b] of budgets) {
        if (budgets.size <= target) return;
        if (b.pending === 0 && t >= b.until && remembered(b, t) <= most) budgets.delete(k);
      }
    }
    for (const [k, b] of budgets) {
      if (budgets.size <= target) return;
      if (b.pending === 0) budgets.delete(k);
    }
  };

  /** Most recently written last, so that the sweep meets the oldest first. */
  const touch = (key: string, b: Budget) => {
    budgets.delete(key);
    budgets.set(key, b);
    if (budgets.size > max) sweep(now());
  };

  const fail = (b: Budget, t: number) => {
    b.count = remembered(b, t) + 1;
    b.last = t;
    // A failure partly forgotten still counts whole: the allowance comes back, and the delay steps
    // down, one whole failure at a time.
    const whole = Math.ceil(b.count - 1e-9);
    const { free } = rules[b.kind];
    if (whole >= free) {
      const delay = Math.min(o.maxDelay, o.firstDelay * 2 ** (whole - free));
      b.until = Math.max(b.until, t + delay);
    }
  };

  const remember = (known: string, t: number) => {
    devices.delete(known);
    devices.set(known, t + o.deviceSeconds);
    if (devices.size <= max) return;
    for (const [k, until] of devices) if (until <= t) devices.delete(k);
    for (const k of devices.keys()) {
      if (devices.size <= Math.floor(max * 0.9)) break;
      devices.delete(k);
    }
  };

  return {
    size: () => ({ budgets: budgets.size, devices: devices.size }),
    begin({ door, account, address, device }) {
      const t = now();
      const known = device === undefined ? undefined : deps.digest(`${account}\u0000${device}`);
      const isKnown = known !== undefined && (devices.get(known) ?? 0) > t;
      const keys: [string, BudgetKind][] = budgetKeys({ door, account, address }, isKnown ? known : undefined);
      let wait = 0;
      for (const [k] of keys) {
        const b = budgets.get(k);
        if (b && !open(b, t)) wait = Math.max(wait, b.until - t, 1);
      }
      if (wait > 0) return { ok: false, retryAfter: Math.ceil(wait) };
      const held = keys.map(([k, kind]) => {
        const b = budgets.get(k) ?? { kind, count: 0, last: t, until: 0, pending: 0 };
        // Held before touch(): a sweep it sets off leaves budgets with checks under way alone.
        b.pending++;
        if (!budgets.has(k)) touch(k, b);
        return [k, b] as const;
      });
      let ended = false;
      const end = (outcome: 'failed' | 'succeeded' | 'released') => {
        if (ended) return;
        ended = true;
        const t2 = now();
        // The pair's failures count against the account only up to its own allowance: one address
        // alone never closes the account to everyone else.
        const pair = held.find(([, b]) => b.kind === 'pair')?.[1];
        const pairBefore = pair ? remembered(pair, t2) : 0;
        for (const [k, b] of held) {
          b.pending--;
          if (outcome === 'failed' && !(b.kind === 'account' && pairBefore >= rules.pair.free)) {
            fail(b, t2);
            touch(k, b);
          } else if (outcome === 'succeeded' && (b.kind === 'pair' || b.kind === 'device') && b.pending === 0) {
            // The account and the address keep their count: a sign-in of the attacker's own does not reset them.
            budgets.delete(k);
          } else if (idle(b, t2) && budgets.get(k) === b) {
            budgets.delete(k);
          }
        }
        if (outcome === 'succeeded' && known !== undefined) remember(known, t2);
      };
      return {
        ok: true,
        failed: () => end('failed'),
        succeeded: () => end('succeeded'),
        release: () => end('released'),
      };
    },
  };
}

/** A rate limit: calls per sliding window, per name and per address. */
export interface Throttle {
  /** True when another call is allowed now; counts the call. Kept in a database, it answers asynchronously. */
  attempt(name: string, address: string): boolean | Promise<boolean>;
  /** Forgets the name's calls. */
  succeeded(name: string): void | Promise<void>;
}

export interface MemoryThrottle extends Throttle {
  attempt(name: string, address: string): boolean;
  succeeded(name: string): void;
}

/** A sliding window's options; `refusedCounts: false` counts a call only when both budgets let it through. */
export interface WindowOptions {
  windowSeconds: number;
  perAccount: number;
  perAddress: number;
  refusedCounts?: boolean;
}

export function slidingWindowThrottle(
  opts: WindowOptions & { maxEntries?: number },
  now: () => number = () => Date.now() / 1000,
): MemoryThrottle {
  const max = opts.maxEntries ?? 50_000;
  const hits = new Map<string, number[]>();
  /** The id's calls in the window, most recently used last. */
  const recent = (id: string, t: number): number[] => {
    const list = (hits.get(id) ?? []).filter((x) => x > t - opts.windowSeconds);
    hits.delete(id);
    hits.set(id, list);
    return list;
  };
  // Bounded under a flood of distinct names: the expired go first, then the least recently used,
  // down to 90% so that a sweep runs once per tenth of the bound, not on every call.
  const sweep = () => {
    if (hits.size < max) return;
    const t = now();
    for (const [k, v] of hits) if (!v.some((x) => x > t - opts.windowSeconds)) hits.delete(k);
    for (const k of hits.keys()) {
      if (hits.size <= Math.floor(max * 0.9)) break;
      hits.delete(k);
    }
  };
  return {
    attempt(name, address) {
      sweep();
      const t = now();
      const budgets = [
        { list: recent(`a:${address}`, t), limit: opts.perAddress },
        { list: recent(`u:${name}`, t), limit: opts.perAccount },
      ].map((b) => ({ ...b, open: b.list.length < b.limit }));
      const ok = budgets.every((b) => b.open);
      // By default each budget counts the call whatever the other answers.
      for (const b of budgets) if (b.open && (ok || opts.refusedCounts !== false)) b.list.push(t);
      return ok;
    },
    succeeded(name) {
      hits.delete(`u:${name}`);
    },
  };
}
