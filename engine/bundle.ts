/**
 * Makes an entity's schema self-contained: references into the shared definitions file become local
 * `#/definitions/...` references, and the definitions used are copied in. @rjsf resolves only local
 * references, and the API's meta answer must stand alone.
 */
import type { JsonSchema } from './entity.ts';

const COMMON_REF =
  /^(?:\.\.\/common\/defs\.json|https:\/\/dform\.dev\/schemas\/common\/defs\.json)#\/definitions\/([A-Za-z0-9_]+)$/;

/** The name of the shared definition a `$ref` points at, or undefined for any other reference. */
export function sharedDefinitionName(ref: string): string | undefined {
  return COMMON_REF.exec(ref)?.[1];
}

export function bundleSchema(schema: JsonSchema, common: JsonSchema | undefined): JsonSchema {
  const commonDefs = (common?.definitions ?? {}) as Record<string, JsonSchema>;
  const used = new Set<string>();
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') {
        const name = sharedDefinitionName(v);
        if (name) {
          if (!commonDefs[name]) throw new Error(`bundle: no shared definition '${name}'`);
          used.add(name);
          out[k] = `#/definitions/${name}`;
          continue;
        }
      }
      out[k] = rewrite(v);
    }
    return out;
  };
  const { $schema: _ignored, ...rest } = schema;
  const bundled = rewrite(rest) as JsonSchema;
  // Shared definitions may refer to each other locally: copy the transitive closure.
  const queue = [...used];
  while (queue.length) {
    const name = queue.pop()!;
    JSON.stringify(commonDefs[name], (k, v) => {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/definitions/')) {
        const dep = v.slice('#/definitions/'.length);
        if (!used.has(dep)) {
          used.add(dep);
          queue.push(dep);
        }
      }
      return v;
    });
  }
  if (used.size) {
    const own = (bundled.definitions ?? {}) as Record<string, unknown>;
    const defs: Record<string, unknown> = { ...own };
    for (const name of [...used].sort()) {
      if (own[name]) throw new Error(`bundle: definition '${name}' is both shared and local`);
      defs[name] = commonDefs[name];
    }
    bundled.definitions = defs;
  }
  return bundled;
}
