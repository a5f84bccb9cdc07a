/**
 * Turns the measurements into the results table: one row per scenario and size, with the peer
 * figure, the ratio and PASS/FAIL where a target applies.
 */
import type { LoadResult, Stats } from './load.ts';

export interface SizeResult {
  n: number;
  /** Spawn to first answer, ms, of alternating starts (bench/run.ts measureStartups). */
  startups: { dform: number[]; json: number[] };
  bare: { read: LoadResult; cpu: number };
  json: { rssReady: number; rssPeak: number; find: LoadResult };
  dform: {
    rssReady: number;
    rssPeak: number;
    /** VmHWM after the read and find phases: the work json-server does in the same run. */
    rssAfterFind: number;
    read: LoadResult;
    /** Server CPU µs per read-by-key request. */
    cpu: number;
    find: LoadResult;
    create: LoadResult;
    save: LoadResult;
    /** GET /healthz latencies sampled every 10 ms during create + save. */
    probe: Stats;
    /** The same probe, at the same time, against an idle bare Hono process. */
    controlProbe: Stats;
    /** Whether the employee snapshot file was rewritten (a compaction ran) during the writes. */
    compacted: boolean;
    mixed: LoadResult;
  };
}

interface Row {
  scenario: string;
  n: number;
  load?: Stats;
  /** Replaces the req/s figure of `load`. */
  rate?: string;
  cpu?: number;
  peer?: string;
  ratio?: number;
  target?: string;
  ok?: boolean;
}

const num = (v: number, digits = 0) =>
  Number.isFinite(v)
    ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '—';
const ms = (v: number) => num(v, v < 10 ? 2 : 1);
const k = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));

export function rows(results: SizeResult[], findTargetRecords: number): Row[] {
  const out: Row[] = [];
  const small = results[0];
  const large = results[results.length - 1];

  for (const r of results) {
    const ratio = r.dform.cpu / r.bare.cpu;
    out.push({
      scenario: 'read-by-key: dform',
      n: r.n,
      load: r.dform.read,
      cpu: r.dform.cpu,
      peer: `bare Hono ${num(r.bare.cpu, 1)} µs/req`,
      ratio,
      target: 'CPU ≤ 2x bare Hono',
      ok: ratio <= 2,
    });
    out.push({ scenario: 'read-by-key: bare Hono (peer)', n: r.n, load: r.bare.read, cpu: r.bare.cpu });
  }
  const scale = large.dform.cpu / small.dform.cpu;
  out.push({
    scenario: `read-by-key: dform CPU at ${k(large.n)} vs ${k(small.n)}`,
    n: large.n,
    cpu: large.dform.cpu,
    peer: `${k(small.n)}: ${num(small.dform.cpu, 1)} µs/req`,
    ratio: scale,
    target: 'CPU ratio ≤ 1.3',
    ok: scale <= 1.3,
  });

  for (const r of results) {
    const ratio = r.dform.find.rps / r.json.find.rps;
    const targeted = r.n === findTargetRecords;
    out.push({
      scenario: 'find 2×eq, page of 20 + total: dform',
      n: r.n,
      load: r.dform.find,
      peer: `json-server ${num(r.json.find.rps)} req/s`,
      ratio,
      target: targeted ? 'req/s ≥ 10x json-server' : undefined,
      ok: targeted ? ratio >= 10 : undefined,
    });
    if (r === large) {
      out.push({
        scenario: 'find: dform p99',
        n: r.n,
        load: r.dform.find,
        target: 'p99 < 200 ms',
        ok: r.dform.find.p99 < 200,
      });
    }
    out.push({ scenario: 'find: json-server (peer)', n: r.n, load: r.json.find });
  }

  for (const kind of ['create', 'save'] as const) {
    for (const r of results) {
      const ratio = r.dform[kind].p99 / small.dform[kind].p99;
      const targeted = r === large;
      out.push({
        scenario: `${kind}: dform`,
        n: r.n,
        load: r.dform[kind],
        peer: targeted ? `p99 at ${k(small.n)}: ${ms(small.dform[kind].p99)} ms` : undefined,
        ratio: targeted ? ratio : undefined,
        target: targeted ? `p99 ≤ 2x p99 at ${k(small.n)}` : undefined,
        ok: targeted ? ratio <= 2 : undefined,
      });
    }
  }

  for (const r of results) {
    const p = r.dform.probe;
    out.push({
      scenario: `event-loop probe during create + save${r.dform.compacted ? ' (a compaction ran)' : ''}`,
      n: r.n,
      load: p,
      rate: `${p.count} probes`,
      peer: `max ${ms(p.max)} ms; idle control server: p99 ${ms(r.dform.controlProbe.p99)}, max ${ms(r.dform.controlProbe.max)} ms`,
      target: 'max < 50 ms',
      ok: p.max < 50,
    });
  }

  for (const r of results) {
    const reads = r.dform.mixed.kinds.get('read')!;
    const writes = r.dform.mixed.kinds.get('write');
    const ratio = reads.p99 / r.dform.read.p99;
    out.push({
      scenario: 'GET under a 10% write mix: dform',
      n: r.n,
      load: reads,
      rate: `${num(r.dform.mixed.rps)} (all)`,
      peer: `read-only p99 ${ms(r.dform.read.p99)} ms; writes p99 ${ms(writes?.p99 ?? NaN)} ms`,
      ratio,
      target: 'GET p99 ≤ 2x read-only',
      ok: ratio <= 2,
    });
  }

  for (const r of results) {
    const dform = median(r.startups.dform);
    const json = median(r.startups.json);
    const range = (all: number[]) => `${num(Math.min(...all))}–${num(Math.max(...all))}`;
    out.push({
      scenario: `start-up, spawn → ready, median of ${r.startups.dform.length}: dform ${num(dform)} ms (${range(r.startups.dform)})`,
      n: r.n,
      peer: `json-server ${num(json)} ms (${range(r.startups.json)})`,
      ratio: dform / json,
      target: 'start-up ≤ json-server',
      ok: dform <= json,
    });
  }
  for (const r of results) {
    out.push({
      scenario: `peak RSS (VmHWM) after reads + finds: dform ${num(r.dform.rssAfterFind)} MiB (at ready ${num(r.dform.rssReady)})`,
      n: r.n,
      peer: `json-server ${num(r.json.rssPeak)} MiB (at ready ${num(r.json.rssReady)})`,
      ratio: r.dform.rssAfterFind / r.json.rssPeak,
      target: 'peak RSS ≤ json-server',
      ok: r.dform.rssAfterFind <= r.json.rssPeak,
    });
    out.push({
      scenario: `peak RSS (VmHWM) after the writes too: dform ${num(r.dform.rssPeak)} MiB`,
      n: r.n,
      peer: 'json-server runs no writes here',
    });
  }
  return out;
}

export function verdicts(table: Row[]): { passed: number; failed: number } {
  return { passed: table.filter((r) => r.ok === true).length, failed: table.filter((r) => r.ok === false).length };
}

export function markdown(table: Row[]): string {
  const head = ['scenario', 'records', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'peer figure', 'ratio'];
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const cells = (r: Row) => [
    r.scenario,
    k(r.n),
    r.rate ?? (r.load ? num(r.load.rps) : ''),
    r.load ? ms(r.load.p50) : '',
    r.load ? ms(r.load.p99) : '',
    r.cpu === undefined ? '' : num(r.cpu, 1),
    r.peer ?? '',
    r.ratio === undefined ? '' : `${num(r.ratio, 2)}x`,
    r.target ?? '',
    r.ok === undefined ? '' : r.ok ? 'PASS' : 'FAIL',
  ];
  return [
    line([...head, 'target', 'result']),
    line([...head, '', ''].map(() => '---')),
    ...table.map((r) => line(cells(r))),
  ].join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
