/**
 * `node --import tsx bench/printable.ts [--runs N] [form ...]`: how long producing each printable form
 * takes from the sample records (bench/printable-samples.ts), in process, without HTTP. For each form: the
 * first call in a fresh process (layout loaded and checked, expressions compiled, fonts parsed), then
 * the median and 95th percentile of N more calls, the median CPU time (which a busy machine does not
 * inflate), and the PDF's size. Prints a markdown table.
 *
 * `benchPrintable()` answers the rows and `printableTable()` the table, for bench/run.ts.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { FORMS, isFormName, type FormName } from '../printable/layout.ts';
import { renderForm } from '../printable/render.ts';
import { sampleInput } from './printable-samples.ts';

export interface PrintableBenchRow {
  form: FormName;
  pages: number;
  bytes: number;
  /** The first render in a fresh process: wall clock and CPU, ms. */
  first: { ms: number; cpuMs: number };
  p50Ms: number;
  p95Ms: number;
  cpuP50Ms: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function timed(form: FormName) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const r = await renderForm(form, sampleInput(form));
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - t, cpuMs: (used.user + used.system) / 1000, bytes: r.pdf.length, pages: r.pages };
}

async function firstCall(form: FormName): Promise<{ ms: number; cpuMs: number }> {
  const args = ['--import', 'tsx', import.meta.filename, '--cold', form];
  const { stdout } = await promisify(execFile)(process.execPath, args);
  return JSON.parse(stdout) as { ms: number; cpuMs: number };
}

export async function benchPrintable(opts: { runs?: number; forms?: readonly FormName[] } = {}) {
  const runs = opts.runs ?? 20;
  const rows: PrintableBenchRow[] = [];
  for (const form of opts.forms ?? FORMS) {
    const first = await firstCall(form);
    // Warm this process for the form: its expressions compiled, its words shaped, the JIT settled.
    for (let i = 0; i < 3; i++) await timed(form);
    const times: number[] = [];
    const cpu: number[] = [];
    let last = { bytes: 0, pages: 0 };
    for (let i = 0; i < runs; i++) {
      const r = await timed(form);
      times.push(r.ms);
      cpu.push(r.cpuMs);
      last = r;
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const p50Ms = pct(times, 0.5);
    rows.push({
      form,
      pages: last.pages,
      bytes: last.bytes,
      first,
      p50Ms,
      p95Ms: pct(times, 0.95),
      cpuP50Ms: pct(cpu, 0.5),
    });
  }
  return rows;
}

export function printableTable(rows: PrintableBenchRow[]): string {
  const ms = (v: number) => v.toFixed(0);
  const lines = [
    '| form | pages | size (KiB) | first call (ms) | first call CPU (ms) | p50 (ms) | p95 (ms) | CPU p50 (ms) |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of rows) {
    const cells = [r.form, r.pages, (r.bytes / 1024).toFixed(1), ms(r.first.ms), ms(r.first.cpuMs)];
    lines.push(`| ${[...cells, ms(r.p50Ms), ms(r.p95Ms), ms(r.cpuP50Ms)].join(' | ')} |`);
  }
  return lines.join('\n');
}

if (import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2);
  if (args[0] === '--cold' && isFormName(args[1])) {
    process.stdout.write(JSON.stringify(await timed(args[1])));
  } else {
    const at = args.indexOf('--runs');
    const runs = at >= 0 ? Number(args[at + 1]) : 20;
    const forms = args.filter(isFormName);
    const rows = await benchPrintable({ runs, forms: forms.length ? forms : FORMS });
    const load = os.loadavg()[0].toFixed(1);
    console.log(`Printable forms, ${runs} runs each after the first (node ${process.version}, load ${load}):\n`);
    console.log(printableTable(rows));
  }
}
