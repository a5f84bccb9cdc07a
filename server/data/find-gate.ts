/**
 * How many searches (the data API's finds) this process runs at once: at most `perOrg` of one
 * company, and at most `total` in all. A search can keep the database busy for a long time (a large
 * company's records sorted by a column without an index); without a bound, one company's twenty
 * searches at once took every PostgreSQL connection and every other company's read waited behind
 * them, and on the embedded store they would take twenty of every round of slices. See
 * docs/input-limits.md, "Searches take turns".
 *
 * A search over its company's bound waits here, first come first served within a company; when a
 * place frees, companies with waiting searches take turns (the one served goes to the back).
 */
/** Searches of one company at once, in each process. */
export const SEARCHES_PER_COMPANY = 2;

/**
 * Searches at once over PostgreSQL: half of the pool's 10 connections, so reads and writes always
 * find one. The embedded store holds no connection and interleaves its searches' slices: no bound
 * in all there.
 */
export const PG_SEARCHES_AT_ONCE = 5;

export class FindGate {
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  /** Waiting finds by organization; the map's order is the organizations' turn. */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    readonly total: number,
    readonly perOrg: number,
  ) {
    if (!(total >= 1 && perOrg >= 1)) throw new Error('FindGate: total and perOrg must be at least 1');
  }

  /** Runs `work` once the organization's find may run; its place is given back however it ends. */
  async run<T>(org: string, work: () => Promise<T>): Promise<T> {
    if (this.waiting.has(org) || !this.mayStart(org)) {
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(org);
        if (queue) queue.push(resolve);
        else this.waiting.set(org, [resolve]);
      });
    } else {
      this.start(org);
    }
    try {
      return await work();
    } finally {
      this.end(org);
    }
  }

  private mayStart(org: string): boolean {
    return this.running < this.total && (this.runningOf.get(org) ?? 0) < this.perOrg;
  }

  private start(org: string): void {
    this.running++;
    this.runningOf.set(org, (this.runningOf.get(org) ?? 0) + 1);
  }

  private end(org: string): void {
    this.running--;
    const left = (this.runningOf.get(org) ?? 1) - 1;
    if (left === 0) this.runningOf.delete(org);
    else this.runningOf.set(org, left);
    this.admit();
  }

  /** Starts waiting finds while places are free, one organization after the other. */
  private admit(): void {
    let started = true;
    while (started && this.running < this.total) {
      started = false;
      for (const org of [...this.waiting.keys()]) {
        if (!this.mayStart(org)) continue;
        const queue = this.waiting.get(org)!;
        const next = queue.shift()!;
        this.waiting.delete(org);
        if (queue.length > 0) this.waiting.set(org, queue);
        this.start(org);
        next();
        started = true;
        if (this.running >= this.total) return;
      }
    }
  }
}

/** The gate of a server whose searches hold connections of a pool (PostgreSQL) or none (the embedded store). */
export function searchGate(pooled: boolean): FindGate {
  return new FindGate(pooled ? PG_SEARCHES_AT_ONCE : Infinity, SEARCHES_PER_COMPANY);
}
