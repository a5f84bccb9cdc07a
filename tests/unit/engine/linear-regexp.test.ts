/**
 * engine/linear-regexp.ts: patterns written as data run on RE2. A catastrophic pattern answers (the
 * same inputs hang JavaScript's RegExp for minutes: bench/data-patterns.ts measures both), what RE2
 * cannot run is refused with the reason, and the engine answers as RegExp does for the patterns the
 * product writes, through ajv, JSONata and the browser's schema check.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import {
  LinearRegExp,
  linearPatterns,
  linearTest,
  MAX_PATTERN_LENGTH,
  patternProblem,
} from '../../../engine/linear-regexp.ts';
import { evaluate, ExpressionError, parseExpression } from '../../../engine/transforms.ts';
import { createAjv } from '../../../engine/validation.ts';
import { matches, setPatternTest } from '../../../renderers/screens/record/mini-schema.ts';
import { ROOT } from '../../helpers/server.ts';

const EVIL = `${'a'.repeat(30)}!`;

describe('linear-time patterns', () => {
  test('catastrophic patterns answer on 30 characters and on 100,000', () => {
    for (const p of ['^(a+)+$', '^(a|a)*$', '^(a|aa)+$', '(x+x+)+y', '^(a*)*b$']) {
      assert.equal(linearTest(p, EVIL), false, p);
      assert.equal(linearTest(p, `${'a'.repeat(100_000)}!`), false, p);
    }
    assert.equal(linearTest('^(a+)+$', 'a'.repeat(30)), true);
  });

  test('what RE2 cannot run is refused with the reason; patterns are at most 512 characters and 300 RE2 instructions', () => {
    const table: [string, string, RegExp][] = [
      ['(a)\\1', '', /backreferences/],
      ['(?=a)a', '', /lookaround/],
      ['(?<!a)b', '', /not supported/],
      ['a'.repeat(MAX_PATTERN_LENGTH + 1), '', /longer than 512 characters/],
      ['a', 'y', /flag 'y'/],
      ['a'.repeat(300), '', /is too complex to match quickly \(302 RE2 instructions, at most 300\)/],
      ['(a|aa){1,1000}[^a]', '', /7002 RE2 instructions/],
    ];
    for (const [p, flags, reason] of table) assert.match(patternProblem(p, flags) ?? '', reason, p);
    // Long, but one character class: a small program.
    assert.equal(patternProblem(`[${'a'.repeat(MAX_PATTERN_LENGTH - 2)}]`), undefined);
    assert.equal(patternProblem('a'.repeat(298)), undefined);
    assert.equal(patternProblem('^(?<year>\\d{4})-\\u00e9$', 'iu'), undefined);
  });

  test("every pattern of the product's schemas runs on RE2 and answers as RegExp does", () => {
    const patterns = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        if (k === 'pattern' && typeof v === 'string') patterns.add(v);
        else walk(v);
      }
    };
    for (const module of readdirSync(path.join(ROOT, 'schemas'), { withFileTypes: true })) {
      if (!module.isDirectory()) continue;
      for (const f of readdirSync(path.join(ROOT, 'schemas', module.name)).filter((n) => n.endsWith('.json'))) {
        walk(JSON.parse(readFileSync(path.join(ROOT, 'schemas', module.name, f), 'utf8')));
      }
    }
    assert.ok(patterns.size > 20);
    const samples = ['', 'a', 'AB', '12-3456789', '123-45-6789', 'xxx-xx-1234', '90210-1234', 'example.com', '2024'];
    for (const p of patterns) {
      if (!p.startsWith('^') && !p.endsWith('$') && p.includes(' ')) continue; // a message, not a pattern
      assert.equal(patternProblem(p, 'u'), undefined, p);
      for (const s of samples) assert.equal(linearTest(p, s, 'u'), new RegExp(p, 'u').test(s), `${p} on '${s}'`);
    }
  });

  test('LinearRegExp.exec walks a global pattern as RegExp does (lastIndex, groups, UTF-16 indexes)', () => {
    const text = 'é😀 ab1 ab ab22';
    for (const [source, flags] of [
      ['ab(\\d+)?', 'g'],
      ['AB', 'gi'],
      ['^ab', 'gm'],
    ]) {
      const ours = new LinearRegExp(source, flags);
      const theirs = new RegExp(source, flags);
      for (let i = 0; i < 5; i++) {
        const a = ours.exec(text);
        const b = theirs.exec(text);
        assert.deepEqual(a && [...a, a.index], b && [...b, b.index], `${source} step ${i}`);
        assert.equal(ours.lastIndex, theirs.lastIndex);
      }
    }
  });

  test('ajv with linearPatterns checks `pattern` and `patternProperties` on RE2 and refuses what RE2 cannot run', () => {
    const ajv = createAjv({ code: { regExp: linearPatterns } });
    const validate = ajv.compile({
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^x-(a+)+$': { type: 'integer' } },
    });
    assert.equal(validate({ code: EVIL }), false);
    assert.equal(validate.errors?.[0].keyword, 'pattern');
    assert.equal(validate({ code: 'aaa', 'x-aa': 1 }), true);
    assert.equal(validate({ [`x-${EVIL}`]: 'one' }), true);
    assert.equal(validate({ 'x-aa': 'one' }), false);
    assert.throws(
      () => ajv.compile({ type: 'string', pattern: '(a)\\1' }),
      /the pattern "\(a\)\\\\1" is not supported/,
    );
    // Schemas of the product compiled by ajv's defaults keep RegExp.
    assert.doesNotThrow(() => new Ajv().compile({ type: 'string', pattern: '(a)\\1' }));
  });

  test('the browser schema check uses the test it is given for `pattern`', () => {
    const schema = { type: 'string', pattern: '^(a+)+$' };
    setPatternTest((p, s) => linearTest(p, s));
    try {
      assert.equal(matches(schema, EVIL, schema), false);
      assert.equal(matches(schema, 'aaaa', schema), true);
    } finally {
      setPatternTest((p, s) => new RegExp(p, 'u').test(s));
    }
  });
});

describe('JSONata regular expressions run on RE2', () => {
  test('$match, $replace, $split and $contains answer as before', async () => {
    assert.deepEqual(await evaluate('$match("ab12cd345", /\\d+/).match', null), ['12', '345']);
    assert.equal(await evaluate('$replace("a b  c", /\\s/, "")', null), 'abc');
    assert.equal(await evaluate('$replace("HTTPS://x.com//", /^https?:\\/\\//i, "")', null), 'x.com//');
    assert.equal(await evaluate('$replace("John Smith", /(\\w+)\\s(\\w+)/, "$2, $1")', null), 'Smith, John');
    assert.deepEqual(await evaluate('$split("a1b22c", /\\d+/)', null), ['a', 'b', 'c']);
    assert.equal(await evaluate('$contains("2024", /^20\\d{2}$/)', null), true);
    assert.deepEqual(await evaluate('$match("x\\ny", /^y/m).index', null), 2);
  });

  test('a catastrophic literal answers; one RE2 cannot run is refused when the expression is parsed', async () => {
    assert.equal(await evaluate('$exists($match($, /^(a+)+$/))', EVIL), false);
    assert.equal(await evaluate('$contains($, /^(a|aa)+$/)', EVIL), false);
    assert.throws(
      () => parseExpression('$match(name, /(?=a)a/)'),
      (e: unknown) => e instanceof ExpressionError && /the pattern "\(\?=a\)a" is not supported/.test(e.message),
    );
    assert.throws(() => parseExpression(`$match(name, /${'a'.repeat(513)}/)`), /longer than 512 characters/);
  });

  test('what would reach a backtracking RegExp inside JSONata is refused: signatures, $eval, $toMillis pictures', async () => {
    const table: [string, RegExp][] = [
      [`(function($a)<${'n?'.repeat(26)}>{1})(1)`, /function signatures \(<n\?n\?.*\) are not supported/],
      ['$eval(county)', /\$eval is not supported/],
      ['($e := $eval; $e(county))', /\$eval is not supported/],
    ];
    for (const [text, reason] of table) assert.throws(() => parseExpression(text), reason, text);
    const picture = '[Dwo]'.repeat(8);
    for (const text of [`$toMillis(county, "${picture}")`, `($t := $toMillis; $t(county, "${picture}"))`]) {
      await assert.rejects(evaluate(text, { county: `${'one'.repeat(30)}!` }), /with a picture is not supported/);
    }
    assert.equal(await evaluate('$toMillis("2024-01-02T10:00:00Z")', {}), Date.UTC(2024, 0, 2, 10));
    await assert.rejects(evaluate('$toMillis("2024-1-2")', {}), /ISO 8601/);
  });
});
