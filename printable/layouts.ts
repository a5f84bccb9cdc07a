/**
 * The registry of printable layouts: printable/layouts/<form>.json, each checked against
 * printable/layout.schema.json when first loaded, plus the vars every layout shares (printable/vars.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import { isFormName, type FormName, type Layout } from './layout.ts';
import { PROJECT_ROOT } from '../server/project-root.ts';

export const PRINTABLE_DIR = path.join(PROJECT_ROOT, 'printable');
export const LAYOUTS_DIR = path.join(PRINTABLE_DIR, 'layouts');
export const BACKGROUNDS_DIR = path.join(PRINTABLE_DIR, 'backgrounds');
/** A background is a bare file name in BACKGROUNDS_DIR (the layout schema's pattern). */
export const BACKGROUND_NAME = /^[a-z0-9][a-z0-9._-]*\.(png|jpg|jpeg)$/;

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

let validator: ReturnType<Ajv['compile']> | undefined;

/** Checks a layout against the layout schema; answers the problems as `path: message` lines. */
export function layoutProblems(layout: unknown): string[] {
  validator ??= new Ajv({ allErrors: true, strict: false }).compile(
    readJson(path.join(PRINTABLE_DIR, 'layout.schema.json')) as object,
  );
  if (validator(layout)) return [];
  return (validator.errors ?? []).map((e: ErrorObject) => `${e.instancePath || '/'}: ${e.message}`);
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
