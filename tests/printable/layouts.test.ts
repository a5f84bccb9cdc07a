/**
 * The layouts are data: each file in printable/layouts/ is valid against printable/layout.schema.json,
 * every expression in it evaluates (on full records and on none), and every element lies on its page.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { evaluate } from '../../engine/transforms.ts';
import { FORMS, LETTER, STATE_FORMS, type Element, type Layout } from '../../printable/layout.ts';
import {
  dataLayoutProblems,
  LAYOUTS_DIR,
  PRINTABLE_DIR,
  layoutProblems,
  loadLayout,
  sharedVars,
} from '../../printable/layouts.ts';
import { evaluateVars, PRINT_LIMITS } from '../../printable/expressions.ts';
import { sampleInput } from '../../bench/printable-samples.ts';

const files = readdirSync(LAYOUTS_DIR).filter((f) => f.endsWith('.json'));
const raw = (f: string) => JSON.parse(readFileSync(path.join(LAYOUTS_DIR, f), 'utf8')) as Layout;

function expressions(layout: Layout): [string, string][] {
  const out: [string, string][] = Object.entries(layout.vars ?? {}).map(([k, v]) => [`var ${k}`, v]);
  layout.elements.forEach((e, i) => {
    const name = `${e.type} ${e.id ?? i}`;
    if (e.when) out.push([`${name} when`, e.when]);
    if ('value' in e && e.value) out.push([name, e.value]);
  });
  return out;
}

function bounds(e: Element): { x0: number; y0: number; x1: number; y1: number } {
  if (e.type === 'line')
    return { x0: Math.min(e.x1, e.x2), y0: Math.min(e.y1, e.y2), x1: Math.max(e.x1, e.x2), y1: Math.max(e.y1, e.y2) };
  if (e.type === 'check') return { x0: e.x, y0: e.y, x1: e.x + (e.box ?? 8), y1: e.y + (e.box ?? 8) };
  if (e.type === 'text') return { x0: e.x, y0: e.y, x1: e.x + (e.width ?? 0), y1: e.y };
  return { x0: e.x, y0: e.y, x1: e.x + e.width, y1: e.y + e.height };
}

describe('printable layouts', () => {
  test('one layout file per form, named by it', () => {
    assert.deepEqual(files.map((f) => f.replace(/\.json$/, '')).sort(), [...FORMS].sort());
  });

  for (const file of files) {
    test(`${file} is valid against layout.schema.json`, () => {
      assert.deepEqual(layoutProblems(raw(file)), []);
    });
  }

  test('the shared vars are expressions', () => {
    const vars = JSON.parse(readFileSync(path.join(PRINTABLE_DIR, 'vars.json'), 'utf8')).vars;
    assert.deepEqual(layoutProblems({ ...raw('w4.json'), vars }), []);
  });

  for (const form of FORMS) {
    test(`${form}: every expression evaluates, with the sample records and with none`, async () => {
      const layout = loadLayout(form);
      for (const input of [sampleInput(form), {}]) {
        const vars = await evaluateVars(layout, input, sharedVars());
        for (const [name, expr] of expressions(layout)) {
          await assert.doesNotReject(evaluate(expr, input, vars, PRINT_LIMITS), `${form} ${name}: ${expr}`);
        }
      }
    });

    test(`${form}: ids unique, elements on their page, the main record read`, () => {
      const layout = loadLayout(form);
      const size = layout.pageSize ?? LETTER;
      const ids = layout.elements.map((e) => e.id).filter(Boolean);
      assert.equal(new Set(ids).size, ids.length, 'element ids are unique');
      for (const e of layout.elements) {
        const b = bounds(e);
        assert.ok(e.page <= layout.pages.length, `${e.id ?? e.type} is on page ${e.page}`);
        assert.ok(
          b.x0 >= 0 && b.y0 >= 0 && b.x1 <= size.width - 18 && b.y1 <= size.height - 18,
          `${e.id ?? e.type} on the page`,
        );
      }
      assert.ok(layout.records.includes(layout.main));
      if (form in STATE_FORMS) {
        assert.equal(layout.state, STATE_FORMS[form as keyof typeof STATE_FORMS]);
        assert.equal(layout.main, 'state_w4');
      }
    });
  }

  test('every answer of the state form definitions (server/seed/state-forms/) is printed by its layout', () => {
    // Totals the layout computes itself by the form's rule rather than print as stored.
    const computed: Record<string, string[]> = {
      arkansas: ['personal_exemptions'],
      georgia: ['total_allowances'],
      illinois: ['total_allowances'],
      indiana: ['total_allowances'],
      virginia: ['total_allowances'],
    };
    const dir = path.join(PRINTABLE_DIR, '..', 'server', 'seed', 'state-forms');
    const defs = readdirSync(dir).filter((f) => f.endsWith('.json'));
    assert.equal(defs.length, Object.keys(STATE_FORMS).length);
    for (const file of defs) {
      const def = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      const text = readFileSync(path.join(LAYOUTS_DIR, `${def.printable_type}.json`), 'utf8');
      assert.equal(loadLayout(def.printable_type).state, def.state, file);
      for (const field of Object.keys(def.fields.schema.properties)) {
        if (computed[def.printable_type]?.includes(field)) continue;
        assert.ok(text.includes(`state_w4.${field}`), `${def.printable_type} prints ${field}`);
      }
    }
  });

  test('the schema refuses what could reach outside: URLs and paths as backgrounds, unknown fonts and keys', () => {
    const base = raw('virginia.json');
    const bad: [string, unknown][] = [
      ['url background', { ...base, pages: [{ background: 'http://127.0.0.1:9/x.png' }] }],
      ['path background', { ...base, pages: [{ background: '/etc/passwd' }] }],
      ['relative path background', { ...base, pages: [{ background: '../../etc/passwd.png' }] }],
      ['font file', { ...base, defaults: { font: '/etc/passwd' } }],
      [
        'image element',
        { ...base, elements: [{ type: 'image', page: 1, x: 0, y: 0, src: 'http://127.0.0.1:9/x.png' }] },
      ],
      ['unknown key', { ...base, elements: [{ type: 'text', page: 1, x: 1, y: 1, text: 'a', image: '/etc/passwd' }] }],
      ['text without text or value', { ...base, elements: [{ type: 'text', page: 1, x: 1, y: 1 }] }],
    ];
    for (const [name, layout] of bad) assert.notDeepEqual(layoutProblems(layout), [], name);
    assert.deepEqual(layoutProblems({ ...base, pages: [{ background: 'va-4-page1.png' }] }), []);
  });
});

test("a data layout's refused choice names the values it allows", () => {
  const layout = structuredClone(JSON.parse(readFileSync(path.join(LAYOUTS_DIR, 'colorado.json'), 'utf8')));
  const at = layout.elements.findIndex((e: { format?: string }) => e.format !== undefined);
  layout.elements[at].format = 'dollars';
  const problems = dataLayoutProblems(layout, { form: layout.form, state: layout.state });
  assert.ok(
    problems.some((p) =>
      p.message.endsWith(
        `/elements/${at}/format must be one of: text, date, signedDate, money, number, ssn, phone, upper.`,
      ),
    ),
    JSON.stringify(problems),
  );
});
