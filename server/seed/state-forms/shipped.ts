/**
 * Which stored state form definitions are the product's own, so that a definition the product
 * ships anew reaches deployments that loaded an earlier one (a check added to a state's validator,
 * a corrected layout), while a definition product staff changed or added as data is theirs and is
 * never overwritten.
 *
 * A definition is known by the digest of its own parts (the canonical JSON of the fields a shipped
 * file gives: state, form name, printable type, instructions, attestation, fields, links, transforms and layout).
 * ../state-forms-shipped.json lists, per state, the digest of every definition the product has
 * shipped (`npm run gen:state-form-digests` adds the current files'; a test fails while one is
 * missing). A stored definition whose digest is among them, and is not the current one, is
 * replaced by the current one at start.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { canonicalJson } from '../../../engine/unique-items.ts';
import { PROJECT_ROOT } from '../../../project/root.ts';

/** The parts of a definition that make it what it is (not who stored it when). */
export const DEFINITION_PARTS = [
  'state',
  'form_name',
  'printable_type',
  'instructions',
  'attestation',
  'fields',
  'links',
  'transforms',
  'printable_layout',
] as const;

export const SHIPPED_DIGESTS_FILE = path.join(PROJECT_ROOT, 'server', 'seed', 'state-forms-shipped.json');

/** `sha256:<hex>` of a definition's own parts. */
export function definitionDigest(definition: Readonly<Record<string, unknown>>): string {
  const parts: Record<string, unknown> = {};
  for (const k of DEFINITION_PARTS) if (definition[k] !== undefined) parts[k] = definition[k];
  return `sha256:${createHash('sha256').update(canonicalJson(parts)).digest('hex')}`;
}

/** Per state, the digests of every definition of it the product has shipped. */
export function shippedDigests(file: string = SHIPPED_DIGESTS_FILE): Readonly<Record<string, readonly string[]>> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
}
