/**
 * An entity: one schema file, with the names the rest of the engine uses for it.
 */
import type { DformEntitySchemaFile } from '../types/generated/entity-file.ts';

export const MODULES = ['auth', 'payroll', 'hr', 'time', 'comms', 'storage'] as const;
export type ModuleName = (typeof MODULES)[number];

export type EntityFile = DformEntitySchemaFile;
export type Verb = 'list' | 'read' | 'create' | 'edit' | 'delete';
export type JsonSchema = Record<string, unknown>;

export interface Entity {
  module: ModuleName;
  /** The datatype name, as in the route and the file name (`i9`, `basic_info`). */
  type: string;
  /** `<module>/<type>`: the storage collection and the registry key. */
  id: string;
  file: EntityFile;
}

const SCHEMA_ID_PREFIX = 'https://dform.dev/schemas/';

/** Reads `payroll/i9` out of `https://dform.dev/schemas/payroll/i9.json`. */
export function entityIdOf(schemaId: string): { module: ModuleName; type: string } {
  const m = /^https:\/\/dform\.dev\/schemas\/([a-z]+)\/([a-z][a-z0-9_]*)\.json$/.exec(schemaId);
  if (!m || !(MODULES as readonly string[]).includes(m[1])) {
    throw new Error(`registry: '${schemaId}' is not an entity id (${SCHEMA_ID_PREFIX}<module>/<type>.json)`);
  }
  return { module: m[1] as ModuleName, type: m[2] };
}

/** Bookkeeping the server owns on every record, as stored and on the wire; times are epoch seconds. */
export interface RecordMeta {
  created_by: string;
  created_time: number;
  updated_by: string;
  updated_time: number;
  version: number;
}
