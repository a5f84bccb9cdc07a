/**
 * Work that companies take turns at: at most `perOrg` of one company at once in this process, and
 * at most `total` in all. Work over its company's bound waits here, first come first served within
 * a company; when a place frees, companies with waiting work take turns (the one served goes to the
 * back), so a company that comes later is served before another's backlog. See
 * docs/input-limits.md, "Searches and printable forms take turns".
 *
 * - Searches (the data API's finds, ./data/find.ts): one can keep the database busy for a long time
 *   (a large company's records sorted by a column without an index). Without a bound, one
 *   company's twenty at once took every PostgreSQL connection and every read waited behind them.
 * - Printable forms (./printable/routes.ts): each takes tens of milliseconds of the one drawing
 *   worker (./printable/drawing.ts) and of this process. Without a bound, one employee asking for
 *   her I-9 twenty times at once made every company's reads wait up to 0.8 s.
 */

/** Searches of one company at once, in each process. */
export const SEARCHES_PER_COMPANY = 2;

/**
 * Searches at once over PostgreSQL: half of the pool's 10 connections, so reads and writes always
 * find one. The embedded store holds no connection and interleaves its searches' slices: no bound
 * in all there.
 */
export const PG_SEARCHES_AT_ONCE = 5;

/** Printable forms of one company drawn at once, in each process. */
export const PRINTS_PER_COMPANY = 1;

export class CompanyTurns {
  private running = 0;
  private readonly runningOf = new Map<string, number>();
  /** Waiting work by organization; the map's order is the organizations' turn. */
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(
    readonly total: number,
    readonly perOrg: number,
  ) {
    if (!(total >= 1 && perOrg >= 1)) throw new Error('CompanyTurns: total and perOrg must be at least 1');
  }

  /** Runs `work` in its organization's turn; its place is given back however `work` ends. */
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
        // On the next turn of the event loop, not now: a waiting request resumed at once would run
        // in this one's microtasks, ahead of every request waiting on I/O (a form drawn after
        // another without a break let no other request in).
        setImmediate(next);
        started = true;
        if (this.running >= this.total) return;
      }
    }
  }
}

/** The searches' turns of a server whose searches hold connections of a pool (PostgreSQL) or none (the embedded store). */
export function searchTurns(pooled: boolean): CompanyTurns {
  return new CompanyTurns(pooled ? PG_SEARCHES_AT_ONCE : Infinity, SEARCHES_PER_COMPANY);
}

/** The printable forms' turns: one company's at a time, any number of companies. */
export function printTurns(): CompanyTurns {
  return new CompanyTurns(Infinity, PRINTS_PER_COMPANY);
}
