/**
 * A signature shows, above it, what signing attests: the official form's certification, kept as the
 * signature field's description (forms/signature/SignatureField.tsx). The printable form prints the
 * same words; this keeps the two copies equal, so a new edition's wording changes both or fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'vitest';
import assert from 'node:assert/strict';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const json = (p: string) => JSON.parse(readFileSync(path.join(ROOT, p), 'utf8'));

/** Every static text of a printable layout, in order. */
function texts(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) texts(n, out);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    if (o.type === 'text' && typeof o.text === 'string') out.push(o.text);
    for (const v of Object.values(o)) texts(v, out);
  }
  return out;
}

const CASES: [schema: string, pointer: string[], layout: string][] = [
  ['schemas/payroll/i9.json', ['employee_signature'], 'printable/layouts/i9.json'],
  ['schemas/payroll/i9.json', ['employer_signature'], 'printable/layouts/i9.json'],
  ['schemas/payroll/i9.json', ['supplement_a', 'items', 'signature'], 'printable/layouts/i9.json'],
  ['schemas/payroll/i9.json', ['supplement_b', 'items', 'signature'], 'printable/layouts/i9.json'],
  ['schemas/payroll/w4.json', ['employee_signature'], 'printable/layouts/w4.json'],
  ['schemas/payroll/w9.json', ['signature'], 'printable/layouts/w9.json'],
];

for (const [schema, at, layout] of CASES) {
  test(`${schema} ${at.join('.')}: the attestation shown is the one ${layout} prints`, () => {
    let prop = json(schema).properties;
    for (const [i, key] of at.entries()) prop = i === 0 || key === 'items' ? prop[key] : prop.properties[key];
    const shown = prop.description as string;
    assert.match(shown, /perjury/, 'a certification under penalty of perjury');
    const printed = texts(json(layout)).join(' ');
    assert.ok(printed.includes(shown), `printed as shown: ${shown}`);
  });
}

const SEEDS = path.join(ROOT, 'server/seed/state-forms');
for (const file of readdirSync(SEEDS).filter((f) => f.endsWith('.json'))) {
  test(`state form ${file}: the attestation shown above the signature is the one its layout prints`, () => {
    const definition = json(`server/seed/state-forms/${file}`);
    const shown = definition.attestation as string;
    assert.ok(typeof shown === 'string' && shown.length > 20, 'an attestation');
    const printed = texts(json(`printable/layouts/${definition.printable_type}.json`));
    assert.ok(printed.includes(shown), `printed as shown: ${shown}`);
  });
}

test('the signature kept by every form shows no developer note: its description is each form’s attestation', () => {
  assert.equal(json('schemas/common/defs.json').definitions.signature.description, undefined);
});
