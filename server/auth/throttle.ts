/**
 * Sign-in throttling: a sliding window of attempts per account and per client address, so that
 * brute force on one account and password spraying from one address are both slowed to a stop.
 */
export interface Throttle {
  /** True when another attempt is allowed now; counts the attempt. */
  attempt(account: string, address: string): boolean;
  /** A successful sign-in clears the account's failures. */
  succeeded(account: string): void;
}

export function slidingWindowThrottle(
  opts: { windowSeconds: number; perAccount: number; perAddress: number },
  now: () => number = () => Date.now() / 1000,
): Throttle {
  const hits = new Map<string, number[]>();
  const take = (id: string, limit: number): boolean => {
    const t = now();
    const list = (hits.get(id) ?? []).filter((x) => x > t - opts.windowSeconds);
    if (list.length >= limit) {
      hits.set(id, list);
      return false;
    }
    list.push(t);
    hits.set(id, list);
    return true;
  };
  // Keep memory bounded under a flood of distinct names.
  const sweep = () => {
    if (hits.size < 50_000) return;
    const t = now();
    for (const [k, v] of hits) if (!v.some((x) => x > t - opts.windowSeconds)) hits.delete(k);
  };
  return {
    attempt(account, address) {
      sweep();
      const okAddress = take(`a:${address}`, opts.perAddress);
      const okAccount = take(`u:${account}`, opts.perAccount);
      return okAddress && okAccount;
    },
    succeeded(account) {
      hits.delete(`u:${account}`);
    },
  };
}
