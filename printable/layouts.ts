/**
 * The registry of printable layouts: printable/layouts/<form>.json, each checked against
 * printable/layout.schema.json when first loaded, plus the vars every layout shares (printable/vars.json).
 * A layout may also be kept as data, in a state form definition (payroll/state_w4_form's
 * printable_layout): `dataLayoutProblems` checks one as its definition is saved.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { isFormName, type FormName, type Layout } from './layout.ts';
import { ExpressionError, parseExpression } from '../engine/transforms.ts';
import { PROJECT_ROOT } from '../project/root.ts';
import { loadReferenceData } from '../project/reference-data.ts';

export const PRINTABLE_DIR = path.join(PROJECT_ROOT, 'printable');
export const LAYOUTS_DIR = path.join(PRINTABLE_DIR, 'layouts');
export const BACKGROUNDS_DIR = path.join(PRINTABLE_DIR, 'backgrounds');
/** A background is a bare file name in BACKGROUNDS_DIR (the layout schema's pattern). */
export const BACKGROUND_NAME = /^[a-z0-9][a-z0-9._-]*\.(png|jpg|jpeg)$/;

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

let validator: ReturnType<Ajv['compile']> | undefined;

function schemaErrors(layout: unknown): ErrorObject[] {
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(
    readJson(path.join(PRINTABLE_DIR, 'layout.schema.json')) as object,
  );
  return validator(layout) ? [] : [...(validator.errors ?? [])];
}

/** Checks a layout against the layout schema; answers the problems as `path: message` lines. */
export function layoutProblems(layout: unknown): string[] {
  return schemaErrors(layout).map((e) => `${e.instancePath || '/'}: ${e.message}`);
}

/** Every expression of a layout, named by where it is: its vars, each page's when, then each element's when and value. */
function layoutExpressions(layout: Layout): { where: string; path: string; text: string }[] {
  const out = Object.entries(layout.vars ?? {}).map(([k, v]) => ({ where: `var ${k}`, path: `/vars/${k}`, text: v }));
  layout.pages.forEach((p, i) => {
    if (p.when) out.push({ where: `page ${i + 1} when`, path: `/pages/${i}/when`, text: p.when });
  });
  layout.elements.forEach((e, i) => {
    const name = `${e.type} ${e.id ?? i}`;
    if (e.when) out.push({ where: `${name} when`, path: `/elements/${i}/when`, text: e.when });
    if ('value' in e && e.value) out.push({ where: name, path: `/elements/${i}/value`, text: e.value });
  });
  return out;
}

/** ajv's message, naming the values a choice allows (its own says only "the allowed values"). */
function layoutMessage(e: { keyword: string; message?: string; params: Record<string, unknown> }): string {
  const allowed = e.params.allowedValues;
  if (e.keyword === 'enum' && Array.isArray(allowed)) return `must be one of: ${allowed.join(', ')}`;
  return e.message ?? 'is not valid';
}

/**
 * A layout kept as data, checked before it is stored: the layout schema, the form type and state of
 * the definition that holds it, and every expression parsing. Paths are JSON Pointers inside it.
 */
export function dataLayoutProblems(
  layout: unknown,
  expect: { form: unknown; state: unknown },
): { path: string; message: string }[] {
  const errors = schemaErrors(layout);
  if (errors.length) {
    return errors.slice(0, 20).map((e) => ({
      path: e.instancePath,
      message: `Not a valid printable layout: ${e.instancePath || 'the layout'} ${layoutMessage(e)}.`,
    }));
  }
  const l = layout as Layout;
  const out: { path: string; message: string }[] = [];
  if (typeof expect.form !== 'string' || l.form !== expect.form) {
    out.push({ path: '/form', message: "The layout's form must be this definition's printable form type." });
  }
  if (l.state !== expect.state) {
    out.push({ path: '/state', message: "The layout's state must be this definition's state." });
  }
  for (const x of layoutExpressions(l)) {
    try {
      parseExpression(x.text);
    } catch (e) {
      if (!(e instanceof ExpressionError)) throw e;
      out.push({ path: x.path, message: `Not a valid expression (${x.where}): ${e.message}` });
    }
  }
  return out;
}

const cache = new Map<FormName, Layout>();

/** The layout of a form, validated; throws naming the file when it is missing or invalid. */
export function loadLayout(form: FormName): Layout {
  if (!isFormName(form)) throw new Error(`printable: no layout for form '${String(form)}'`);
  const hit = cache.get(form);
  if (hit) return hit;
  const file = path.join(LAYOUTS_DIR, `${form}.json`);
  const layout = readJson(file) as Layout;
  const problems = layoutProblems(layout);
  if (problems.length)
    throw new Error(`printable: ${file} is not a valid layout:\n${problems.slice(0, 10).join('\n')}`);
  if (layout.form !== form) throw new Error(`printable: ${file} names form '${layout.form}'`);
  cache.set(form, layout);
  return layout;
}

let shared: Record<string, string> | undefined;

/** Vars evaluated before every layout's own (the person, the employer): printable/vars.json. */
export function sharedVars(): Record<string, string> {
  shared ??= (readJson(path.join(PRINTABLE_DIR, 'vars.json')) as { vars: Record<string, string> }).vars;
  return shared;
}

let reference: Readonly<Record<string, unknown>> | undefined;

/** The product's reference data, bound by name in every expression (`$w4Editions`): project/reference-data.ts. */
export function referenceData(): Readonly<Record<string, unknown>> {
  reference ??= loadReferenceData();
  return reference;
}
