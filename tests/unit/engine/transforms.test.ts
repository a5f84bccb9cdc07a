import { test } from 'vitest';
import assert from 'node:assert/strict';
import {
  DATA_DEFINED_LIMITS,
  DEFAULT_LIMITS,
  evaluate,
  evaluateInScope,
  ExpressionError,
  prepareScope,
  transformData,
  validateByExpression,
} from '../../../engine/transforms.ts';

test('a transform answers the new data object', async () => {
  const out = await transformData(
    "$sift($, function($v, $k) { $not($k in ['term_date', 'term_reason'] and $v = null) })",
    { first_name: 'A', term_date: null, term_reason: null, notes: null },
  );
  assert.deepEqual(out, { first_name: 'A', notes: null });
});

test('a validator expression answers {path, message} items', async () => {
  const rule =
    "federal_withholding_fixed and federal_withholding_extra ? {'path': '/federal_withholding_extra', 'message': 'You cannot enter both fixed and extra withholding at the same time.'}";
  assert.deepEqual(await validateByExpression(rule, { federal_withholding_fixed: 10 }), []);
  assert.deepEqual(await validateByExpression(rule, { federal_withholding_fixed: 10, federal_withholding_extra: 5 }), [
    {
      path: '/federal_withholding_extra',
      message: 'You cannot enter both fixed and extra withholding at the same time.',
    },
  ]);
});

test('expressions cannot reach prototypes, constructors or Node', async () => {
  for (const expr of [
    'constructor',
    'a.constructor.constructor("return process")()',
    '$lookup($, "__proto__")',
    'a.__proto__',
    '"x".constructor',
  ]) {
    const out = await evaluate(expr, { a: { b: 1 } }).catch((e) => e);
    assert.ok(out === undefined || out instanceof ExpressionError, `${expr} -> ${String(out)}`);
  }
});

test('a runaway expression is stopped within the time limit', async () => {
  const started = Date.now();
  await assert.rejects(evaluate('( $f := function($n){ $f($n+1) }; $f(0) )', {}), ExpressionError);
  await assert.rejects(evaluate('$eval("( $f := function($n){ $f($n+1) }; $f(0) )")', {}), ExpressionError);
  await assert.rejects(evaluate('[1..100000000]', {}), ExpressionError);
  assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
});

test('a transform that does not answer an object and an unparsable expression are clear errors', async () => {
  await assert.rejects(transformData('42', { a: 1 }), /must answer an object/);
  await assert.rejects(evaluate('$$$(', {}), /does not parse/);
});

test('a prepared scope serves many expressions over one sandboxed copy, unchanged by them', async () => {
  const data = { employee: { first_name: 'Rosa', tags: ['a'] } };
  const scope = prepareScope(data, { year: 2025 });
  data.employee.first_name = 'changed after';
  assert.equal(await evaluateInScope('employee.first_name & " " & $year', scope), 'Rosa 2025');
  // The transform operator answers a changed copy; the scope's records stay as they were.
  assert.deepEqual(await evaluateInScope('employee ~> |$|{"first_name": "Ann"}|', scope), {
    first_name: 'Ann',
    tags: ['a'],
  });
  assert.equal(await evaluateInScope('employee.first_name', scope), 'Rosa');
  assert.equal(await evaluateInScope('employee.constructor', scope), undefined, 'no prototypes in a scope');
  await assert.rejects(
    evaluateInScope('employee', { input: data, bindings: {} }),
    /needs a scope from prepareScope/,
    'a scope not made by prepareScope (unsandboxed data) is refused',
  );
});

test("a function binding is the product's own: callable by name, its answer sandboxed as data is", async () => {
  const edition = (year: unknown) => ({ year, credit: 2200 });
  assert.equal(await evaluate('$edition("2026").credit', {}, { edition }), 2200);
  assert.equal(
    await evaluate('$edition("2026").constructor', {}, { edition }),
    undefined,
    'no prototype in its answer',
  );
  assert.equal(await evaluate('$type($edition)', {}, { edition }), 'function');
  // A function inside bound data is still dropped: only a binding itself may be a function.
  assert.equal(await evaluate('$type($data.f)', {}, { data: { f: () => 1 } }), undefined);
});

test('an expression written as data lets the event loop turn while it runs; a reviewed one keeps it', async () => {
  // About 20,000 calls: tens of milliseconds or more.
  const slow = '($f := function($n) { $n <= 1 ? $n : $f($n - 1) + $f($n - 2) }; $f(21))';
  const turnsDuring = async (limits: typeof DEFAULT_LIMITS) => {
    let turns = 0;
    const timer = setInterval(() => turns++, 1);
    const started = performance.now();
    const out = await evaluate(slow, {}, {}, limits);
    const took = performance.now() - started;
    clearInterval(timer);
    assert.equal(out, 10946);
    return { turns, took };
  };
  // The time limit is not what is tested: a loaded machine may take past the product's second.
  const unhurried = { timeoutMs: 60_000 };
  const reviewed = await turnsDuring({ ...DEFAULT_LIMITS, ...unhurried });
  assert.ok(reviewed.took > 30, `the expression is slow enough to tell: ${reviewed.took} ms`);
  assert.equal(reviewed.turns, 0, "the product's own expressions run in one go");
  const asData = await turnsDuring({ ...DATA_DEFINED_LIMITS, ...unhurried });
  assert.ok(asData.turns >= 2, `timers ran ${asData.turns} times during ${asData.took} ms`);
});

// One step of JSONata can build text of any size (`$pad` with a huge width, `$s & $s` doubled): past
// V8's bounds that is a fatal error ending the process, which no time limit or worker catches.
const failsWith = async (text: string, pattern: RegExp) => {
  const started = Date.now();
  await assert.rejects(evaluate(text, {}), (e: unknown) => e instanceof ExpressionError && pattern.test(e.message));
  assert.ok(Date.now() - started < 2000, `${text}: refused within the time limit`);
};

test('$pad builds at most 1,000,000 characters, and pads as JSONata does', async () => {
  await failsWith('$length($pad("x", 200000000)) > 0', /pads to at most 1,000,000 characters/);
  await failsWith('$pad("x", -200000000, "ab")', /pads to at most 1,000,000 characters/);
  assert.equal(await evaluate('$pad("12", -5, "0")', {}), '00012');
  assert.equal(await evaluate('$pad("ab", 7, "#-")', {}), 'ab#-#-#');
  assert.equal(await evaluate('$pad("abc", 2)', {}), 'abc');
  assert.equal(await evaluate('$pad("€", 3)', {}), '€  ');
  assert.equal(await evaluate('$pad("\u{1F600}", -3, "\u{1F601}")', {}), '\u{1F601}\u{1F601}\u{1F600}');
  assert.equal(await evaluate('$pad($nothing, 3)', {}), undefined);
});

test('no step answers text longer than 1,000,000 characters, nor an evaluation 20,000,000 in all', async () => {
  const doubled = `($s := "x"; ${'$s := $s & $s; '.repeat(25)}$length($s))`;
  await failsWith(doubled, /text longer than 1,000,000 characters/);
  await failsWith('$count([1..1000].$pad("x", 900000))', /more than 20,000,000 characters of text/);
  // Text under the bounds is untouched.
  assert.equal(await evaluate(`($s := "x"; ${'$s := $s & $s; '.repeat(19)}$length($s))`, {}), 2 ** 19);
});

test('$distinct keeps the first of each value in order, in linear time', async () => {
  assert.deepEqual(await evaluate('$distinct([3, 1, 3, 2, 1])', {}), [3, 1, 2]);
  assert.deepEqual(await evaluate('$distinct([{"a": 1, "b": 2}, {"b": 2, "a": 1}, {"a": 2}])', {}), [
    { a: 1, b: 2 },
    { a: 2 },
  ]);
  assert.deepEqual(await evaluate('$distinct(["x", "x"])', {}), ['x']);
  assert.equal(await evaluate('$distinct($nothing)', {}), undefined);
  const started = Date.now();
  assert.equal(await evaluate('$count($distinct([1..90000]))', {}), 90000);
  // JSONata's own compared each item with every one kept: seconds for this.
  assert.ok(Date.now() - started < 3000, `${Date.now() - started} ms`);
});
