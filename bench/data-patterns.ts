/**
 * What a catastrophic pattern written as data costs: `^(a+)+$` against 'aaa…!' (n a's and one '!'),
 * checked the way a state form's fields check it (ajv `pattern`) and the way its transforms do
 * (JSONata `$match`), on JavaScript's RegExp (before: each more character doubles the time) and on
 * RE2 (engine/linear-regexp.ts, now: linear in the text). In process; the RegExp rows stop at 24
 * characters, past which one check takes seconds.
 *
 * Target: RE2 checks 100,000 characters in under 50 ms (the longest event-loop hold any request may
 * cause, bench/worst-shapes.ts). Run by `npm run bench`; alone: `npm run bench -- --patterns-only`.
 */
import { Ajv } from 'ajv';
import jsonata from 'jsonata';
import { LinearRegExp, linearPatterns } from '../engine/linear-regexp.ts';

export const PATTERN = '^(a+)+$';
export const LINEAR_TARGET_MS = 50;
const NATIVE_UP_TO = 24;

const text = (n: number) => `${'a'.repeat(n)}!`;

/** The median of `runs` timings of `fn`, in ms. */
function median(runs: number, fn: () => unknown): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

async function medianAsync(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

function ajvCheck(regExp?: typeof linearPatterns) {
  const ajv = new Ajv(regExp ? { code: { regExp } } : {});
  const validate = ajv.compile({ type: 'string', pattern: PATTERN });
  return (s: string) => validate(s);
}

function jsonataMatch(engine?: typeof LinearRegExp) {
  const expr = jsonata(`$match($, /${PATTERN}/)`, {
    ...(engine ? { RegexEngine: engine as unknown as RegExpConstructor } : {}),
  });
  return (s: string) => expr.evaluate(s);
}

export async function measureDataPatterns(log: (msg: string) => void): Promise<{ lines: string[]; pass: boolean }> {
  const rows: string[][] = [];
  const nativeAjv = ajvCheck();
  const linearAjv = ajvCheck(linearPatterns);
  const nativeJsonata = jsonataMatch();
  const linearJsonata = jsonataMatch(LinearRegExp);
  const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
  // Warm-up: the first calls compile (ajv, RE2's program, V8's RegExp code).
  for (const check of [nativeAjv, linearAjv]) median(20, () => check(text(12)));
  for (const check of [nativeJsonata, linearJsonata]) await medianAsync(20, () => check(text(12)));
  for (const n of [16, 20, 22, 24, 30, 1_000, 100_000]) {
    log(`data patterns: ${n} characters`);
    const s = text(n);
    const runs = n >= 22 && n <= NATIVE_UP_TO ? 3 : 5;
    const before = n <= NATIVE_UP_TO ? median(runs, () => nativeAjv(s)) : undefined;
    const beforeJsonata = n <= NATIVE_UP_TO ? await medianAsync(runs, () => nativeJsonata(s)) : undefined;
    const after = median(5, () => linearAjv(s));
    const afterJsonata = await medianAsync(5, () => linearJsonata(s));
    rows.push([
      n.toLocaleString('en-US'),
      before === undefined ? '(seconds and more)' : ms(before),
      ms(after),
      beforeJsonata === undefined ? '(seconds and more)' : ms(beforeJsonata),
      ms(afterJsonata),
    ]);
  }
  const worst = Math.max(...rows.slice(-1).flatMap((r) => [Number(r[2]), Number(r[4])]));
  const pass = worst < LINEAR_TARGET_MS;
  return {
    pass,
    lines: [
      `## A catastrophic pattern written as data: \`${PATTERN}\` against n a's and a '!'`,
      '',
      '| n | ajv pattern, RegExp (ms) | ajv pattern, RE2 (ms) | JSONata $match, RegExp (ms) | JSONata $match, RE2 (ms) |',
      '| ---: | ---: | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
      '',
      `RE2 on 100,000 characters: ${ms(worst)} ms, target < ${LINEAR_TARGET_MS} ms: ${pass ? 'PASS' : 'FAIL'}.`,
    ],
  };
}
