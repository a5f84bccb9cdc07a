/**
 * Per-entity field facts read once from the schema: sensitive fields, server-owned, admin-only,
 * immutable, unique and read-only top-level fields, and the searchable field paths.
 */
import type { Entity, JsonSchema } from '../../engine/entity.ts';
import { keyedArrays, type KeyedArray } from '../../engine/item-keys.ts';
import { sensitiveFields, type SensitiveField } from '../../engine/masking.ts';
import { walkFields } from '../../engine/schema-walk.ts';
import type { SearchedField } from '../../engine/criterion-types.ts';
import type { Catalogue } from '../schemas.ts';
import { notAttested, othersOnlyFields, ownerOnlyFields } from '../../engine/attestations.ts';
import { attestationsOf, type Attestation } from './signatures.ts';
import { fileFields, type FileField } from '../../engine/files.ts';
import { uniqueFields, type UniqueField } from './unique.ts';
import { refFields, type RefField } from './references.ts';

/** What an attested field of the owner's answers to anyone else who changes it. */
export const OWNER_ONLY = 'Only the employee may change this part of their own form.';

export interface FieldFacts {
  sensitive: SensitiveField[];
  serverOwned: Map<string, JsonSchema>;
  editRules: Map<string, string[]>;
  /** x-messages.edit of an x-edit field: a change by someone else is refused with it, not ignored. */
  editRefusals: Map<string, string>;
  /** Top-level fields only some callers may see (x-read). */
  readRules: Map<string, string[]>;
  immutable: Map<string, JsonSchema>;
  /**
   * Dotted paths a find may name: fields of objects, a list itself (searched with `contains`), never a
   * field of a list's items (docs/criteria.md: a step never reaches into a list); sensitive ones excluded.
   */
  searchable: Set<string>;
  /** Each field of a list's items (dotted, as a find would name it), with the list holding it: refused in find. */
  inList: Map<string, string>;
  /** The schema of each searchable path (and of its items, for a list): what a criterion's value may be. */
  searched: Map<string, SearchedField>;
  /** Dotted paths of sensitive fields, refused in find. */
  unsearchable: Set<string>;
  topLevel: Set<string>;
  /** Top-level defaults, read through $ref (ajv's useDefaults does not look through references). */
  defaults: Map<string, unknown>;
  /** Top-level electronic signatures (x-signature). */
  signatures: string[];
  /** Electronic signatures in the items of a top-level keyed array (an I-9 supplement block's). */
  itemSignatures: { array: string; key: string; field: string }[];
  /** Arrays whose items keep a key across saves (x-item-key). */
  keyedArrays: KeyedArray[];
  /** Signatures that bind the fields they attest (x-attests). */
  attestations: Attestation[];
  /** Fields no attestation covers ("*" leaves them out). */
  notAttested: Set<string>;
  /** Fields only others change (x-edit without @owner): left out of "*", once covered by it. */
  othersOnly: Set<string>;
  /** Top-level file fields (x-file): written by the upload call only, so server-owned to the data API. */
  files: FileField[];
  /** Top-level fields unique in the organization (x-unique). */
  unique: UniqueField[];
  /** Top-level keys of other records of the organization (x-ref). */
  refs: RefField[];
}

const cache = new WeakMap<Entity, FieldFacts>();

export function fieldFacts(catalogue: Catalogue, entity: Entity): FieldFacts {
  let f = cache.get(entity);
  if (f) return f;
  const bundled = catalogue.bundled(entity);
  const all = walkFields(bundled);
  f = {
    sensitive: sensitiveFields(bundled),
    serverOwned: new Map(),
    editRules: new Map(),
    editRefusals: new Map(),
    readRules: new Map(),
    immutable: new Map(),
    searchable: new Set(),
    inList: new Map(),
    searched: new Map(),
    unsearchable: new Set(),
    topLevel: new Set(Object.keys((bundled.properties as object) ?? {})),
    defaults: new Map(),
    signatures: [],
    itemSignatures: [],
    keyedArrays: keyedArrays(bundled),
    attestations: [],
    notAttested: new Set(),
    othersOnly: new Set(),
    files: fileFields(bundled),
    unique: uniqueFields((bundled.properties ?? {}) as Record<string, JsonSchema>),
    refs: refFields((bundled.properties ?? {}) as Record<string, JsonSchema>),
  };
  for (const { field } of f.files) f.serverOwned.set(field, (bundled.properties as Record<string, JsonSchema>)[field]);
  for (const { path, schema } of all) {
    const dotted = path.filter((p) => p !== '*').join('.');
    // Inside a list's items (a '*' before the last step): no value there is ever reached by a find.
    const list = path.indexOf('*');
    if (schema['x-sensitive']) f.unsearchable.add(dotted);
    else if (list >= 0 && list < path.length - 1) f.inList.set(dotted, path.slice(0, list).join('.'));
    else f.searchable.add(dotted);
    // A list and its items share a dotted path (find names no positions): the items are the list's.
    const searched = f.searched.get(dotted);
    if (path[path.length - 1] === '*') {
      if (searched && !searched.items) searched.items = schema;
    } else if (!searched) {
      f.searched.set(dotted, { schema });
    }
    const keyed = f.keyedArrays.find((k) => k.path.length === 1 && k.path[0] === path[0]);
    if (keyed && path.length === 3 && path[1] === '*' && schema['x-signature'] === true) {
      f.itemSignatures.push({ array: path[0], key: keyed.key, field: path[2] });
    }
    if (path.length !== 1) continue;
    if (schema.default !== undefined) f.defaults.set(path[0], schema.default);
    if (schema['x-signature'] === true) f.signatures.push(path[0]);
    if (schema['x-server-owned'] === true || schema.readOnly === true) f.serverOwned.set(path[0], schema);
    if (Array.isArray(schema['x-edit'])) f.editRules.set(path[0], schema['x-edit'] as string[]);
    const refusal = (schema['x-messages'] as Record<string, string> | undefined)?.edit;
    if (Array.isArray(schema['x-edit']) && refusal) f.editRefusals.set(path[0], refusal);
    if (Array.isArray(schema['x-read'])) f.readRules.set(path[0], schema['x-read'] as string[]);
    if (schema['x-immutable'] === true) f.immutable.set(path[0], schema);
  }
  // A sensitive field's ancestors hold it: searching them would search it.
  for (const u of f.unsearchable) {
    const parts = u.split('.');
    for (let i = 1; i < parts.length; i++) f.searchable.delete(parts.slice(0, i).join('.'));
  }
  // A form the owner signs (signer @owner) is theirs: its attested fields and the signature itself
  // are changed by the owner only, unless the schema gives a field its own rule.
  f.attestations = attestationsOf(entity, bundled);
  const props = (bundled.properties ?? {}) as Record<string, JsonSchema>;
  const derefed = new Map(all.filter((x) => x.path.length === 1).map((x) => [props[x.path[0]], x.schema]));
  const resolve = (p: JsonSchema) => derefed.get(p) ?? p;
  f.notAttested = notAttested(props, resolve);
  f.othersOnly = othersOnlyFields(props, resolve);
  for (const field of ownerOnlyFields(props, resolve)) {
    f.editRules.set(field, ['@owner']);
    f.editRefusals.set(field, OWNER_ONLY);
  }
  cache.set(entity, f);
  return f;
}
