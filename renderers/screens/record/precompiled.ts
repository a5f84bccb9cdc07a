/**
 * The entity validators compiled at build time (scripts/vite/validators-module.ts), each in a
 * chunk of its own, loaded on first use: a form loads its entity's validator only, and a screen
 * about to open a form can start that load early (preloadValidator).
 */
import { fingerprints, loaders } from 'virtual:dform-validators';
import { fingerprint } from './fingerprint.ts';
import type { ErrorObject } from 'ajv';
import type { JsonObject } from '../../api/types.ts';

export interface CompiledFn {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

const loading = new Map<string, Promise<CompiledFn | undefined>>();
/** The loads that have finished, so a form opening after its validator arrived has it at once. */
const settled = new Map<string, CompiledFn | undefined>();
const prints = new WeakMap<object, string>();

function matchesBuild(id: string, schema: JsonObject): boolean {
  if (!(id in fingerprints)) return false;
  let print = prints.get(schema);
  if (print === undefined) prints.set(schema, (print = fingerprint(schema)));
  return fingerprints[id] === print;
}

/** Entity id of a type: its `my_` variant validates with the type's own validator. */
export const validatorId = (module: string, type: string) => `${module}/${type.replace(/^my_/, '')}`;

/** Starts (once) loading the compiled validator of `id` (`payroll/employee`); undefined when there is none. */
export function preloadValidator(id: string): Promise<CompiledFn | undefined> {
  let p = loading.get(id);
  if (!p) {
    const load = loaders[id];
    p = load
      ? load().then(
          (m) => m.default as CompiledFn,
          (e) => {
            console.warn(`validators: ${id} not available`, e);
            return undefined;
          },
        )
      : Promise.resolve(undefined);
    void p.then((fn) => settled.set(id, fn));
    loading.set(id, p);
  }
  return p;
}

const warned = new Set<string>();
function stale(id: string): undefined {
  if (id in fingerprints && !warned.has(id)) {
    warned.add(id);
    console.warn(`validators: ${id} changed since the web app was built; the server checks it`);
  }
  return undefined;
}

/** The compiled validator of `id` if it was compiled from exactly this schema. */
export async function loadValidator(id: string, schema: JsonObject): Promise<CompiledFn | undefined> {
  return matchesBuild(id, schema) ? preloadValidator(id) : stale(id);
}

/**
 * Without waiting: `{fn}` when the answer of loadValidator is known already (`fn` undefined when
 * there is no validator for this schema), else undefined.
 */
export function knownValidator(id: string, schema: JsonObject): { fn: CompiledFn | undefined } | undefined {
  // Not loaded yet: unknown, without fingerprinting the schema during the form's first render.
  if (id in fingerprints && !settled.has(id)) return undefined;
  if (!matchesBuild(id, schema)) return { fn: stale(id) };
  return { fn: settled.get(id) };
}
