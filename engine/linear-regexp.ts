/**
 * Regular expressions written as data (a state form's `pattern`, a JSONata `/.../` literal) run on
 * RE2 (re2js, a pure JavaScript port): its matching time grows linearly with the text, whatever the
 * pattern, where JavaScript's backtracking RegExp takes exponential time on patterns such as
 * `^(a+)+$` and blocks the one thread every company's requests share. RE2 has no backreferences and
 * no lookaround; such a pattern is refused when it is saved, with the reason. A pattern has at most
 * MAX_PATTERN_LENGTH characters. docs/data-defined-patterns.md tells the rules and the differences.
 */
import { RE2JS } from 're2js';

/** The longest pattern accepted, in characters. */
export const MAX_PATTERN_LENGTH = 512;

/**
 * The largest RE2 program accepted, in instructions. Matching is linear in the text, but its
 * constant grows with the program past what RE2's cached automaton holds: `(a|aa){1,1000}[^a]`
 * (7,002 instructions) took 0.9 s on 10,000 characters, `(a|aa){1,40}[^a]` (282) 10 ms on 100,000.
 * The product's own patterns need at most 180.
 */
export const MAX_PROGRAM_SIZE = 300;

/** A pattern that cannot run here; the message names the pattern (its start, when long) and why. */
class PatternError extends Error {
  constructor(
    reason: string,
    readonly pattern: string,
  ) {
    const shown = pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern;
    super(`the pattern ${JSON.stringify(shown)} ${reason}`);
    this.name = 'PatternError';
  }
}

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  // RE2 always matches code points; `g` is the caller's concern (LinearRegExp.lastIndex).
  u: 0,
  g: 0,
};

const compiled = new Map<string, RE2JS>();

/**
 * A pattern in JavaScript syntax compiled by RE2; throws a PatternError saying why not (too long,
 * a flag or a construct RE2 does not have). Cached by pattern and flags.
 */
function compileLinear(source: string, flags = ''): RE2JS {
  const id = `${flags}/${source}`;
  const hit = compiled.get(id);
  if (hit) return hit;
  if (source.length > MAX_PATTERN_LENGTH) {
    throw new PatternError(`is longer than ${MAX_PATTERN_LENGTH} characters`, source);
  }
  let bits = 0;
  for (const f of flags) {
    if (!(f in FLAG_BITS)) throw new PatternError(`has the flag '${f}', which is not supported`, source);
    bits |= FLAG_BITS[f];
  }
  let re: RE2JS;
  try {
    // JavaScript spellings RE2 writes otherwise (\u00e9, (?<name>...)) are translated first.
    re = RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (e) {
    const reason = ((e as Error).message ?? String(e)).replace(/^error parsing regexp: /, '');
    throw new PatternError(`is not supported (${reason}): RE2 syntax has no backreferences or lookaround`, source);
  }
  if (re.programSize() > MAX_PROGRAM_SIZE) {
    throw new PatternError(
      `is too complex to match quickly (${re.programSize()} RE2 instructions, at most ${MAX_PROGRAM_SIZE}): use smaller repetition counts`,
      source,
    );
  }
  if (compiled.size >= 1000) compiled.clear();
  compiled.set(id, re);
  return re;
}

/** Why a pattern cannot run here, or undefined when it can. */
export function patternProblem(source: string, flags = ''): string | undefined {
  try {
    compileLinear(source, flags);
    return undefined;
  } catch (e) {
    if (e instanceof PatternError) return e.message;
    throw e;
  }
}

/** re2js's instruction codes (its Inst class, as in Go's regexp/syntax): what a step of the program does. */
const INST = { ALT: 1, ALT_MATCH: 2, FAIL: 5, MATCH: 6, RUNE: 8, RUNE1: 9, RUNE_ANY: 10, RUNE_ANY_NOT_NL: 11 } as const;

/**
 * The fewest characters a text holding a match of the pattern has: the shortest path through RE2's
 * compiled program to its match, a character step costing one and every other (an alternative, a
 * group, an anchor) none. A lower bound (anchors are taken as met); Infinity when no text matches;
 * 0 when the program is not one this reads. Throws as compileLinear does.
 */
export function shortestMatch(source: string, flags = ''): number {
  const prog = (compileLinear(source, flags) as unknown as { re2Input?: { prog?: unknown } }).re2Input?.prog as
    { start: number; inst: { op: number; out: number; arg: number }[] } | undefined;
  if (!prog || !Array.isArray(prog.inst) || typeof prog.start !== 'number') return 0;
  // A 0-1 breadth-first search: steps costing nothing go to the front of the queue.
  const best = new Map<number, number>([[prog.start, 0]]);
  const queue: number[] = [prog.start];
  const reach = (pc: number, cost: number, front: boolean) => {
    if (!(cost < (best.get(pc) ?? Infinity))) return;
    best.set(pc, cost);
    if (front) queue.unshift(pc);
    else queue.push(pc);
  };
  while (queue.length) {
    const pc = queue.shift()!;
    const inst = prog.inst[pc];
    const cost = best.get(pc)!;
    if (!inst) return 0;
    switch (inst.op) {
      case INST.MATCH:
        return cost;
      case INST.ALT:
      case INST.ALT_MATCH:
        reach(inst.out, cost, true);
        reach(inst.arg, cost, true);
        break;
      case INST.RUNE:
      case INST.RUNE1:
      case INST.RUNE_ANY:
      case INST.RUNE_ANY_NOT_NL:
        reach(inst.out, cost + 1, false);
        break;
      case INST.FAIL:
        break;
      default: // a group, an anchor, a no-op
        reach(inst.out, cost, true);
    }
  }
  return Infinity;
}

/** RE2's empty-width instruction and the text ends it asserts (re2js Inst.EMPTY_WIDTH, Utils.EMPTY_*). */
const EMPTY_WIDTH = 4;
const BEGIN_TEXT = 4;
const END_TEXT = 8;

/**
 * The most characters a text the pattern matches can hold: finite only when every match spans the
 * whole text (each way to the match passes the start of the text before its first character and the
 * end after its last: `^…$` without the m flag) and no repetition is unbounded. Infinity otherwise,
 * and when the program is not one this reads or holds a loop (a bound this does not prove). Throws as
 * compileLinear does.
 */
export function longestMatch(source: string, flags = ''): number {
  const prog = (compileLinear(source, flags) as unknown as { re2Input?: { prog?: unknown } }).re2Input?.prog as
    { start: number; inst: { op: number; out: number; arg: number }[] } | undefined;
  if (!prog || !Array.isArray(prog.inst) || typeof prog.start !== 'number') return Infinity;
  // A state: the instruction, whether a character was read, whether the start of the text was
  // asserted before it, whether the end was asserted since the last character.
  const memo = new Map<string, number>();
  const onPath = new Set<string>();
  class Unbounded extends Error {}
  const longest = (pc: number, read: boolean, began: boolean, ended: boolean): number => {
    const id = `${pc},${+read},${+began},${+ended}`;
    const known = memo.get(id);
    if (known !== undefined) return known;
    if (onPath.has(id)) throw new Unbounded();
    onPath.add(id);
    const inst = prog.inst[pc];
    let out = -Infinity;
    if (!inst) throw new Unbounded();
    switch (inst.op) {
      case INST.MATCH:
        if (!began || !ended) throw new Unbounded();
        out = 0;
        break;
      case INST.ALT:
      case INST.ALT_MATCH:
        out = Math.max(longest(inst.out, read, began, ended), longest(inst.arg, read, began, ended));
        break;
      case INST.RUNE:
      case INST.RUNE1:
      case INST.RUNE_ANY:
      case INST.RUNE_ANY_NOT_NL:
        // Nothing is read past the end of the text.
        if (!ended) out = 1 + longest(inst.out, true, began, false);
        break;
      case INST.FAIL:
        break;
      case EMPTY_WIDTH:
        // The start of the text after a character: no text gets there.
        if (!(inst.arg & BEGIN_TEXT && read)) {
          out = longest(
            inst.out,
            read,
            began || (!read && (inst.arg & BEGIN_TEXT) !== 0),
            ended || (inst.arg & END_TEXT) !== 0,
          );
        }
        break;
      default: // a group, a no-op
        out = longest(inst.out, read, began, ended);
    }
    onPath.delete(id);
    memo.set(id, out);
    return out;
  };
  try {
    // -Infinity: no text matches at all (shortestMatch says so).
    const most = longest(prog.start, false, false, false);
    return most < 0 ? Infinity : most;
  } catch (e) {
    if (e instanceof Unbounded) return Infinity;
    throw e;
  }
}

/** Whether `text` holds a match of the pattern (RegExp.prototype.test without `g`). */
export function linearTest(source: string, text: string, flags = ''): boolean {
  return compileLinear(source, flags).test(text);
}

/**
 * The part of RegExp that JSONata uses (its `RegexEngine` option): `exec` from `lastIndex`, with
 * `lastIndex` moved past the match for a global pattern, as RegExp does. Built from a RegExp (a
 * JSONata literal, parsed by JSONata) or from a pattern and flags.
 */
export class LinearRegExp {
  readonly source: string;
  readonly flags: string;
  readonly global: boolean;
  lastIndex = 0;
  private readonly re: RE2JS;

  constructor(pattern: string | RegExp, flags?: string) {
    this.source = typeof pattern === 'string' ? pattern : pattern.source;
    this.flags = flags ?? (typeof pattern === 'string' ? '' : pattern.flags);
    this.global = this.flags.includes('g');
    this.re = compileLinear(this.source, this.flags);
  }

  exec(text: string): RegExpExecArray | null {
    const from = this.global ? this.lastIndex : 0;
    const m = from <= text.length ? this.re.matcher(text) : undefined;
    if (!m || !m.find(from)) {
      if (this.global) this.lastIndex = 0;
      return null;
    }
    const groups: (string | undefined)[] = [];
    for (let g = 0; g <= m.groupCount(); g++) groups.push(m.group(g) ?? undefined);
    const out = Object.assign(groups, { index: m.start(), input: text, groups: undefined });
    if (this.global) this.lastIndex = m.end();
    return out as unknown as RegExpExecArray;
  }

  test(text: string): boolean {
    // Without `g` no position is kept, and RE2 answers yes or no without finding groups (faster).
    return this.global ? this.exec(text) !== null : this.re.test(text);
  }

  toString(): string {
    return `/${this.source}/${this.flags}`;
  }
}

/**
 * ajv's `code.regExp` engine (`new Ajv({code: {regExp: linearPatterns}})`): every `pattern` and
 * `patternProperties` of the schemas that ajv compiles runs on RE2. Runtime compilation only: a
 * standalone module would need `code` to load this file.
 */
export const linearPatterns = Object.assign(
  // ajv keeps one compiled pattern per `toString()`: LinearRegExp's names its pattern and flags.
  (pattern: string, flags: string) => new LinearRegExp(pattern, flags),
  { code: 'require("dform/engine/linear-regexp").linearPatterns' },
);
