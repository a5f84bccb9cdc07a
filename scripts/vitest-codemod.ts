/**
 * Moves test files from node:test to vitest, in place: `node --import tsx scripts/vitest-codemod.ts
 * [files or folders...]` (default: tests/). A file without a node:test import is left as it is, so
 * running it again is harmless.
 *
 * What it rewrites, by symbol (a local `const after = ...` is not the hook):
 * - the import: `before` -> `beforeAll`, `after` -> `afterAll`; `describe`, `it`, `test`,
 *   `beforeEach`, `afterEach` keep their names; the import comes from 'vitest';
 * - a hook's options (`before(fn, { timeout })`) -> vitest's timeout argument;
 * - a suite's `{ concurrency: n }` -> `{ concurrent: true }` (the limit is the project's maxConcurrency);
 * - a test's context: `t.mock.method(o, m)` -> `vi.spyOn(o, m)` (the project restores spies after each
 *   test, as node:test's t.mock does) and `.mock.callCount()` -> `.mock.calls.length`;
 *   `t.after(fn)` -> `onTestFinished(fn)`; `t.diagnostic(s)` -> `t.annotate(s)`; `t.skip()` stays.
 *   The parameter goes when nothing else uses it.
 * Anything else of node:test stops the run with the file and line, to be moved by hand. What it
 * writes is formatted with the project's Prettier settings.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const RENAMED: Record<string, string> = { before: 'beforeAll', after: 'afterAll' };
const KEPT = new Set(['describe', 'it', 'test', 'beforeEach', 'afterEach']);
const TEST_FUNCTIONS = new Set(['it', 'test']);
const HOOKS = new Set(['before', 'after', 'beforeEach', 'afterEach']);

interface Edit {
  start: number;
  end: number;
  text: string;
}

function testFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.split(path.sep).includes('node_modules'))
    .map((f) => path.join(target, f))
    .sort();
}

class Unsupported extends Error {}

function convert(program: ts.Program, file: string): string | undefined {
  const source = program.getSourceFile(file)!;
  const checker = program.getTypeChecker();
  const text = source.getFullText();
  const where = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const imports = source.statements.filter(
    (s): s is ts.ImportDeclaration =>
      ts.isImportDeclaration(s) && (s.moduleSpecifier as ts.StringLiteral).text === 'node:test',
  );
  if (!imports.length) return undefined;

  // Each imported binding's symbol -> the node:test name it stands for.
  const bound = new Map<ts.Symbol, string>();
  for (const decl of imports) {
    const named = decl.importClause?.namedBindings;
    if (decl.importClause?.name || !named || !ts.isNamedImports(named)) {
      throw new Unsupported(`${where(decl)}: only named imports of node:test are moved`);
    }
    for (const spec of named.elements) {
      const original = (spec.propertyName ?? spec.name).text;
      if (!(original in RENAMED) && !KEPT.has(original)) {
        throw new Unsupported(`${where(spec)}: node:test's ${original} has no rule here`);
      }
      bound.set(checker.getSymbolAtLocation(spec.name)!, original);
    }
  }
  const nodeTestName = (node: ts.Node): string | undefined => {
    if (!ts.isIdentifier(node)) return undefined;
    const s = checker.getSymbolAtLocation(node);
    return s ? bound.get(s) : undefined;
  };

  const edits: Edit[] = [];
  const needed = new Set<string>();
  const replace = (node: ts.Node, replacement: string) =>
    edits.push({ start: node.getStart(), end: node.getEnd(), text: replacement });

  function contextUses(fn: ts.FunctionLikeDeclaration, param: ts.ParameterDeclaration): void {
    if (!ts.isIdentifier(param.name)) throw new Unsupported(`${where(param)}: a destructured test context`);
    const ctx = checker.getSymbolAtLocation(param.name)!;
    let remaining = 0;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node !== param.name && checker.getSymbolAtLocation(node) === ctx) {
        const access = node.parent;
        const member = ts.isPropertyAccessExpression(access) && access.expression === node ? access.name.text : '';
        const call = access.parent;
        if (member === 'mock' && ts.isPropertyAccessExpression(call) && call.name.text === 'method') {
          replace(call, 'vi.spyOn');
          needed.add('vi');
        } else if (member === 'after') {
          replace(access, 'onTestFinished');
          needed.add('onTestFinished');
        } else if (member === 'diagnostic') {
          replace((access as ts.PropertyAccessExpression).name, 'annotate');
          remaining++;
        } else if (member === 'skip') {
          remaining++;
        } else {
          throw new Unsupported(`${where(node)}: the test context's ${member || 'use'} has no rule here`);
        }
      }
      ts.forEachChild(node, visit);
    };
    if (fn.body) visit(fn.body);
    if (remaining === 0) {
      // `(t) =>` / `async (t) =>` / `function (t)`: drop the parameter and its parentheses' content.
      edits.push({ start: param.getStart(), end: param.getEnd(), text: '' });
      if (ts.isArrowFunction(fn) && !text.slice(fn.getStart(), param.getStart()).includes('(')) {
        edits[edits.length - 1].text = '()';
      }
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = nodeTestName(node.expression);
      if (name && HOOKS.has(name) && node.arguments.length > 1) {
        const opts = node.arguments[1];
        const timeout =
          ts.isObjectLiteralExpression(opts) &&
          opts.properties.length === 1 &&
          opts.properties[0].name?.getText() === 'timeout' &&
          ts.isPropertyAssignment(opts.properties[0])
            ? opts.properties[0].initializer.getText()
            : undefined;
        if (timeout === undefined) throw new Unsupported(`${where(opts)}: hook options other than timeout`);
        replace(opts, timeout);
      }
      if (name && (TEST_FUNCTIONS.has(name) || name === 'describe')) {
        for (const arg of node.arguments.slice(1, -1)) {
          if (!ts.isObjectLiteralExpression(arg)) continue;
          for (const p of arg.properties) {
            const key = p.name?.getText();
            if (key === 'concurrency') replace(p, 'concurrent: true');
            else if (key !== 'timeout' && key !== 'skip' && key !== 'only' && key !== 'todo') {
              throw new Unsupported(`${where(p)}: test option ${key} has no rule here`);
            }
          }
        }
        const fn = node.arguments[node.arguments.length - 1];
        if (TEST_FUNCTIONS.has(name) && fn && (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) {
          if (fn.parameters.length > 1) throw new Unsupported(`${where(fn)}: a test with a done callback`);
          if (fn.parameters.length === 1) contextUses(fn, fn.parameters[0]);
        }
      }
    }
    if (ts.isIdentifier(node) && !ts.isImportSpecifier(node.parent)) {
      const name = nodeTestName(node);
      if (name && name in RENAMED) replace(node, RENAMED[name]);
    }
    ts.forEachChild(node, visit);
  };
  for (const s of source.statements) if (!imports.includes(s as ts.ImportDeclaration)) visit(s);

  // One import from vitest in place of the node:test ones.
  const names = new Set<string>(needed);
  for (const decl of imports) {
    for (const spec of (decl.importClause!.namedBindings as ts.NamedImports).elements) {
      const original = (spec.propertyName ?? spec.name).text;
      const target = RENAMED[original] ?? original;
      const local = spec.name.text;
      names.add(local === original ? target : `${target} as ${local}`);
    }
  }
  const order = ['afterAll', 'afterEach', 'beforeAll', 'beforeEach', 'describe', 'it', 'onTestFinished', 'test', 'vi'];
  const sorted = [...names].sort((a, b) => order.indexOf(a.split(' ')[0]) - order.indexOf(b.split(' ')[0]));
  replace(imports[0], `import { ${sorted.join(', ')} } from 'vitest';`);
  for (const decl of imports.slice(1)) {
    edits.push({ start: decl.getFullStart(), end: decl.getEnd(), text: '' });
  }

  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  // A spy's call count, as node:test's mock answered it.
  if (needed.has('vi')) out = out.replace(/\.mock\.callCount\(\)/g, '.mock.calls.length');
  return out;
}

const targets = process.argv.slice(2);
const files = (targets.length ? targets : ['tests']).flatMap(testFiles);
const program = ts.createProgram(files, {
  noResolve: true,
  noLib: true,
  jsx: ts.JsxEmit.Preserve,
  allowImportingTsExtensions: true,
  noEmit: true,
});
const changed: string[] = [];
try {
  const results = files.map((f) => [f, convert(program, f)] as const);
  for (const [file, out] of results) {
    if (out === undefined) continue;
    writeFileSync(file, out);
    changed.push(file);
  }
} catch (e) {
  if (!(e instanceof Unsupported)) throw e;
  process.stderr.write(`vitest-codemod: ${e.message}; nothing written\n`);
  process.exit(1);
}
// A longer import line may need wrapping: formatted by the Prettier `npm run lint` checks with.
if (changed.length)
  execFileSync(path.join('node_modules', '.bin', 'prettier'), ['--write', '--log-level=warn', ...changed]);
process.stdout.write(`vitest-codemod: ${changed.length} of ${files.length} files moved to vitest\n`);
