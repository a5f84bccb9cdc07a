/**
 * Per-form behaviour (STYLE.md point 6): a map from a top-level field to a function that answers a
 * patch when that field changes, a validator answering {path, message} items shown at their fields,
 * and an optional lock that makes the whole record read-only. Pure: no React, no DOM.
 */
import type { ErrorSchema } from '@rjsf/utils';
import type { FieldError } from '../../engine/messages.ts';

export type FormData = Record<string, unknown>;

/** A patch of top-level fields; `undefined` removes the field. */
export type Patch = Record<string, unknown>;

/** What a behaviour may know beyond the form's data: facts of the company and product, never the DOM. */
export interface BehaviourEnv {
  /** The employer's lists (payroll/employer_info as type to value); {} until read. */
  employer: Readonly<Record<string, unknown>>;
  /** The record does not exist yet. */
  isNew: boolean;
  /** The domain new company hostnames are derived under. */
  productDomain?: string;
  /** Now, in Unix seconds, as the form opened (a new W-4 is on the edition in effect then). */
  now?: number;
  /** Values the server proposes for the record's empty fields (FormBehaviour.proposal), once read. */
  proposed?: Readonly<Record<string, unknown>>;
}

export const EMPTY_ENV: BehaviourEnv = { employer: {}, isNew: false };

/** Called after `field` changed: `next` holds the change, `prev` the data before it. */
export type PatchFn = (next: FormData, prev: FormData, env: BehaviourEnv) => Patch;

export interface FormBehaviour {
  patches?: Readonly<Record<string, PatchFn>>;
  validate?: (data: FormData, env: BehaviourEnv) => FieldError[];
  /** True when the record must be shown read-only (its header offers the way out). */
  isLocked?: (data: FormData, env: BehaviourEnv) => boolean;
  /** A patch applied once when the form opens (a new record's values that depend on the env). */
  init?: (data: FormData, env: BehaviourEnv) => Patch;
  /** uiSchema entries by top-level field that depend on the data (a form edition's fields). */
  ui?: (data: FormData, env: BehaviourEnv) => Readonly<Record<string, Record<string, unknown>>>;
  /** Fields the read-only view leaves out: helpers of the form that the record does not keep. */
  notViewed?: readonly string[];
  /**
   * The browser runs the schema's own validate rule (x-transforms.validate) as the data changes, as
   * the server does on save, with these bindings (the server's $before is null here: rules about a
   * stored record are the server's).
   */
  ruleBindings?: (env: BehaviourEnv) => Record<string, unknown>;
  /** The behaviour reads the employer's lists (the env's `employer`). */
  usesEmployer?: boolean;
  /**
   * Reads what the server proposes for someone else's record as the form opens (the env's
   * `proposed`; `init` fills the empty fields with it): a stored record, not the viewer's own.
   */
  proposal?: (client: ProposalClient, key: string) => Promise<Record<string, unknown>>;
}

/** What a behaviour's proposal reads through. */
export interface ProposalClient {
  section2Proposal(key: string): Promise<Record<string, unknown>>;
}

/** `data` with `value` set at `path` (copies along the path, the rest shared). */
export function setAtPath(data: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const base = (data && typeof data === 'object' ? data : typeof head === 'number' ? [] : {}) as Record<
    string | number,
    unknown
  >;
  const copy = (Array.isArray(base) ? [...base] : { ...base }) as Record<string | number, unknown>;
  const child = setAtPath(base[head], rest, value);
  if (child === undefined && !Array.isArray(copy)) delete copy[head];
  else copy[head] = child;
  return copy;
}

/**
 * The changes a behaviour adds to one field change: [top-level field, value] pairs to apply after it.
 * Changes of a nested path patch by their top-level field; a patch naming the changed field itself
 * wins over the change.
 */
export function behaviourChanges(
  behaviour: FormBehaviour | undefined,
  prev: FormData,
  path: readonly (string | number)[],
  value: unknown,
  env: BehaviourEnv = EMPTY_ENV,
): [string, unknown][] {
  const field = path.find((p) => p !== '');
  if (field === undefined || !behaviour?.patches) return [];
  const fn = behaviour.patches[String(field)];
  if (!fn) return [];
  const inner = path.slice(path.indexOf(field));
  const next = setAtPath(prev, inner, value) as FormData;
  return Object.entries(fn(next, prev, env));
}

/** Applies a patch to data (pure); `undefined` removes a field. */
export function applyPatch(data: FormData, patch: Patch): FormData {
  const out = { ...data };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

function unescapePointer(seg: string): string {
  return seg.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Adds {path, message} errors (JSON Pointers) to an rjsf ErrorSchema, without repeating a message. */
export function mergeErrors(base: ErrorSchema | undefined, errors: readonly FieldError[]): ErrorSchema | undefined {
  if (!errors.length) return base;
  const out = structuredClone(base ?? {}) as Record<string, unknown>;
  for (const e of errors) {
    let node = out;
    for (const p of e.path.split('/').slice(1).map(unescapePointer)) node = (node[p] ??= {}) as Record<string, unknown>;
    const list = (node.__errors ??= []) as string[];
    if (!list.includes(e.message)) list.push(e.message);
  }
  return out as ErrorSchema;
}

/** The messages an ErrorSchema holds at a path of keys. */
export function errorsAt(schema: ErrorSchema | undefined, ...path: (string | number)[]): string[] {
  let node = schema as Record<string, unknown> | undefined;
  for (const p of path) node = node?.[p] as Record<string, unknown> | undefined;
  return ((node?.__errors as string[] | undefined) ?? []).filter(Boolean);
}

/** What a behaviour's header (links, a lock banner and its action) is given. */
export interface BehaviourHeaderProps {
  data: FormData;
  env: BehaviourEnv;
  patch(patch: Patch): void;
  /** The form is read-only or disabled for this user. */
  disabled: boolean;
  /** The record is the signed-in person's own. */
  own: boolean;
}
