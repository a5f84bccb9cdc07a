/**
 * The registry: every entity by module and datatype, and the `my_` variants.
 * Pure: it is handed the parsed schema files; loading them from disk or a bundle is the caller's job.
 */
import { namesToken, PRODUCT_STAFF } from './access.ts';
import { entityIdOf, type Entity, type EntityFile, type ModuleName, MODULES } from './entity.ts';

export interface Resolved {
  entity: Entity;
  /** Addressed as `my_<type>`: the caller's own record only. */
  my: boolean;
}

export class Registry {
  private readonly byId = new Map<string, Entity>();

  constructor(
    files: EntityFile[],
    /** Shared definitions referred to by the entity files (schemas/common). */
    readonly commonSchemas: Record<string, unknown>[] = [],
  ) {
    for (const file of files) {
      const { module, type } = entityIdOf(file.$id);
      if (type.startsWith('my_')) throw new Error(`registry: ${module}/${type}: 'my_' names are variants, not files`);
      const id = `${module}/${type}`;
      if (this.byId.has(id)) throw new Error(`registry: two schema files for ${id}`);
      if (file['x-shared'] === 'root') assertStaffWritten(id, file);
      assertCreatorKept(id, file);
      this.byId.set(id, { module, type, id, file });
    }
  }

  get(module: string, type: string): Entity | undefined {
    return this.byId.get(`${module}/${type}`);
  }

  /** Finds `type` or its `my_` variant in a module; undefined when the module does not hold it. */
  resolve(module: string, type: string): Resolved | undefined {
    const direct = this.get(module, type);
    if (direct) return { entity: direct, my: false };
    if (type.startsWith('my_')) {
      const base = this.get(module, type.slice(3));
      if (base?.file['x-my']) return { entity: base, my: true };
    }
    return undefined;
  }

  /** Looks a datatype up in any module (the guard checks it belongs to the route's module). */
  moduleOf(type: string): ModuleName | undefined {
    for (const m of MODULES) if (this.resolve(m, type)) return m;
    return undefined;
  }

  all(): Entity[] {
    return [...this.byId.values()];
  }

  typesOf(module: ModuleName): string[] {
    return this.all()
      .filter((e) => e.module === module)
      .flatMap((e) => (e.file['x-my'] ? [e.type, `my_${e.type}`] : [e.type]));
  }

  require(module: string, type: string): Entity {
    const e = this.get(module, type);
    if (!e) throw new Error(`registry: no schema for ${module}/${type}`);
    return e;
  }
}

/**
 * What the root organization shares runs for every company (definitions, transforms, layouts): only
 * product staff may write such a type, so each alternative of its write rules names @product-staff.
 */
function assertStaffWritten(id: string, file: EntityFile): void {
  for (const verb of ['create', 'edit', 'delete'] as const) {
    const rule = file['x-access'][verb];
    if (!rule.every((alt) => alt === '@nobody' || alt.split('+').includes(PRODUCT_STAFF))) {
      throw new Error(
        `registry: ${id} is x-shared: its x-access.${verb} must name @product-staff in every alternative`,
      );
    }
  }
}

/**
 * A type whose rules name @creator lists what a user created by searching the store (the records
 * they own or created: server/data/find.ts), so its records keep their creator in the data too: a
 * server-owned `created_by`, which the server sets on create as it sets the meta's.
 */
function assertCreatorKept(id: string, file: EntityFile): void {
  if (!Object.values(file['x-access'] ?? {}).some((rule) => namesToken(rule, '@creator'))) return;
  const kept = (file.properties?.created_by as { 'x-server-owned'?: unknown } | undefined)?.['x-server-owned'] === true;
  if (!kept) {
    throw new Error(`registry: ${id}'s rules name @creator: it needs a created_by property marked x-server-owned`);
  }
  // Found by a search too, the owner is a field of the data, not the record's key.
  if (file['x-key'] === 'user' && !file['x-owner']) {
    throw new Error(`registry: ${id}'s rules name @creator: its owner must be a data field (x-owner)`);
  }
}
